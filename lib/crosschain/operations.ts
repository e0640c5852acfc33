// GET /v2/request/{id}/pay (same-chain calldata, or the crosschain intent when chain/token
// name another chain) and POST /v2/request/payment-intents/{id}. The pay operation lives here
// because crosschain builds on requests, not the other way round.
import { z } from "zod";
import { badRequest, notFound } from "../http/errors";
import { defineOperation } from "../http/operation";
import type { StoredRequest } from "../requests";
import {
  buildPayCalldata,
  findRequest,
  paymentRoutes,
  payOptionsOf,
  payQuery,
  refuseCrosschain,
  requestOwner,
  requireWallet,
  resolveOfframp,
  routesQuery,
  routesResponse,
} from "../requests";
import { payCalldataResponse, requestIdParams } from "../requests/schemas";
import { crosschainRoutes } from "./crosschain-routes";
import { treasuryLiquidity } from "./liquidity";
import { isCrosschainAsk, quoteIntent } from "./quote-intent";
import {
  crosschainPayResponse,
  intentIdParams,
  liquidityResponse,
  submitIntentBody,
  submitIntentResponse,
} from "./schemas";
import { submitIntent } from "./submit-intent";

const TAGS = ["Request"];
const NOT_FOUND = "Request not found (also for another platform's request)";

async function requestOrThrow(platformId: string, requestId: string): Promise<StoredRequest> {
  const request = await findRequest(platformId, requestId);
  if (!request) throw notFound("request_not_found", "Request not found");
  return request;
}

export const payRequestOperation = defineOperation({
  method: "GET",
  path: "/v2/request/{requestId}/pay",
  summary: "Get the calldata to pay a request",
  description:
    "The transactions the payer sends, in order, on the request's network. Tokens: an approval of exactly the amount needed comes first when the wallet's allowance is short " +
    "(for USDT a reset to 0 before it, when an allowance is left), then the payment proxy call (`value: 0`). Native coins: one payable call whose `value` is `{type: 'BigNumber', hex}`. " +
    "Fiat-denominated requests pay through the conversion proxy at the on-chain Chainlink rate; the payer allows up to 2 % above the converted amount (`maxToSpend`) and is charged the exact rate at execution. " +
    "With `wallet`, the allowance, balances and gas (simulated with eth_simulateV1, compared with 1.2× margin at the current gas price) are read from the chain; " +
    "without it nothing is checked: the approval is included and `hasEnoughBalance`/`hasEnoughGas` are false. " +
    "Tron requests get TRC-20 calldata (the approval, for USDT preceded by an approval of 0, then the ERC20FeeProxy call; targets in base58) without balance checks. " +
    "Crosschain: `chain` + `token` (USDC, USDT) naming another chain answer a payment intent instead (`wallet` required): the payer signs `paymentIntent` " +
    "(and `approvalPermitPayload`, or sends `approvalCalldata` first) and posts the signatures to `/v2/request/payment-intents/{paymentIntentId}`; the operator pulls " +
    "amount + fee on the source chain through our gateway and pays the payee on the request's network with the request's payment reference. " +
    "The request must be invoiced in a stablecoin and expect at least 1. " +
    "Off-ramp: a crypto-to-fiat request (created with `isCryptoToFiatAvailable: true` and no payee) pays the operator's deposit address and needs `clientUserId` and `paymentDetailsId`: " +
    "an unknown payer or bank account answers 404, a payer whose KYC or agreement is not completed 403 (`payer_not_compliant`); the fiat leg then shows in GET /v2/request/{requestId} (`offRamp`).",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  params: requestIdParams,
  query: payQuery,
  response: z.union([payCalldataResponse, crosschainPayResponse]),
  errors: {
    400: "Validation failed; crosschain not possible for this request, chain or token, or amount below 1; off-ramp parameters missing or given for another request; amount above what is due; request already paid",
    403: "Off-ramp: the payer is not compliant",
    404: `${NOT_FOUND}; off-ramp: unknown payer or payment details`,
    409: "Off-ramp: the request was already paid",
    503: "The request's network could not be read",
  },
  handler: async ({ caller, params, query }) => {
    const owner = requestOwner(caller);
    const request = await requestOrThrow(owner.platformId, params.requestId);
    if (isCrosschainAsk(request, query.chain, query.token)) {
      if (query.clientUserId !== undefined || query.paymentDetailsId !== undefined) {
        throw badRequest(
          "crosschain_unsupported",
          "An off-ramp payment (clientUserId, paymentDetailsId) is paid on the request's own chain: omit chain and token",
        );
      }
      return quoteIntent(owner.platformId, request, { wallet: query.wallet, chain: query.chain!, token: query.token! });
    }
    refuseCrosschain(request, query);
    await resolveOfframp(owner.platformId, request, query);
    return buildPayCalldata(request, await payOptionsOf(owner, request, query));
  },
});

export const submitPaymentIntentOperation = defineOperation({
  method: "POST",
  path: "/v2/request/payment-intents/{paymentIntentId}",
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

export const requestRoutesOperation = defineOperation({
  method: "GET",
  path: "/v2/request/{requestId}/routes",
  summary: "Get the payment routes of a request",
  description:
    "The routes the payer's wallet can pay the request by, with their fees. First the same-chain route (`REQUEST_NETWORK_PAYMENT`), " +
    "whose `feeBreakdown` lists the platform fee (in the payment token) and the gas the payer's transactions need (simulated, in the native coin). " +
    "Then one crosschain route (`CROSSCHAIN_<CHAIN>_<TOKEN>`) per other chain and stablecoin where the wallet holds the amount plus the operator's fee: " +
    "`feeBreakdown` lists that fee (type `crosschain`), `speed` the expected seconds from signature to payout; pay it with `/pay?chain=&token=`.",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  params: requestIdParams,
  query: routesQuery,
  response: routesResponse,
  errors: {
    400: "Validation failed (wallet is required)",
    404: NOT_FOUND,
    503: "The request's network could not be read",
  },
  handler: async ({ caller, params, query }) => {
    const owner = requestOwner(caller);
    const request = await requestOrThrow(owner.platformId, params.requestId);
    const wallet = requireWallet(query.wallet);
    const same = await paymentRoutes(request, await payOptionsOf(owner, request, query));
    return { routes: [...same.routes, ...(request.network === "tron" ? [] : await crosschainRoutes(request, wallet))] };
  },
});
