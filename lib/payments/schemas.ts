// The zod shapes of the payments domain's refund operations (refund-operations.ts): what they
// validate and what /docs publishes. Components import the answer types from here.
import { z } from "zod";
import { payCalldataResponse } from "../requests/schemas";
import { timestamp } from "../zod/timestamp";

export const createRefundBody = z
  .object({
    amount: z
      .string()
      .max(100)
      .optional()
      .describe(
        "Decimal amount in the request's payment currency (`12.5`); default: everything paid and not yet refunded",
      ),
    refundAddress: z
      .string()
      .max(100)
      .optional()
      .describe("Where the refund goes; default: the address the payments came from (the payer)"),
    wallet: z
      .string()
      .max(100)
      .optional()
      .describe("The merchant's wallet that sends the refund: its allowance, balance and gas are checked"),
  })
  .meta({ id: "CreateRefundBody" });

export const refundCalldataResponse = payCalldataResponse
  .extend({
    refund: z.object({
      amount: z.string().describe("Decimal, in `currency`"),
      currency: z.string().describe("The request's payment currency id"),
      refundAddress: z.string(),
      paymentReference: z
        .string()
        .describe("The request's refund reference for this address (0x + 16 hex): what the refund carries on chain"),
    }),
  })
  .meta({ id: "RefundCalldata" });

const refundRecord = z
  .object({
    txHash: z.string(),
    network: z.string(),
    amount: z.string().describe("Decimal, in `currency`"),
    currency: z.string(),
    refundAddress: z.string(),
    senderAddress: z.string().nullable().describe("The wallet the refund came from"),
    blockNumber: z.number(),
    timestamp,
  })
  .meta({ id: "Refund" });

export const refundListResponse = z
  .object({
    refunds: z.array(refundRecord).describe("Refunds detected on chain, oldest first"),
    paidAmount: z.string().describe("What the request's payments paid, decimal in `currency`"),
    refundedAmount: z.string().describe("What the refunds returned, decimal in `currency`"),
    refundableAmount: z.string().describe("paidAmount − refundedAmount: the most a new refund may be"),
    currency: z.string(),
  })
  .meta({ id: "RefundList" });

export type RefundListView = z.output<typeof refundListResponse>;
/** As the domain returns it (times as Dates). */
export type RefundListAnswer = z.input<typeof refundListResponse>;
export type RefundCalldataView = z.output<typeof refundCalldataResponse>;
