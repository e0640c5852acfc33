// /v2/request: create a payment request, read its status, stop or resume its recurrence, and
// get the calldata and routes to pay it. API key (servers) or client ID + Origin (browsers);
// every lookup is scoped to the caller's platform.

import { badRequest, notFound } from "../http/errors";
import { defineOperation } from "../http/operation";
import { fiatProgress } from "../payers";
import { requestOwner } from "./caller";
import { createRequest } from "./create-request";
import { describeRequest } from "./request-status";
import { findRequest, listPayments, type StoredRequest, setRecurrenceStopped } from "./request-store";
import {
  createRequestBody,
  createRequestResponse,
  requestIdParams,
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

async function offRampView(requestId: string) {
  const progress = await fiatProgress(requestId);
  return progress && { ...progress, updatedAt: progress.updatedAt.toISOString() };
}

export const createRequestOperation = defineOperation({
  method: "POST",
  path: "/v2/request",
  summary: "Create a payment request",
  description:
    "Creates a request for `amount` of `invoiceCurrency`, paid in `paymentCurrency` (whose network is the request's network) to `payee`. " +
    "A fiat invoice currency (USD, EUR, CNY, GBP, JPY) is paid in a stablecoin at the Chainlink rate of the moment of payment. " +
    "`amount` may not have more decimal places than the invoice currency (2 for USD, 6 for USDC on base, 18 on bsc). " +
    "Created with a client ID, the request records it (its webhooks go to that client ID's endpoints) and takes its fee settings.",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  body: createRequestBody,
  response: createRequestResponse,
  errors: {
    400: "Validation failed: unknown currency, amount, payee or payer not valid for the network, payee equal to payer…",
  },
  handler: async ({ caller, body }) => {
    const request = await createRequest(requestOwner(caller), body);
    return { requestId: request.requestId, paymentReference: request.paymentReference };
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
    return describeRequest(request, await listPayments(request.requestId), await offRampView(request.requestId));
  },
});

export const updateRequestOperation = defineOperation({
  method: "PATCH",
  path: "/v2/request/{requestId}",
  summary: "Stop or resume a recurring request",
  description:
    "`isRecurrenceStopped: true` stops a recurring invoice from recurring; `false` resumes it. Answers the request's status.",
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
      await offRampView(request.requestId),
    );
  },
});
