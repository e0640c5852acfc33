// Request and response shapes of /v2/payouts and /v2/payouts/batch (`/docs`, tag "Payouts").
import { z } from "zod";
import {
  addressText,
  amountText,
  currencyIdText,
  customerInfoSchema,
  isoDate,
  merchantReference,
  RECURRENCE_FREQUENCIES,
  transactionOrderFields,
} from "../requests/schemas";

/** Largest batch served: 100 payments stay far below a block's gas limit on every network. */
export const MAX_BATCH_SIZE = 100;

const feeFields = {
  feePercentage: z
    .string()
    .max(20)
    .optional()
    .describe(
      'Fee added on top of each payment, in percent ("2.5" = 2.5 %, at most 2 decimal places); needs feeAddress',
    ),
  feeAddress: addressText("Wallet receiving the fees, on the payment network").optional(),
};

export const MIN_RECURRING_PAYMENTS = 2;
export const MAX_RECURRING_PAYMENTS = 255; // the contract's totalPayments is a uint8

const payoutRecurrence = z
  .strictObject({
    startDate: isoDate.describe("First due date (YYYY-MM-DD or ISO 8601), today or later; due by the chain's clock"),
    frequency: z.enum(RECURRENCE_FREQUENCIES, { message: `must be one of ${RECURRENCE_FREQUENCIES.join(", ")}` }),
    totalPayments: z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(MIN_RECURRING_PAYMENTS, `must be at least ${MIN_RECURRING_PAYMENTS}`)
      .max(
        MAX_RECURRING_PAYMENTS,
        `must be at most ${MAX_RECURRING_PAYMENTS} (the contract counts instalments in a uint8)`,
      )
      .describe("Number of instalments"),
    payer: addressText("The payer's wallet: signs the schedule and approves the recurring proxy; not the payee"),
  })
  .meta({
    id: "PayoutRecurrence",
    example: {
      startDate: "2030-01-01",
      frequency: "WEEKLY",
      totalPayments: 4,
      payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    },
  });

const paymentFields = {
  payee: addressText("Wallet paid: 0x… on EVM networks, T… on Tron"),
  amount: amountText,
  invoiceCurrency: currencyIdText(
    "Currency of the amount: a token id (USDC-base) or a fiat code (USD, EUR, CNY, GBP, JPY)",
  ),
  paymentCurrency: currencyIdText("Token paid (its network is the payout's network)"),
};

export const payoutBody = z
  .object({
    ...paymentFields,
    ...feeFields,
    recurrence: payoutRecurrence
      .optional()
      .describe("Makes the payout a recurring schedule the payer signs once; the answer is then a RecurringPayout"),
    payerWallet: addressText(
      "The payer's wallet: the approval is included only when its allowance is short, and balance and gas are checked",
    ).optional(),
    payerAddress: addressText("Alias of payerWallet").optional(),
    customerInfo: customerInfoSchema.optional(),
    reference: merchantReference.optional(),
  })
  .meta({ id: "PayoutBody" });

export const batchPayoutBody = z
  .object({
    requests: z
      .array(z.object(paymentFields))
      .min(1, "must list at least one payment")
      .max(MAX_BATCH_SIZE, `must list at most ${MAX_BATCH_SIZE} payments`)
      .optional()
      .describe("Payments to create and pay in one transaction, all on one network; or give requestIds"),
    requestIds: z
      .array(z.string().max(200))
      .min(1, "must list at least one request id")
      .max(MAX_BATCH_SIZE, `must list at most ${MAX_BATCH_SIZE} request ids`)
      .optional()
      .describe("Existing requests of the platform to pay in one transaction, all on one network; or give requests"),
    payer: addressText("The payer's wallet: approvals are listed only for tokens whose allowance is short").optional(),
    ...feeFields,
  })
  .refine((b) => (b.requests === undefined) !== (b.requestIds === undefined), {
    message: "Give either requests or requestIds, not both",
    path: ["requests"],
  })
  .meta({ id: "BatchPayoutBody" });

export type PayoutBody = z.output<typeof payoutBody>;
export type BatchPayoutBody = z.output<typeof batchPayoutBody>;

const bigNumber = z.object({ type: z.literal("BigNumber"), hex: z.string() });

const approvalTransaction = z.object({ to: z.string(), data: z.string(), value: z.literal(0) });
const batchTransaction = z.object({ to: z.string(), data: z.string(), value: bigNumber });

export const batchPayoutResponse = z
  .object({
    ERC20ApprovalTransactions: z
      .array(approvalTransaction)
      .describe("Approvals of the batch contract to send first, in order (empty when the payer's allowances suffice)"),
    batchPaymentTransaction: batchTransaction.describe(
      "BatchConversionPayments.batchPayments; `value` carries the native payments, if any",
    ),
    transactions: z
      .array(z.union([approvalTransaction, batchTransaction]))
      .describe(
        "The same transactions in sending order: ERC20ApprovalTransactions, then batchPaymentTransaction (at metadata.paymentTransactionIndex)",
      ),
    metadata: z.object({
      stepsRequired: z.number().describe("Number of transactions, approvals included"),
      needsApproval: z.boolean(),
      ...transactionOrderFields,
    }),
    requestIds: z.array(z.string()).describe("The requests paid, in the order given (created ones included)"),
  })
  .meta({ id: "BatchPayout" });
