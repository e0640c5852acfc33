// The state of a secure payment, derived on read from its requests (payment detection keeps
// their `status` and `amountPaid`) and the clock: nothing has to run at expiry or payment for
// the state to be right. Pure: no I/O.
import { ApiError, conflict, forbidden, notFound } from "../http/errors";
import type { StoredRequest } from "../requests";
import { hasBeenPaid } from "../requests";
import type { StoredSecurePayment } from "./secure-payment-store";

export type SecurePaymentStatus = "pending" | "completed" | "expired" | "invalidated" | "partially_settled";

export const NOT_FOUND = "Secure payment not found";

export function deriveStatus(
  sp: Pick<StoredSecurePayment, "storedStatus" | "expiresAt">,
  requests: readonly StoredRequest[],
  now = new Date(),
): SecurePaymentStatus {
  if (sp.storedStatus === "cancelled" || requests.some((r) => r.status === "cancelled")) return "invalidated";
  const paid = requests.filter(hasBeenPaid).length;
  if (requests.length > 0 && paid === requests.length) return "completed";
  if (sp.expiresAt.getTime() <= now.getTime()) return "expired";
  if (paid > 0) return "partially_settled";
  return "pending";
}

/**
 * Refuses a link that cannot be paid: 409 once completed, 403 when expired or invalidated
 * (openapi: "Secure payment token expired or invalid status"). A partly settled multicall
 * stays payable for its remaining children.
 */
export function assertPayable(status: SecurePaymentStatus): void {
  if (status === "completed")
    throw conflict("secure_payment_completed", "This secure payment has already been completed");
  if (status === "expired") throw forbidden("secure_payment_expired", "This secure payment link has expired");
  if (status === "invalidated")
    throw forbidden("secure_payment_cancelled", "This secure payment can no longer be paid: it was cancelled");
}

export const unknownToken = (): ApiError => notFound("secure_payment_not_found", NOT_FOUND);
