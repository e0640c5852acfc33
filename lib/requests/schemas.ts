// Request and response shapes of /v2/request (`/docs`, tag "Request"). Shapes only:
// what depends on the currencies (decimals, address family) is checked in create-request.ts.
import { z } from "zod";
import { paginationSchema } from "../zod/query";
import { text } from "../zod/text";
import { timestamp } from "../zod/timestamp";

export const RECURRENCE_FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;

/** Addresses are strings here; their family (EVM or Tron) depends on the payment currency. */
export const addressText = (what: string) =>
  z.string().trim().min(1, "must not be empty").max(100, "is not an address").describe(what);

export const amountText = z
  .string({ error: 'must be a decimal string such as "12.5"' })
  .max(100, "is too long")
  .describe('Decimal string in the invoice currency, e.g. "12.5"; at most as many decimal places as the currency has');

export const currencyIdText = (what: string) =>
  z
    .string({ error: "must be a currency id such as USDC-base or USD" })
    .min(1, "must not be empty")
    .max(64, "is not a currency id")
    .describe(what);

export const isoDate = z
  .string()
  .max(40)
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: "must be a date (YYYY-MM-DD) or an ISO 8601 date-time",
  });

export const recurrenceSchema = z
  .object({
    startDate: isoDate.describe("First due date (YYYY-MM-DD or ISO 8601); today or later"),
    frequency: z.enum(RECURRENCE_FREQUENCIES, { message: `must be one of ${RECURRENCE_FREQUENCIES.join(", ")}` }),
  })
  .meta({ id: "RequestRecurrence" });

export const customerInfoSchema = z
  .object({
    firstName: text(1, 100).optional(),
    lastName: text(1, 100).optional(),
    email: z
      .string()
      .max(255)
      .check(z.email({ message: "must be an email address" }))
      .optional(),
    address: z
      .object({
        street: text(0, 255).optional(),
        city: text(0, 100).optional(),
        state: text(0, 100).optional(),
        postalCode: text(0, 20).optional(),
        // A codec, not a transform: the same schema describes the answer, which the tests
        // check from the wire (lib/test/http.ts), and an upper-case code encodes as itself.
        country: z
          .codec(z.string().regex(/^[A-Za-z]{2}$/, "must be an ISO 3166-1 alpha-2 country code"), z.string(), {
            decode: (c) => c.toUpperCase(),
            encode: (c) => c,
          })
          .optional(),
      })
      .optional(),
  })
  .describe("Customer information for the merchant's receipts; personal data, returned only to the platform")
  .meta({ id: "CustomerInfo" });

export const merchantReference = text(1, 255).describe("The merchant's own reference (order number…)");

export const createRequestBody = z
  .object({
    amount: amountText,
    invoiceCurrency: currencyIdText(
      "Currency the amount is expressed in: a token id (USDC-base) or a fiat code (USD, EUR, CNY, GBP, JPY)",
    ),
    paymentCurrency: currencyIdText(
      "Token the payer pays with (USDC-base, USDT-tron, ETH-base-base…); its network is the request's network",
    ),
    payee: addressText("Wallet that receives the payment: 0x… on EVM networks, T… on Tron").optional(),
    payer: addressText("Wallet expected to pay (informative); must differ from the payee").optional(),
    recurrence: recurrenceSchema.optional().describe("Makes the request a recurring invoice"),
    isCryptoToFiatAvailable: z.boolean({ error: "must be true or false" }).optional(),
    customerInfo: customerInfoSchema.optional(),
    reference: merchantReference.optional(),
    originalRequestId: z
      .string()
      .min(1)
      .max(66)
      .optional()
      .describe("For a recurring invoice: the request this one recurs from"),
    originalRequestPaymentReference: z
      .string()
      .min(1)
      .max(18)
      .optional()
      .describe("Payment reference of the original request"),
  })
  .meta({ id: "CreateRequestBody" });

export type CreateRequestBody = z.output<typeof createRequestBody>;

export const createRequestResponse = z
  .object({
    requestId: z.string().describe("66 hex characters; the id used in every other request endpoint"),
    paymentReference: z.string().describe("0x + 16 hex characters; what the payment carries on chain"),
  })
  .meta({ id: "CreatedRequest" });

export const requestIdParams = z.object({
  requestId: z.string().min(1).max(200).describe("The requestId returned at creation (66 hex characters)"),
});

export const updateRequestBody = z
  .object({
    isRecurrenceStopped: z
      .boolean({ error: "must be true or false" })
      .describe("true stops a recurring invoice; false resumes it"),
  })
  .meta({ id: "UpdateRequestBody" });

const paymentRecord = z
  .object({
    txHash: z.string(),
    network: z.string(),
    amount: z.string().describe("Decimal string in the payment currency"),
    feeAmount: z.string(),
    feeAddress: z.string().nullable(),
    payerAddress: z.string().nullable(),
    currency: z.string().nullable(),
    blockNumber: z.number(),
    timestamp,
    type: z.string(),
    conversionRate: z.string().nullable().describe("Tokens paid per invoice unit, for a converted payment"),
  })
  .meta({ id: "RequestPayment" });

