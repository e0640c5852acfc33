// A found payment as the dashboard shows and exports it: the API's description in its wire form
// (amounts as decimal strings in the token's decimals, the time in ISO 8601) plus the payer and the payee, which the published answer of
// GET /v2/payments does not carry. Pure: no I/O.
import type { FoundPayment } from "../payments";
import { describeFoundPayment, type FoundPaymentJson, foundPaymentSchema } from "../payments";
import { wireForm } from "../zod/wire-form";

export type PaymentRow = FoundPaymentJson & { payer: string | null; payee: string | null };

export function toPaymentRow(p: FoundPayment): PaymentRow {
  return { ...wireForm(foundPaymentSchema, describeFoundPayment(p)), payer: p.payerAddress, payee: p.payee };
}
