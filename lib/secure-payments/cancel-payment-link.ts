// Cancelling an open payment link: the merchant withdraws it before anyone pays. Only a link
// nobody has paid any part of can be cancelled; its page then says it can no longer be paid. A
// payer's reported transaction does not hold it: the merchant decides, and a payment that lands
// afterwards is still detected and reported (docs/decisions/cancel-payment-link.md).
import { conflict } from "../http/errors";
import { loadSecurePayment } from "./load-secure-payment";
import { assertPayable } from "./payment-state";
import { cancelPendingLink } from "./secure-payment-store";

export async function cancelPaymentLink(
  platformId: string,
  token: string,
): Promise<{ token: string; status: "cancelled" }> {
  const loaded = await loadSecurePayment(token, { platformId });
  assertPayable(loaded.status);
  if (loaded.status === "partially_settled")
    throw conflict(
      "secure_payment_partially_settled",
      "Part of this secure payment is paid: it can no longer be cancelled",
    );
  if (!(await cancelPendingLink(platformId, loaded.sp.token)))
    throw conflict("secure_payment_completed", "This secure payment changed meanwhile (paid or cancelled)");
  return { token: loaded.sp.token, status: "cancelled" };
}
