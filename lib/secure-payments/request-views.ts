// Requests of a secure payment as this domain reads them, through the requests domain.
import { asStored, findRequests, type NewStoredRequest, type StoredRequest } from "../requests/request-store";
import type { StoredSecurePayment } from "./secure-payment-store";

export function asStoredAll(requests: readonly NewStoredRequest[], now: Date): StoredRequest[] {
  return requests.map((r) => asStored(r, now));
}

/** The payment's requests in its own order. */
export async function requestsOf(sp: Pick<StoredSecurePayment, "platformId" | "requestIds">): Promise<StoredRequest[]> {
  const byId = new Map((await findRequests(sp.platformId, sp.requestIds)).map((r) => [r.requestId, r]));
  return sp.requestIds.map((id) => byId.get(id)).filter((r): r is StoredRequest => r !== undefined);
}
