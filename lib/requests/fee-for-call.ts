// The fee a request-creating call applies, given the caller's client ID settings.
import { getClientIdFee } from "../client-ids";
import { type Fee, storedFee } from "./fee";
import type { RequestOwner } from "./request-owner";

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
