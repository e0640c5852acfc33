// What a request's payments paid and its refunds returned, in token units of its payment
// currency: the limit of a new refund (refund-operations.ts) and GET …/refunds, which the
// dashboard's request page shows too.
import { formatUnits } from "viem";
import { getCurrency } from "../chains/currencies";
import type { StoredRequest } from "../requests";
import { refundsOfRequest } from "./record-refunds";
import { paymentsOfRequest } from "./request-payments";
import type { RefundListAnswer } from "./schemas";

/** What was paid and refunded, in token units of the request's payment currency, and the payers. */
export async function refundLedger(request: StoredRequest) {
  const currency = getCurrency(request.paymentCurrency);
  if (!currency) throw new Error(`request ${request.requestId} names a currency that is no longer listed`);
  const [payments, refunds] = await Promise.all([
    paymentsOfRequest(request.requestId),
    refundsOfRequest(request.requestId),
  ]);
  const paid = payments.reduce((s, p) => s + p.amount, 0n);
  const refunded = refunds.reduce((s, r) => s + r.amount, 0n);
  const payers = [...new Set(payments.map((p) => p.payerAddress).filter((a): a is string => a !== null))];
  return { currency, payments, refunds, paid, refunded, refundable: paid > refunded ? paid - refunded : 0n, payers };
}

/** GET /v2/request/{requestId}/refunds of a request the caller may read. */
export async function describeRefunds(request: StoredRequest): Promise<RefundListAnswer> {
  const { currency, refunds, paid, refunded, refundable } = await refundLedger(request);
  const fmt = (v: bigint) => formatUnits(v, currency.decimals);
  return {
    refunds: refunds.map((r) => ({
      txHash: r.txHash,
      network: r.network,
      amount: formatUnits(r.amount, getCurrency(r.currency)?.decimals ?? currency.decimals),
      currency: r.currency,
      refundAddress: r.refundAddress,
      senderAddress: r.senderAddress,
      blockNumber: Number(r.blockNumber),
      timestamp: r.blockTime,
    })),
    paidAmount: fmt(paid),
    refundedAmount: fmt(refunded),
    refundableAmount: fmt(refundable),
    currency: currency.id,
  };
}
