// The public status of a request, derived from its stored row and the payments recorded for
// it. Payment detection updates `status`/`amountPaid` and inserts payments; everything an
// integrator reads about settlement is derived here, in one place. Pure: no I/O.
import { formatUnits } from "viem";
import { getCurrency } from "../chains/currencies";
import { openDeposit } from "./deposit-address";
import type { StoredPayment, StoredRefund } from "./payment-ledger";
import type { StoredRequest } from "./request-store";
import type { RequestListAnswer, RequestStatusAnswer } from "./schemas";

function decimalsOf(currencyId: string | null | undefined, fallback: number): number {
  return (currencyId ? getCurrency(currencyId)?.decimals : undefined) ?? fallback;
}

export function hasBeenPaid(request: Pick<StoredRequest, "status" | "amountPaid" | "expectedAmount">): boolean {
  return request.status === "paid" || request.amountPaid >= request.expectedAmount;
}

export function describeRequest(
  request: StoredRequest,
  payments: readonly StoredPayment[],
  offRamp: RequestStatusAnswer["offRamp"] = null,
  refunds: readonly StoredRefund[] = [],
): RequestStatusAnswer {
  const invoice = getCurrency(request.invoiceCurrency);
  const invoiceDecimals = invoice?.decimals ?? 0;
  const paymentDecimals = decimalsOf(request.paymentCurrency, invoiceDecimals);
  const paid = hasBeenPaid(request);
  const amount = formatUnits(request.expectedAmount, invoiceDecimals);
  const latest = payments.at(-1);
  const singleRate = paid && payments.length === 1 ? payments[0].conversionRate : null;
  return {
    requestId: request.requestId,
    paymentReference: request.paymentReference,
    hasBeenPaid: paid,
    status: refundStatus(paid ? "paid" : request.status, payments, refunds),
    isListening: !paid && request.status !== "cancelled",
    txHash: latest?.txHash ?? null,
    network: request.network,
    payee: request.payee,
    payer: request.payer,
    amount,
    expectedAmount: request.expectedAmount.toString(),
    amountPaid: formatUnits(request.amountPaid, invoiceDecimals),
    excessAmount: formatUnits(
      request.amountPaid > request.expectedAmount ? request.amountPaid - request.expectedAmount : 0n,
      invoiceDecimals,
    ),
    refundedAmount: formatUnits(
      refunds.reduce((s, r) => s + r.amount, 0n),
      paymentDecimals,
    ),
    invoiceCurrency: request.invoiceCurrency,
    paymentCurrency: request.paymentCurrency,
    ...(request.recurrence ? { recurrence: request.recurrence } : {}),
    isRecurrenceStopped: request.isRecurrenceStopped,
    ...(request.originalRequestId ? { originalRequestId: request.originalRequestId } : {}),
    ...(request.originalRequestPaymentReference
      ? { originalRequestPaymentReference: request.originalRequestPaymentReference }
      : {}),
    isCryptoToFiatAvailable: request.isCryptoToFiatAvailable,
    customerInfo: request.customerInfo,
    reference: request.reference,
    // Only a USD invoice has a USD amount without a rate; rates come with recorded payments.
    amountInUsd: request.invoiceCurrency === "USD" ? amount : null,
    // As the published interface has it (docs/interface.md): the rate of a request paid in one payment; a breakdown otherwise.
    conversionRate: singleRate,
    ...(singleRate ? { rateSource: "chainlink" as const } : {}),
    conversionBreakdown: breakdown(request, payments, invoiceDecimals),
    payments: payments.map((p) => {
      const decimals = decimalsOf(p.currency, paymentDecimals);
      return {
        txHash: p.txHash,
        network: p.network,
        amount: formatUnits(p.amount, decimals),
        feeAmount: formatUnits(p.feeAmount, decimals),
        feeAddress: p.feeAddress,
        payerAddress: p.payerAddress,
        currency: p.currency,
        blockNumber: Number(p.blockNumber),
        timestamp: p.blockTime,
        type: p.type,
        conversionRate: p.conversionRate,
      };
    }),
    fees: payments
      .filter((p) => p.feeAmount > 0n)
      .map((p) => ({
        type: "platform",
        provider: p.network,
        amount: formatUnits(p.feeAmount, decimalsOf(p.currency, paymentDecimals)),
        currency: getCurrency(p.currency ?? request.paymentCurrency)?.symbol ?? request.paymentCurrency,
      })),
    offRamp,
    ...depositFields(request),
    createdAt: request.createdAt,
  };
}

