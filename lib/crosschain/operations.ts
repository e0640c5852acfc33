// POST /v2/request/payment-intents/{id} (the payer's signatures of an intent /pay answered;
// /pay itself lives in lib/requests, crosschain being one of its payment options) and the
// operator's liquidity.

import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { requestOwner } from "../requests";
import { treasuryLiquidity } from "./liquidity";
import { intentIdParams, liquidityResponse, submitIntentBody, submitIntentResponse } from "./schemas";
import { submitIntent } from "./submit-intent";

const TAGS = ["Request"];

export const submitPaymentIntentOperation = defineOperation({
  method: "POST",
  path: "/v2/request/payment-intents/{paymentIntentId}",
  example: { body: { signedPaymentIntent: { signature: EXAMPLE.signature, nonce: "1", deadline: "1798761600" } } },
  summary: "Submit a signed crosschain payment intent",
  description:
    "The payer's signature of `paymentIntent` (and of `approvalPermitPayload` when one was given). Both are checked against the intent before anything is sent; " +
    "an intent is submitted once (409 after). The operator then pulls the funds on the source chain and pays the request on its network: " +
    "the request turns `paid` and `payment.confirmed` goes out (payment type `crosschain`). If the pull fails or the intent expires first, `payment.failed`; " +
    "if the funds were pulled but cannot be paid out, they are refunded on the source chain (`payment.refunded`).",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  params: intentIdParams,
  body: submitIntentBody,
  status: 200,
  response: submitIntentResponse,
  errors: {
    400: "Validation failed; signature not the payer's; nonce or deadline not the intent's; intent expired",
    404: "No payment intent with this id (also for another platform's)",
    409: "The intent was already submitted",
  },
  handler: async ({ caller, params, body }) =>
    submitIntent(requestOwner(caller).platformId, params.paymentIntentId, body),
});

export const liquidityOperation = defineOperation({
  method: "GET",
  path: "/v2/crosschain/liquidity",
  summary: "The crosschain operator's liquidity per chain",
  description:
    "What the operator's treasury holds of USDC and USDT on each network the service serves: crosschain payouts come from there, and one the treasury cannot cover is refunded on the source chain. " +
    "`low` marks a balance under `lowBalanceThreshold` whole tokens (CROSSCHAIN_LOW_BALANCE, default 1000).",
  tags: ["Crosschain"],
  auth: ["apiKey", "session"],
  response: liquidityResponse,
  errors: { 400: "No crosschain operator is configured" },
  handler: async () => treasuryLiquidity(),
});
