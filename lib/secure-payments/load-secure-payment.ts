// Loading a secure payment with its requests and derived status, for reads and for paying.
// The hosted page passes the token alone (the token is its credential); API callers pass
// their platform, and another platform's token answers 404 like an unknown one.
import type { StoredRequest } from "../requests";
import { deriveStatus, type SecurePaymentStatus, unknownToken } from "./payment-state";
import { requestsOf } from "./request-views";
import { findSecurePaymentByToken, type StoredSecurePayment } from "./secure-payment-store";

export interface LoadedSecurePayment {
  sp: StoredSecurePayment;
  requests: StoredRequest[];
  status: SecurePaymentStatus;
}

export async function loadSecurePayment(
  token: string,
  scope: { platformId?: string } = {},
  now = new Date(),
): Promise<LoadedSecurePayment> {
  const sp = await findSecurePaymentByToken(token);
  if (!sp || (scope.platformId !== undefined && sp.platformId !== scope.platformId)) throw unknownToken();
  const requests = await requestsOf(sp);
  return { sp, requests, status: deriveStatus(sp, requests, now) };
}
