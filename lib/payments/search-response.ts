// The answer of GET /v2/payments, shaped exactly as the published interface has it (docs/interface.md), and the
// mapping from found rows to it. Pure: no I/O.
import { formatUnits } from "viem";
import { z } from "zod";
import { getCurrency } from "../chains/currencies";
import { hasBeenPaid } from "../requests";
import { customerInfoSchema } from "../requests/schemas";
import type { FoundPayment, PaymentSearchResult } from "./search-payments";
import {
  encodeCursor,
  PAYMENT_TYPES,
  type PaymentFilter,
  type PaymentPage,
  type PublicPaymentType,
  searchFingerprint,
} from "./search-query";

const fee = z.object({
  type: z.enum(["gas", "platform", "crosschain", "crypto-to-fiat", "offramp"]).describe("Type of fee"),
  stage: z.enum(["sending", "receiving", "proxying", "refunding"]).describe("Stage when the fee is applied"),
  provider: z.string().describe("Provider that charged the fee"),
  amount: z.string().describe("Fee amount in human-readable format (formatted with token decimals)"),
  currency: z.string().describe("Fee currency"),
  receiverAddress: z.string().optional().describe("Address that received the fee"),
  network: z.string().describe("Network where the fee was paid"),
});

export const foundPaymentSchema = z
  .object({
    id: z.string().describe("Unique identifier of the payment"),
    amount: z.string().describe("Payment amount as a human-readable decimal string (formatUnits)"),
    sourceNetwork: z.string().describe("Network where the payment originated"),
    destinationNetwork: z.string().describe("Network where the payment was received"),
    sourceTxHash: z.string().nullable().describe("Transaction hash on the source network"),
    destinationTxHash: z
      .string()
      .nullable()
      .describe("Transaction hash on the destination network (null for same-chain payments)"),
    timestamp: z.string().describe("Block time of the payment, ISO 8601 UTC"),
    type: z.enum(PAYMENT_TYPES).describe("Type of payment"),
    conversionRateSource: z.string().nullable().describe("Conversion rate used for source currency"),
    conversionRateDestination: z.string().nullable().describe("Conversion rate used for destination currency"),
    convertedAmountSource: z.string().nullable().describe("Converted amount in source currency"),
    convertedAmountDestination: z.string().nullable().describe("Converted amount in destination currency"),
    currency: z.string().describe("Invoice currency symbol"),
    paymentCurrency: z.string().describe("Payment currency symbol"),
    fees: z.array(fee).nullable().describe("Fees paid with the payment"),
    recurringPaymentId: z.string().nullable().describe("ID of the recurring payment this payment belongs to"),
    rateProvider: z
      .enum(["lifi", "chainlink", "coingecko", "unknown"])
      .nullable()
      .describe("Provider used for exchange rate data"),
    request: z
      .object({
        requestId: z.string(),
        paymentReference: z.string(),
        hasBeenPaid: z.boolean().describe("Whether the request has been fully paid"),
        customerInfo: customerInfoSchema.nullable(),
        reference: z.string().nullable().describe("Merchant reference"),
      })
      .describe("Associated request information"),
  })
  .meta({ id: "FoundPayment" });

export const paymentSearchResponse = z
  .object({
    payments: z.array(foundPaymentSchema),
    pagination: z.object({
      total: z.number().describe("Total number of payments matching the search criteria"),
      limit: z.number(),
      offset: z.number(),
      hasMore: z.boolean().describe("Whether there are more results beyond this page"),
      nextCursor: z
        .string()
        .nullable()
        .describe(
          "Pass as `cursor` (same filters, no offset) for the page after this one, at any depth; null on the last page. An addition of this service: offset paging works as before",
        ),
    }),
  })
  .meta({ id: "PaymentSearchResult" });

export type FoundPaymentJson = z.infer<typeof foundPaymentSchema>;
export type PaymentSearchResponse = z.infer<typeof paymentSearchResponse>;

const symbolOf = (currencyId: string) => getCurrency(currencyId)?.symbol ?? currencyId;

/** Stored `batch` is a direct payment made through the batch contract (the published enum has no batch). */
export function publicType(stored: string): PublicPaymentType {
  return (PAYMENT_TYPES as readonly string[]).includes(stored) ? (stored as PublicPaymentType) : "direct";
}

export function describeFoundPayment(p: FoundPayment): FoundPaymentJson {
  const paidIn = p.currency ?? p.request.paymentCurrency;
  const decimals = getCurrency(paidIn)?.decimals ?? 18;
  const type = publicType(p.type);
  return {
    id: p.id,
    amount: formatUnits(p.amount, decimals),
    sourceNetwork: p.network,
    destinationNetwork: p.network,
    sourceTxHash: p.txHash,
    destinationTxHash: null,
    timestamp: p.blockTime.toISOString(),
    type,
    conversionRateSource: p.conversionRate,
    conversionRateDestination: null,
    convertedAmountSource: null,
    convertedAmountDestination: null,
    currency: symbolOf(p.request.invoiceCurrency),
    paymentCurrency: symbolOf(paidIn),
    fees:
      p.feeAmount > 0n
        ? [
            {
              type: "platform",
              stage: "sending",
              provider: "stablelink",
              amount: formatUnits(p.feeAmount, decimals),
              currency: symbolOf(paidIn),
              ...(p.feeAddress ? { receiverAddress: p.feeAddress } : {}),
              network: p.network,
            },
          ]
        : [],
    recurringPaymentId: null,
    rateProvider: type === "conversion" ? "chainlink" : null,
    request: {
      requestId: p.request.requestId,
      paymentReference: p.request.paymentReference,
      hasBeenPaid: hasBeenPaid(p.request),
      customerInfo: (p.request.customerInfo as FoundPaymentJson["request"]["customerInfo"]) ?? null,
      reference: p.request.reference,
    },
  };
}

export function describeSearchResult(
  result: PaymentSearchResult,
  filter: PaymentFilter,
  page: PaymentPage,
): PaymentSearchResponse {
  const nextCursor = result.next
    ? encodeCursor({ ...result.next, total: result.total, search: searchFingerprint(filter) })
    : null;
  return {
    payments: result.payments.map(describeFoundPayment),
    pagination: {
      total: result.total,
      limit: page.limit,
      offset: page.after ? 0 : page.offset,
      hasMore: result.next !== null,
      nextCursor,
    },
  };
}
