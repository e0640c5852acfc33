// A found payment as the dashboard shows and exports it: the API's description (amounts as
// decimal strings in the token's decimals) plus the payer, which the published answer of
// GET /v2/payments does not carry. Pure: no I/O.
import type { FoundPayment } from "../payments";
import { describeFoundPayment, type FoundPaymentJson } from "../payments";

export type PaymentRow = FoundPaymentJson & { payer: string | null };

export function toPaymentRow(p: FoundPayment): PaymentRow {
  return { ...describeFoundPayment(p), payer: p.payerAddress };
}
