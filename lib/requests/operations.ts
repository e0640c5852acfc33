// /v2/request: create a payment request, read its status, stop or resume its recurrence, and
// get the calldata and routes to pay it (with the payment options other domains register,
// payment-options.ts). API key (servers) or client ID + Origin (browsers);
// every lookup is scoped to the caller's platform.

import { badRequest, notFound } from "../http/errors";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { pagination } from "../zod/query";
import { createRequest } from "./create-request";
import { requestListQuery, toRequestFilter } from "./list-query";
import { listRequests } from "./list-requests";
import { payQuery, requireWallet, routesQuery } from "./pay-query";
import { optionStatus, payRequest, requestRoutes } from "./pay-request";
import { listPayments, listRefunds } from "./payment-ledger";
import { routesResponse } from "./payment-routes";
import { requestOwner } from "./request-owner";
import { describeRequest, summarizeRequest } from "./request-status";
import { findRequest, type StoredRequest, setRecurrenceStopped } from "./request-store";
import {
  createRequestBody,
  createRequestResponse,
  payRequestResponse,
  requestIdParams,
  requestListResponse,
  requestStatusResponse,
  updateRequestBody,
} from "./schemas";

const TAGS = ["Request"];
const NOT_FOUND = "Request not found (also for another platform's request)";

async function requestOrThrow(platformId: string, requestId: string): Promise<StoredRequest> {
  const request = await findRequest(platformId, requestId);
  if (!request) throw notFound("request_not_found", "Request not found");
  return request;
}

export const createRequestOperation = defineOperation({
  method: "POST",
  path: "/v2/request",
  example: { body: EXAMPLE.request },
  summary: "Create a payment request",
  description:
    "Creates a request for `amount` of `invoiceCurrency`, paid in `paymentCurrency` (whose network is the request's network) to `payee`. " +
    "A fiat invoice currency (USD, EUR, CNY, GBP, JPY) is paid in a stablecoin at the Chainlink rate of the moment of payment. " +
    "`amount` may not have more decimal places than the invoice currency (2 for USD, 6 for USDC on base, 18 on bsc). " +
    "Created with a client ID, the request records it (its webhooks go to that client ID's endpoints) and takes its fee settings. " +
    "With `recurrence` it is a recurring invoice: each period after `startDate` (by the chain's clock; months and years by the calendar) the service issues a new request linked by `originalRequestId` and sends `request.recurring`.",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  body: createRequestBody,
  response: createRequestResponse,
  errors: {
    400: "Validation failed: unknown currency, amount, payee or payer not valid for the network, payee equal to payer…",
  },
  handler: async ({ caller, body }) => {
    const request = await createRequest({ ...requestOwner(caller), recurringInvoice: true }, body);
    return { requestId: request.requestId, paymentReference: request.paymentReference };
  },
});

export const listRequestsOperation = defineOperation({
  method: "GET",
  path: "/v2/request",
  summary: "List the platform's requests",
  description:
    "The platform's requests matching every given filter (AND; none: all of them), newest first, paged with limit and offset as GET /v2/payments. " +
    "`walletAddress` matches the payee or the payer named at creation (EVM addresses in any letter case). `originalRequestId` lists the occurrences of a recurring invoice. " +
    "Each item is the request's status without its payments, fees and customerInfo (GET /v2/request/{requestId}).",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  query: requestListQuery,
  response: requestListResponse,
  errors: {
    400: "Validation failed: an unknown parameter, a malformed address, currency, status, network, request id or date, toDate before fromDate, limit or offset out of bounds",
  },
  handler: async ({ caller, query }) => {
    const { filter, page } = toRequestFilter(query);
    const { requests, total } = await listRequests(requestOwner(caller).platformId, filter, page);
    return {
      requests: requests.map(summarizeRequest),
      pagination: pagination(total, page, requests.length),
    };
  },
});

export const getRequestOperation = defineOperation({
  method: "GET",
  path: "/v2/request/{requestId}",
  summary: "Get a request's status",
  description:
    "Whether the request has been paid, the payments recorded for it and what it asks for. Payments are detected on chain within seconds (after the network's confirmations): one counts when it carries the request's payment reference, pays its payee, in its payment currency (or converts from its fiat invoice currency). `status` becomes `partially_paid`, then `paid` when the payments reach the expected amount; each payment also sends `payment.confirmed`.",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  params: requestIdParams,
  response: requestStatusResponse,
  errors: { 404: NOT_FOUND },
  handler: async ({ caller, params }) => {
    const request = await requestOrThrow(requestOwner(caller).platformId, params.requestId);
    return describeRequest(
      request,
      await listPayments(request.requestId),
      (await optionStatus(request.requestId)).offRamp,
      await listRefunds(request.requestId),
    );
  },
});