/**
 * A paid (or partly paid) request whose payments were refunded: `refunded` once the refunds reach
 * what was paid (token units of the payment currency, as both are recorded), else
 * `partially_refunded`.
 */
function refundStatus(
  status: RequestStatusAnswer["status"],
  payments: readonly StoredPayment[],
  refunds: readonly StoredRefund[],
): RequestStatusAnswer["status"] {
  const refunded = refunds.reduce((s, r) => s + r.amount, 0n);
  if (refunded === 0n) return status;
  const paid = payments.reduce((s, p) => s + p.amount, 0n);
  return refunded >= paid ? "refunded" : "partially_refunded";
}

function depositFields(request: StoredRequest): Pick<RequestStatusAnswer, "depositAddress" | "deposit"> {
  const deposit = openDeposit(request);
  return { depositAddress: deposit?.address ?? null, deposit };
}

/** Partial or several payments: what each settled, and what remains, in the invoice currency. */
function breakdown(
  request: StoredRequest,
  payments: readonly StoredPayment[],
  decimals: number,
): RequestStatusAnswer["conversionBreakdown"] {
  if (payments.length === 0 || (payments.length === 1 && hasBeenPaid(request))) return null;
  const usd = request.invoiceCurrency === "USD";
  const remaining = request.expectedAmount > request.amountPaid ? request.expectedAmount - request.amountPaid : 0n;
  const fmt = (v: bigint) => formatUnits(v, decimals);
  return {
    paidAmount: fmt(request.amountPaid),
    ...(usd ? { paidAmountInUsd: fmt(request.amountPaid) } : {}),
    remainingAmount: fmt(remaining),
    ...(usd ? { remainingAmountInUsd: fmt(remaining) } : {}),
    currentMarketRate: null,
    currentMarketRateSource: null,
    payments: payments.map((p) => ({
      amount: fmt(p.invoiceAmount),
      ...(usd ? { amountInUsd: fmt(p.invoiceAmount) } : {}),
      ...(p.conversionRate ? { conversionRate: p.conversionRate, rateSource: "chainlink" as const } : {}),
      timestamp: p.blockTime,
    })),
  };
}

type RequestSummaryAnswer = RequestListAnswer["requests"][number];

/** A request as GET /v2/request lists it: describeRequest's fields without the payments. */
export function summarizeRequest(request: StoredRequest): RequestSummaryAnswer {
  const decimals = getCurrency(request.invoiceCurrency)?.decimals ?? 0;
  const paid = hasBeenPaid(request);
  return {
    requestId: request.requestId,
    paymentReference: request.paymentReference,
    hasBeenPaid: paid,
    status: paid ? "paid" : request.status,
    network: request.network,
    payee: request.payee,
    payer: request.payer,
    amount: formatUnits(request.expectedAmount, decimals),
    amountPaid: formatUnits(request.amountPaid, decimals),
    invoiceCurrency: request.invoiceCurrency,
    paymentCurrency: request.paymentCurrency,
    reference: request.reference,
    ...(request.recurrence ? { recurrence: request.recurrence } : {}),
    isRecurrenceStopped: request.isRecurrenceStopped,
    ...(request.originalRequestId ? { originalRequestId: request.originalRequestId } : {}),
    ...(request.originalRequestPaymentReference
      ? { originalRequestPaymentReference: request.originalRequestPaymentReference }
      : {}),
    createdAt: request.createdAt,
  };
}
