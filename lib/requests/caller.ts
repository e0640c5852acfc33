// Who owns what a request endpoint reads or creates: the platform behind the API key or the
// client ID, and the client ID itself (recorded on new requests; its fee settings apply).
import type { Caller } from "../api/credentials";
import { unauthorized } from "../api/errors";
import { getClientIdFee } from "../client-ids/client-id-fee";
import { storedFee, type Fee } from "./fee";

export interface RequestOwner {
  platformId: string;
  clientIdId: string | null;
}

export function requestOwner(caller: Caller): RequestOwner {
  if (caller.kind === "apiKey") return { platformId: caller.platformId, clientIdId: null };
  if (caller.kind === "clientId") return { platformId: caller.platformId, clientIdId: caller.clientIdId };
  throw unauthorized();
}

/**
 * The fee a call applies: a client ID's own fee (above 0) overrides the one given in the
 * call, as the client ID settings promise; `given` undefined means "none given".
 */
export async function feeForCall(owner: RequestOwner, given: Fee | null | undefined): Promise<Fee | null | undefined> {
  if (!owner.clientIdId) return given;
  const own = await getClientIdFee(owner.clientIdId);
  return storedFee(own?.feePercentage ?? null, own?.feeAddress ?? null) ?? given;
}
