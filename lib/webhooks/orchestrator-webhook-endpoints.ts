// /v2/orchestrators/webhooks: an orchestrator's webhook endpoints (x-orchestrator-key).
import { z } from "zod";
import { reply } from "../api/reply";
import { defineEndpoint } from "../api/route";
import { orchestratorOf } from "../orchestrators/endpoints";
import { getDelivery, listDeliveries, resendDelivery } from "./delivery-log";
import { DELIVERY_CONTRACT } from "./delivery-docs";
import { createOrchestratorEndpoint, endpointOrThrow, listOrchestratorEndpoints, setOrchestratorEndpointActive } from "./manage-endpoints";
import {
  createdOrchestratorWebhook,
  deliveryDetail,
  deliveryListQuery,
  deliveryPage,
  deliveryView,
  orchestratorDeliveryParams,
  orchestratorTestBody,
  orchestratorWebhook,
  orchestratorWebhookBody,
  orchestratorWebhookParams,
  testResult,
} from "./schemas";
import { sendTestEvent } from "./send-test-event";

const TAGS = ["Orchestrators"];
const NOT_FOUND = { 404: "Webhook endpoint not found (also for another orchestrator's endpoint)" };

export const createOrchestratorWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/v2/orchestrators/webhooks",
  summary: "Register a webhook endpoint",
  description: `Receives the events meant for orchestrators (SERVICE.md §6): \`client_id.linked\`, and \`payment.confirmed\`, \`kyt.screening.completed\` and \`secure_payment.user_event\` of the secure payments you created. Answers \`{webhook, secret}\`: the secret is shown only here. A URL you registered before, even inactive, is refused (409): reactivate it with PATCH. To change a URL, deactivate the old endpoint and register the new one.\n\n${DELIVERY_CONTRACT}`,
  tags: TAGS,
  auth: ["orchestratorKey"],
  body: orchestratorWebhookBody,
  response: createdOrchestratorWebhook,
  idempotency: false,
  errors: { 409: "The URL is already registered (active or inactive), or you have 20 endpoints already" },
  handler: async ({ caller, body }) => createOrchestratorEndpoint(orchestratorOf(caller), body.url),
});

export const listOrchestratorWebhooksEndpoint = defineEndpoint({
  method: "GET",
  path: "/v2/orchestrators/webhooks",
  summary: "List your webhook endpoints",
  description: "Every endpoint, inactive ones included, oldest first. Secrets are never listed.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  response: z.array(orchestratorWebhook),
  handler: async ({ caller }) => listOrchestratorEndpoints(orchestratorOf(caller)),
});

export const deactivateOrchestratorWebhookEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/v2/orchestrators/webhooks/{id}",
  summary: "Deactivate a webhook endpoint",
  description: "Stops deliveries to the endpoint, keeping its URL and secret; PATCH reactivates it.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorWebhookParams,
  response: orchestratorWebhook,
  errors: NOT_FOUND,
  handler: async ({ caller, params }) => setOrchestratorEndpointActive(orchestratorOf(caller), params.id, false),
});

export const reactivateOrchestratorWebhookEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/v2/orchestrators/webhooks/{id}",
  summary: "Reactivate a webhook endpoint",
  description: "Resumes deliveries to a deactivated endpoint, with its original secret.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorWebhookParams,
  response: orchestratorWebhook,
  errors: NOT_FOUND,
  handler: async ({ caller, params }) => setOrchestratorEndpointActive(orchestratorOf(caller), params.id, true),
});

export const testOrchestratorWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/v2/orchestrators/webhooks/test",
  summary: "Send a test event",
  description:
    "Sends the example payload of `eventType`, signed like any delivery and marked `x-service-test: true`, to every active endpoint (or only `webhookId`). Answers the deliveries created.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  body: orchestratorTestBody,
  response: testResult,
  status: 202,
  errors: { 404: "Endpoint not found", 409: "No active endpoint (or the one named is inactive)" },
  handler: async ({ caller, body }) => {
    const orchestratorId = orchestratorOf(caller);
    const owner = { platformId: "", clientIdId: null, clientId: "cid_example", orchestratorId };
    return reply(202, await sendTestEvent({ orchestratorId }, owner, body.eventType, body.webhookId));
  },
});

export const listOrchestratorDeliveriesEndpoint = defineEndpoint({
  method: "GET",
  path: "/v2/orchestrators/webhooks/{id}/deliveries",
  summary: "Delivery log of a webhook endpoint",
  description: "Deliveries to the endpoint, newest first, each with every attempt (time, status, duration, the first kilobyte of the answer). Filter by `event` and `status`; page with `cursor`.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorWebhookParams,
  query: deliveryListQuery,
  response: deliveryPage,
  errors: NOT_FOUND,
  handler: async ({ caller, params, query }) => {
    const endpoint = await endpointOrThrow({ orchestratorId: orchestratorOf(caller) }, params.id);
    return listDeliveries(endpoint.id, { ...query, limit: query.limit ?? 50 });
  },
});

export const getOrchestratorDeliveryEndpoint = defineEndpoint({
  method: "GET",
  path: "/v2/orchestrators/webhooks/{id}/deliveries/{deliveryId}",
  summary: "One delivery, with its payload",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorDeliveryParams,
  response: deliveryDetail,
  errors: { 404: "Webhook endpoint or delivery not found" },
  handler: async ({ caller, params }) => getDelivery((await endpointOrThrow({ orchestratorId: orchestratorOf(caller) }, params.id)).id, params.deliveryId),
});

export const resendOrchestratorDeliveryEndpoint = defineEndpoint({
  method: "POST",
  path: "/v2/orchestrators/webhooks/{id}/deliveries/{deliveryId}/resend",
  summary: "Resend a delivery",
  description: "Sends a delivered or failed delivery again: a new round of up to four attempts with the same delivery id and body.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorDeliveryParams,
  response: deliveryView,
  status: 202,
  errors: { 404: "Webhook endpoint or delivery not found", 409: "The delivery is still in progress, or the endpoint is inactive" },
  handler: async ({ caller, params }) =>
    reply(202, await resendDelivery((await endpointOrThrow({ orchestratorId: orchestratorOf(caller) }, params.id)).id, params.deliveryId)),
});
