// Shapes of recurring payouts (`/docs`, tag "Payouts"): the answer of POST /v2/payouts with
// `recurrence`, and /v2/payouts/recurring/{id}.
import { z } from "zod";
import { text } from "../zod/text";
import { timestamp } from "../zod/timestamp";

export const RECURRING_STATUSES = ["pending", "active", "paused", "cancelled", "completed"] as const;

const transaction = z.object({
  to: z.string().describe("The token (approvals)"),
  data: z.string(),
  value: z.literal("0x0"),
});

const typedField = z.object({ name: z.string(), type: z.string() });

export const recurringPayoutResponse = z
  .object({
    id: z.string().describe("The recurring payment's id (ULID): sign, then POST /v2/payouts/recurring/{id}"),
    requestId: z.string().describe("The request every instalment pays (its payment reference ties the payments to it)"),
    paymentReference: z.string(),
    transactions: z
      .array(transaction)
      .describe(
        "Approval of the recurring proxy for the whole schedule, to send first; empty when the allowance suffices",
      ),
    recurringPaymentPermit: z
      .object({
        domain: z.object({
          name: z.literal("ERC20RecurringPaymentProxy"),
          version: z.literal("1"),
          chainId: z.number(),
          verifyingContract: z.string(),
        }),
        types: z.object({ SchedulePermit: z.array(typedField) }),
        primaryType: z.literal("SchedulePermit"),
        values: z.object({
          subscriber: z.string(),
          token: z.string(),
          recipient: z.string(),
          feeAddress: z.string(),
          amount: z.string(),
          feeAmount: z.string(),
          relayerFee: z.string(),
          periodSeconds: z.number(),
          firstPayment: z.number(),
          totalPayments: z.number(),
          nonce: z.string(),
          deadline: z.number(),
          strictOrder: z.boolean(),
        }),
      })
      .describe(
        "EIP-712 typed data the payer signs (eth_signTypedData_v4 with domain, types, primaryType and values as message)",
      ),
    metadata: z.object({
      stepsRequired: z.number().describe("Approval (if needed) + signature"),
      totalNeededAllowance: z
        .string()
        .describe(
          "Allowance the proxy needs for this schedule and the payer's other open schedules of this token, smallest units",
        ),
      currentAllowance: z.string(),
      additionalAllowanceNeeded: z.string(),
      existingPaymentsAmount: z.string().describe("What the payer's other open schedules of this token still take"),
    }),
  })
  .meta({ id: "RecurringPayout" });
export type RecurringPayoutAnswer = z.input<typeof recurringPayoutResponse>;

export const recurringIdParams = z.strictObject({ id: text(1, 64).describe("The recurring payment's id") });

export const activateBody = z
  .strictObject({
    permitSignature: text(2, 20_000).describe(
      "The payer's signature of recurringPaymentPermit: 65 bytes from an EOA, or what its ERC-1271 wallet accepts",
    ),
  })
  .meta({ id: "RecurringActivateBody" });

export const activateResponse = z
  .object({ message: z.string(), id: z.string(), status: z.enum(RECURRING_STATUSES) })
  .meta({ id: "RecurringActivated" });

export const recurringStatusResponse = z
  .object({
    id: z.string(),
    status: z.enum(RECURRING_STATUSES),
    network: z.string(),
    paymentCurrency: z.string(),
    amount: z.string().describe("Each instalment, in the payment currency"),
    frequency: z.string(),
    payer: z.string(),
    payee: z.string(),
    processedPayments: z.number(),
    remainingPayments: z.number(),
    totalPayments: z.number(),
    lastPaymentDate: timestamp.nullable(),
    nextPaymentDate: timestamp.nullable().describe("When the next instalment is due (chain time); null unless active"),
    failureCount: z.number().describe("Failed tries of the next instalment"),
    failureReason: z.string().nullable(),
    requests: z.array(z.object({ requestId: z.string(), paymentReference: z.string() })),
    payments: z
      .array(z.object({ index: z.number(), txHash: z.string(), timestamp: timestamp }))
      .describe("Instalments the relayer paid, in order"),
    createdAt: timestamp,
  })
  .meta({ id: "RecurringPayment" });
export type RecurringStatusAnswer = z.input<typeof recurringStatusResponse>;

export const updateBody = z
  .strictObject({ action: z.enum(["cancel", "unpause"], { message: "must be cancel or unpause" }) })
  .meta({ id: "RecurringUpdateBody" });

export const updateResponse = z
  .object({
    id: z.string(),
    status: z.enum(RECURRING_STATUSES),
    transactions: z
      .array(transaction)
      .optional()
      .describe("cancel: the approval that sets the proxy's allowance back to 0, for the payer to send"),
    metadata: z.object({
      processedPayments: z.number(),
      totalPayments: z.number(),
      remainingPayments: z.number().optional(),
      remainingAmount: z.string().optional(),
      nextPaymentDate: timestamp.nullable().optional(),
    }),
  })
  .meta({ id: "RecurringUpdate" });
export type UpdateAnswer = z.input<typeof updateResponse>;
