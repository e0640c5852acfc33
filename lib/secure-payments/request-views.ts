// Requests of a secure payment as this domain reads them, through the requests domain.
import { asStored, findRequests, type NewStoredRequest, type StoredRequest } from "../requests";
import type { StoredSecurePayment } from "./secure-payment-store";

export function asStoredAll(requests: readonly NewStoredRequest[], now: Date): StoredRequest[] {
  return requests.map((r) => asStored(r, now));
}

/** The payment's requests in its own order. */
export async function requestsOf(sp: Pick<StoredSecurePayment, "platformId" | "requestIds">): Promise<StoredRequest[]> {
  const byId = new Map((await findRequests(sp.platformId, sp.requestIds)).map((r) => [r.requestId, r]));
  return sp.requestIds.map((id) => byId.get(id)).filter((r): r is StoredRequest => r !== undefined);
}

/** The requests of several secure payments (a multicall's children) in one query, each in its own order. */
export async function requestsOfAll(
  sps: readonly Pick<StoredSecurePayment, "platformId" | "requestIds">[],
): Promise<StoredRequest[][]> {
  if (sps.length === 0) return [];
  const byId = new Map(
    (
      await findRequests(
        sps[0].platformId,
        sps.flatMap((sp) => sp.requestIds),
      )
    ).map((r) => [r.requestId, r]),
  );
  return sps.map((sp) => sp.requestIds.map((id) => byId.get(id)).filter((r): r is StoredRequest => r !== undefined));
}