const conversionBreakdown = z.object({
  paidAmount: z.string(),
  paidAmountInUsd: z.string().optional().describe("USD invoices only"),
  remainingAmount: z.string(),
  remainingAmountInUsd: z.string().optional().describe("USD invoices only"),
  currentMarketRate: z.string().nullable(),
  currentMarketRateSource: z.enum(["chainlink", "unknown"]).nullable(),
  payments: z.array(
    z.object({
      amount: z.string().describe("Decimal, in the invoice currency"),
      amountInUsd: z.string().optional(),
      conversionRate: z.string().optional().describe("Tokens paid per invoice unit, for a converted payment"),
      rateSource: z.enum(["chainlink", "unknown"]).optional(),
      timestamp,
    }),
  ),
});

/** A request's deposit address and what to send to it (deposit-address.ts, docs/interface.md "Deposit addresses"). */
export const depositSchema = z
  .object({
    address: z.string().describe("The request's own address: a plain transfer of the token to it pays the request"),
    network: z.string().describe("The only network to send on: the same address on another network is not watched"),
    chainId: z.number(),
    currency: z.string().describe("Currency id of the token to send"),
    symbol: z.string(),
    tokenAddress: z.string().describe("The token contract: only this token is forwarded"),
    decimals: z.number(),
    amount: z.string().describe("What remains to send, the request's fee included, as a decimal string"),
    amountInUnits: z.string().describe("The same, in the token's smallest unit"),
    paymentUri: z
      .string()
      .describe(
        "EIP-681 URI of that transfer, for a QR code: ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount>",
      ),
  })
  .meta({ id: "RequestDeposit" });

export const requestStatusResponse = z
  .object({
    requestId: z.string(),
    paymentReference: z.string(),
    hasBeenPaid: z.boolean(),
    status: z
      .enum(["pending", "partially_paid", "paid", "cancelled", "partially_refunded", "refunded"])
      .describe(
        "`pending` until a payment is seen, then `partially_paid` (less than the expected amount: `conversionBreakdown.remainingAmount` says what remains) or `paid`; " +
          "`partially_refunded` or `refunded` once refunds are recorded (POST /v2/request/{requestId}/refunds)",
      ),
    isListening: z.boolean().describe("True while the service watches the chain for payments of this request"),
    txHash: z.string().nullable().describe("Hash of the latest payment, null before any"),
    network: z.string(),
    payee: z.string(),
    payer: z.string().nullable(),
    amount: z.string().describe("Expected amount, decimal string in the invoice currency"),
    expectedAmount: z.string().describe("Expected amount in the invoice currency's smallest unit"),
    amountPaid: z.string().describe("Amount paid so far, decimal string in the invoice currency"),
    excessAmount: z
      .string()
      .describe(
        "What the payments exceed the expected amount by, decimal string in the invoice currency; `0` when not overpaid",
      ),
    refundedAmount: z
      .string()
      .describe("Refunds recorded on chain so far, decimal string in the payment currency; `0` without refunds"),
    invoiceCurrency: z.string(),
    paymentCurrency: z.string(),
    // The published document has no null for these four: a field without a value is left out.
    recurrence: recurrenceSchema.optional().describe("Recurring requests only"),
    isRecurrenceStopped: z.boolean(),
    originalRequestId: z.string().optional().describe("A request that continues another"),
    originalRequestPaymentReference: z.string().optional(),
    isCryptoToFiatAvailable: z.boolean(),
    customerInfo: customerInfoSchema.nullable(),
    reference: z.string().nullable(),
    amountInUsd: z
      .string()
      .nullable()
      .describe("Expected amount in USD when the invoice currency is USD; null otherwise until a payment is recorded"),
    conversionRate: z.string().nullable(),
    rateSource: z.enum(["chainlink", "unknown"]).optional().describe("With conversionRate"),
    conversionBreakdown: conversionBreakdown
      .nullable()
      .describe("For partial or several payments: what each settled, in the invoice currency"),
    payments: z.array(paymentRecord),
    fees: z.array(z.object({ type: z.string(), provider: z.string(), amount: z.string(), currency: z.string() })),
    offRamp: z
      .object({
        subStatus: z
          .string()
          .describe(
            "awaiting_payment, then initiated, pending_internal_assessment, ongoing_checks, sending_fiat, fiat_sent; or bounced, retry_required",
          ),
        paymentDetailsId: z.string().describe("The payer's bank account the fiat is sent to"),
        failureReason: z.string().nullable(),
        updatedAt: timestamp.describe("When the fiat leg last moved (ISO 8601)"),
      })
      .nullable()
      .describe("The fiat leg of a crypto-to-fiat request, once /pay named the payer; null otherwise"),
    depositAddress: z
      .string()
      .nullable()
      .describe("The request's deposit address (`deposit.address`) while it can be paid; null otherwise"),
    deposit: depositSchema
      .nullable()
      .describe(
        "How to pay by a plain token transfer from any wallet or exchange; null when paid, cancelled, or not a same-token ERC-20 request",
      ),
    createdAt: timestamp,
  })
  .meta({ id: "RequestStatus" });