export const updateRequestOperation = defineOperation({
  method: "PATCH",
  path: "/v2/request/{requestId}",
  example: { body: { isRecurrenceStopped: true } },
  summary: "Stop or resume a recurring request",
  description:
    "`isRecurrenceStopped: true` stops a recurring invoice from recurring: no occurrence is issued while it is stopped, and those periods are skipped; `false` resumes it from the next period. Send it for the original request (an occurrence has no recurrence of its own). Answers the request's status.",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  params: requestIdParams,
  body: updateRequestBody,
  response: requestStatusResponse,
  errors: { 400: "Validation failed, or the request is not recurring", 404: NOT_FOUND },
  handler: async ({ caller, params, body }) => {
    const request = await requestOrThrow(requestOwner(caller).platformId, params.requestId);
    if (!request.recurrence)
      throw badRequest(
        "request_not_recurring",
        "This request is not recurring: only recurring requests can be stopped or resumed",
      );
    await setRecurrenceStopped(request.platformId, request.requestId, body.isRecurrenceStopped);
    return describeRequest(
      { ...request, isRecurrenceStopped: body.isRecurrenceStopped },
      await listPayments(request.requestId),
      (await optionStatus(request.requestId)).offRamp,
      await listRefunds(request.requestId),
    );
  },
});

export const payRequestOperation = defineOperation({
  method: "GET",
  path: "/v2/request/{requestId}/pay",
  example: { query: { wallet: EXAMPLE.payer } },
  summary: "Get the calldata to pay a request",
  description:
    "The transactions the payer sends, in order, on the request's network. Tokens: an approval of exactly the amount needed comes first when the wallet's allowance is short " +
    "(for USDT a reset to 0 before it, when an allowance is left), then the payment proxy call (`value: 0`). Native coins: one payable call whose `value` is `{type: 'BigNumber', hex}`. " +
    "Fiat-denominated requests pay through the conversion proxy at the on-chain Chainlink rate; the payer allows up to 2 % above the converted amount (`maxToSpend`) and is charged the exact rate at execution. " +
    "With `wallet`, the allowance, balances and gas (simulated with eth_simulateV1, compared with 1.2× margin at the current gas price) are read from the chain; " +
    "without it nothing is checked: the approval is included and `hasEnoughBalance`/`hasEnoughGas` are false. " +
    "Tron requests get TRC-20 calldata (targets in base58): the approval when the allowance is short (for USDT preceded by an approval of 0 when the allowance is not 0; without `wallet` always, with the 0 for USDT), then the ERC20FeeProxy call; with `wallet` the token balance, the allowance, TRX and staked or free energy and bandwidth are read from the Tron node, `hasEnoughGas` meaning the TRX covers the energy (constant calls, 1.2× margin) and bandwidth not covered by the account's own. " +
    "Crosschain: `chain` + `token` (USDC, USDT) naming another chain answer a payment intent instead (`wallet` required): the payer signs `paymentIntent` " +
    "(and `approvalPermitPayload`, or sends `approvalCalldata` first) and posts the signatures to `/v2/request/payment-intents/{paymentIntentId}`; the operator pulls " +
    "amount + fee on the source chain through our gateway and pays the payee on the request's network with the request's payment reference. " +
    "The request must be invoiced in a stablecoin and expect at least 1. " +
    "Off-ramp: a crypto-to-fiat request (created with `isCryptoToFiatAvailable: true` and no payee) pays the operator's deposit address and needs `clientUserId` and `paymentDetailsId`: " +
    "an unknown payer or bank account answers 404, a payer whose KYC or agreement is not completed 403 (`payer_not_compliant`); the fiat leg then shows in GET /v2/request/{requestId} (`offRamp`). " +
    "Though a GET, it records in two cases: a crosschain answer stores the payment intent that `paymentIntentId` names, which the signatures posted later refer to " +
    "(each call a new intent, signable for 30 minutes); an off-ramp call binds the payer and bank account to the request, replacing an earlier binding until the request is paid.",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  params: requestIdParams,
  query: payQuery,
  response: payRequestResponse,
  errors: {
    400: "Validation failed; crosschain not possible for this request, chain or token, or amount below 1; off-ramp parameters missing or given for another request; amount above what is due; request already paid",
    403: "Off-ramp: the payer is not compliant",
    404: `${NOT_FOUND}; off-ramp: unknown payer or payment details`,
    409: "Off-ramp: the request was already paid",
    503: "The request's network could not be read",
  },
  handler: async ({ caller, params, query }) => {
    const owner = requestOwner(caller);
    return payRequest(owner, await requestOrThrow(owner.platformId, params.requestId), query);
  },
});

export const requestRoutesOperation = defineOperation({
  method: "GET",
  path: "/v2/request/{requestId}/routes",
  example: { query: { wallet: EXAMPLE.payer } },
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
    return requestRoutes(owner, request, query, requireWallet(query.wallet));
  },
});
