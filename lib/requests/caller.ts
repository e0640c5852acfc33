// Who owns what a request operation reads or creates: the platform behind the API key or the
// client ID, and the client ID itself (recorded on new requests; its fee settings apply).

import { getClientIdFee } from "../client-ids";
import type { Caller } from "../http/caller";
import { unauthorized } from "../http/errors";
import { type Fee, storedFee } from "./fee";

export interface RequestOwner {
  platformId: string;
  clientIdId: string | null;
  /** The browser Origin of a client-ID caller (checked against its allowedDomains); stored on new requests. */
  origin: string | null;
}

export function requestOwner(caller: Caller): RequestOwner {
  if (caller.kind === "apiKey") return { platformId: caller.platformId, clientIdId: null, origin: null };
  if (caller.kind === "clientId")
    return { platformId: caller.platformId, clientIdId: caller.clientIdId, origin: caller.origin };
  throw unauthorized();
}

/**
 * The fee a call applies: a client ID's own fee (above 0) overrides the one given in the
 * call, as the client ID settings promise; `given` undefined means "none given".
 */
export async function feeForCall(
  owner: Pick<RequestOwner, "clientIdId">,
  given: Fee | null | undefined,
): Promise<Fee | null | undefined> {
  if (!owner.clientIdId) return given;
  const own = await getClientIdFee(owner.clientIdId);
  return storedFee(own?.feePercentage ?? null, own?.feeAddress ?? null) ?? given;
}