const requestSummary = requestStatusResponse
  .pick({
    requestId: true,
    paymentReference: true,
    hasBeenPaid: true,
    status: true,
    network: true,
    payee: true,
    payer: true,
    amount: true,
    amountPaid: true,
    invoiceCurrency: true,
    paymentCurrency: true,
    reference: true,
    recurrence: true,
    isRecurrenceStopped: true,
    originalRequestId: true,
    originalRequestPaymentReference: true,
    createdAt: true,
  })
  .meta({ id: "RequestSummary" });

export const requestListResponse = z
  .object({
    requests: z
      .array(requestSummary)
      .describe("Newest first. Payments, fees and customerInfo: GET /v2/request/{requestId}"),
    pagination: paginationSchema("requests"),
  })
  .meta({ id: "RequestList" });

/** GET /v2/request as the domain returns it (times as Dates). */
export type RequestListAnswer = z.input<typeof requestListResponse>;

/** As the API answers it (times as ISO 8601 strings): what components read. */
export type RequestStatusResponse = z.output<typeof requestStatusResponse>;
/** As the domain returns it (times as Dates). */
export type RequestStatusAnswer = z.input<typeof requestStatusResponse>;

/** Where the paying transaction is (build-pay-calldata.ts transactionOrder()): shared by every calldata answer. */
export const transactionOrderFields = {
  approvalTransactionIndex: z
    .number()
    .nullable()
    .describe("Index of the first approval (0), null when none is needed; approvals come before the payment"),
  paymentTransactionIndex: z
    .number()
    .describe("Index of the transaction that pays; every other transaction is an approval to send before it"),
};

export const payCalldataResponse = z
  .object({
    transactions: z.array(
      z.object({
        to: z
          .string()
          .describe("Contract called: the token for approvals, the payment proxy for the payment (base58 on Tron)"),
        data: z.string(),
        value: z
          .union([z.literal(0), z.object({ type: z.literal("BigNumber"), hex: z.string() })])
          .describe("0 for token payments; {type: 'BigNumber', hex} (wei) for native ones"),
      }),
    ),
    metadata: z.object({
      stepsRequired: z.number().describe("Number of transactions, approvals included"),
      needsApproval: z.boolean(),
      ...transactionOrderFields,
      hasEnoughBalance: z.boolean(),
      hasEnoughGas: z.boolean(),
    }),
    deposit: depositSchema
      .nullable()
      .optional()
      .describe(
        "Another way to pay the same request: a plain token transfer to its deposit address (as in GET /v2/request/{requestId})",
      ),
    quote: z
      .object({
        amount: z.string().describe("Token amount to the payee, human-readable"),
        feeAmount: z.string().describe("Token amount to the fee address, human-readable"),
        conversionRate: z.string().describe("Token units per invoice unit"),
        rateSource: z.literal("chainlink"),
        expiresAt: z.string().describe("ISO 8601; a payment mined later is credited as a late payment"),
      })
      .optional()
      .describe(
        "Tron, fiat-denominated requests only: the price recorded for this payment (another /pay before expiresAt answers the same)",
      ),
  })
  .meta({ id: "PayCalldata" });
export type PayCalldata = z.input<typeof payCalldataResponse>;

/** A crosschain payment option's answer to /pay (lib/crosschain/quote-intent.ts): the intent to sign. */
export const crosschainPayResponse = z
  .object({
    paymentIntentId: z
      .string()
      .describe("Identifier of the intent: POST the signatures to /v2/request/payment-intents/{paymentIntentId}"),
    paymentIntent: z
      .string()
      .describe(
        "JSON of the EIP-712 typed data to sign (`domain`, `types`, `values`): Permit2's PermitBatchWitnessTransferFrom whose spender is our gateway, " +
          "permitted = [amount the payee receives, operator fee], witness = PaymentIntent (operator, treasury, fee, amount, source and destination account/network/token, processing date, expiry)",
      ),
    approvalPermitPayload: z
      .string()
      .nullable()
      .describe(
        "JSON of the EIP-2612 permit of Permit2 to sign, when the token has permits and the allowance is short; else null",
      ),
    approvalCalldata: z
      .object({ to: z.string(), data: z.string(), value: z.string() })
      .nullable()
      .describe(
        "The approve(Permit2) transaction to send first, when the token has no permit and the allowance is short; else null",
      ),
    metadata: z.object({ supportsEIP2612: z.boolean() }),
  })
  .meta({ id: "CrosschainPayIntent" });

/** Every answer of GET /v2/request/{id}/pay: the same-chain calldata, or a payment option's (payment-options.ts). */
export const payRequestResponse = z.union([payCalldataResponse, crosschainPayResponse]);
export type PayAnswer = z.input<typeof payRequestResponse>;
