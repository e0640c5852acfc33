// /v2/payouts: pay without creating a request first, once (POST /v2/payouts) or to many
// payees in one transaction (POST /v2/payouts/batch). API key or client ID + Origin.
import { z } from "zod";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { recurringPayoutResponse } from "../recurring/schemas";
import { requestOwner } from "../requests";
import { payCalldataResponse } from "../requests/schemas";
import { createBatchPayout } from "./create-batch-payout";
import { createPayout } from "./create-payout";
import { batchPayoutBody, batchPayoutResponse, MAX_BATCH_SIZE, payoutBody } from "./schemas";

const TAGS = ["Payouts"];

const payoutResponse = payCalldataResponse
  .extend({ requestId: z.string().describe("The request created for the payout"), paymentReference: z.string() })
  .meta({ id: "Payout" });

export const createPayoutOperation = defineOperation({
  method: "POST",
  path: "/v2/payouts",
  example: {
    body: { payee: EXAMPLE.payee, amount: "10", invoiceCurrency: EXAMPLE.currency, paymentCurrency: EXAMPLE.currency },
  },
  summary: "Pay once, without a request created beforehand",
  description:
    "Creates the payment request and answers the calldata to pay it, as GET /v2/request/{requestId}/pay would for `payerWallet` (the approval is included only when its allowance is short; balance and gas are checked). " +
    "`feePercentage`/`feeAddress` are stored with the request and added on top of the amount. " +
    "With `recurrence` the payout is a schedule of `totalPayments` instalments of `amount` (an ERC-20 token, invoiceCurrency = paymentCurrency): the answer is a RecurringPayout with the EIP-712 `recurringPaymentPermit` the payer signs and, when the payer's allowance is short, the approval of the recurring proxy for every instalment; " +
    "nothing is paid until the signature is posted to POST /v2/payouts/recurring/{id}. Our relayer then pays each instalment when it is due by the chain's clock.",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  body: payoutBody,
  response: z.union([payoutResponse, recurringPayoutResponse]),
  errors: {
    400: "Validation failed (recurrence: not an ERC-20 token, a start date in the past, the payer is the payee…)",
    503: "The payment network could not be read",
  },
  handler: async ({ caller, body }) => createPayout(requestOwner(caller), body),
});

export const createBatchPayoutOperation = defineOperation({
  method: "POST",
  path: "/v2/payouts/batch",
  example: {
    body: {
      requests: [
        { payee: EXAMPLE.payee, amount: "10", invoiceCurrency: EXAMPLE.currency, paymentCurrency: EXAMPLE.currency },
        { payee: EXAMPLE.payer, amount: "2.5", invoiceCurrency: EXAMPLE.currency, paymentCurrency: EXAMPLE.currency },
      ],
    },
  },
  summary: "Pay many payees in one transaction",
  description:
    `Pays up to ${MAX_BATCH_SIZE} payments on one network through BatchConversionPayments: new ones (\`requests\`, created here) or existing requests of the platform (\`requestIds\`, for what is still due). ` +
    "ERC-20 payments in one or several tokens, native payments, and fiat-denominated payments in a token or in the native coin (at the Chainlink rate, up to 2 % margin, sent as value for the native coin and returned when unspent) can be mixed. " +
    "The payer approves the batch contract: `ERC20ApprovalTransactions` come first (only those whose allowance is short when `payer` is given; USDT is reset to 0 first), then `batchPaymentTransaction`. " +
    "A fee (`feePercentage`, `feeAddress`) is added on top of each payment. Tron payments cannot be batched, and all payments must be on one network (400).",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  body: batchPayoutBody,
  response: batchPayoutResponse,
  errors: {
    400: "Validation failed, Tron payees, several networks, a request already paid",
    404: "A request id is not the platform's",
    503: "The payment network could not be read",
  },
  handler: async ({ caller, body }) => createBatchPayout(requestOwner(caller), body),
});
