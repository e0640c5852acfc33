// /v2/orchestrators/webhooks: an orchestrator's webhook endpoints (x-orchestrator-key).
import { z } from "zod";
import { orchestratorOf } from "../http/caller";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { reply } from "../http/reply";
import { DELIVERY_CONTRACT } from "./delivery-docs";
import { getDelivery, listDeliveries, resendDelivery } from "./delivery-log";
import { deleteEndpoint, endpointOrThrow, rotateSecret } from "./manage-endpoints";
import {
  createOrchestratorEndpoint,
  listOrchestratorEndpoints,
  setOrchestratorEndpointActive,
} from "./orchestrator-endpoints";
import {
  createdOrchestratorWebhook,
  DEFAULT_ROTATION_OVERLAP_SECONDS,
  deletedWebhook,
  deliveryDetail,
  deliveryListQuery,
  deliveryPage,
  deliveryView,
  orchestratorDeleteQuery,
  orchestratorDeliveryParams,
  orchestratorTestBody,
  orchestratorWebhook,
  orchestratorWebhookBody,
  orchestratorWebhookParams,
  ROTATION_DESCRIPTION,
  rotatedSecret,
  rotateSecretBody,
  testResult,
} from "./schemas";
import { sendTestEvent } from "./send-test-event";

const TAGS = ["Orchestrators"];
const NOT_FOUND = { 404: "Webhook endpoint not found (also for another orchestrator's endpoint)" };

export const createOrchestratorWebhookOperation = defineOperation({
  method: "POST",
  path: "/v2/orchestrators/webhooks",
  example: { body: { url: EXAMPLE.webhookUrl } },
  summary: "Register a webhook endpoint",
  description: `Receives the events meant for orchestrators (see "Webhook events"): \`client_id.linked\`, and \`payment.confirmed\`, \`kyt.screening.completed\` and \`secure_payment.user_event\` of the secure payments you created. Answers \`{webhook, secret}\`: the secret is shown only here. A URL you registered before, even inactive, is refused (409): reactivate it with PATCH. To change a URL, deactivate the old endpoint and register the new one. At most 20 endpoints are active; deactivated ones count towards 100 registered in all until removed with \`DELETE …?permanent=true\`.\n\n${DELIVERY_CONTRACT}`,
  tags: TAGS,
  auth: ["orchestratorKey"],
  body: orchestratorWebhookBody,
  response: createdOrchestratorWebhook,
  idempotency: false,
  errors: {
    409: "The URL is already registered (active or inactive), or 20 endpoints are active (or 100 registered) already",
  },
  handler: async ({ caller, body }) => createOrchestratorEndpoint(orchestratorOf(caller), body.url),
});

export const rotateOrchestratorWebhookSecretOperation = defineOperation({
  method: "POST",
  path: "/v2/orchestrators/webhooks/{id}/rotate-secret",
  example: { body: { overlapSeconds: 3600 } },
  summary: "Rotate a webhook endpoint's signing secret",
  description: ROTATION_DESCRIPTION,
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorWebhookParams,
  body: rotateSecretBody,
  response: rotatedSecret,
  status: 200,
  idempotency: false,
  errors: { ...NOT_FOUND, 409: "Another rotation of this endpoint happened meanwhile" },
  handler: async ({ caller, params, body }) =>
    rotateSecret(
      { orchestratorId: orchestratorOf(caller) },
      params.id,
      body.overlapSeconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS,
    ),
});

export const listOrchestratorWebhooksOperation = defineOperation({
  method: "GET",
  path: "/v2/orchestrators/webhooks",
  summary: "List your webhook endpoints",
  description: "Every endpoint, inactive ones included, oldest first. Secrets are never listed.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  response: z.array(orchestratorWebhook),
  handler: async ({ caller }) => listOrchestratorEndpoints(orchestratorOf(caller)),
});

export const deactivateOrchestratorWebhookOperation = defineOperation({
  method: "DELETE",
  path: "/v2/orchestrators/webhooks/{id}",
  example: { query: {} },
  summary: "Deactivate (or remove) a webhook endpoint",
  description:
    "Stops deliveries to the endpoint, keeping its URL and secret; PATCH reactivates it. With `?permanent=true` the endpoint and its delivery log are removed for good (answer `{id, deleted: true}`), and its URL may be registered again. At most 20 endpoints are active and 100 registered in all.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorWebhookParams,
  query: orchestratorDeleteQuery,
  response: z.union([orchestratorWebhook, deletedWebhook]),
  errors: NOT_FOUND,
  handler: async ({ caller, params, query }) =>
    query.permanent === "true"
      ? deleteEndpoint({ orchestratorId: orchestratorOf(caller) }, params.id)
      : setOrchestratorEndpointActive(orchestratorOf(caller), params.id, false),
});

export const reactivateOrchestratorWebhookOperation = defineOperation({
  method: "PATCH",
  path: "/v2/orchestrators/webhooks/{id}",
  summary: "Reactivate a webhook endpoint",
  description:
    "Resumes deliveries to a deactivated endpoint, with its original secret (409 when 20 endpoints are active already).",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorWebhookParams,
  response: orchestratorWebhook,
  errors: { ...NOT_FOUND, 409: "20 endpoints are active already" },
  handler: async ({ caller, params }) => setOrchestratorEndpointActive(orchestratorOf(caller), params.id, true),
});

export const testOrchestratorWebhookOperation = defineOperation({
  method: "POST",
  path: "/v2/orchestrators/webhooks/test",
  example: { body: { eventType: "payment.confirmed" } },
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

export const listOrchestratorDeliveriesOperation = defineOperation({
  method: "GET",
  path: "/v2/orchestrators/webhooks/{id}/deliveries",
  summary: "Delivery log of a webhook endpoint",
  description:
    "Deliveries to the endpoint, newest first, each with every attempt (time, status, duration, the first kilobyte of the answer). Filter by `event` and `status`; page with `cursor`.",
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

export const getOrchestratorDeliveryOperation = defineOperation({
  method: "GET",
  path: "/v2/orchestrators/webhooks/{id}/deliveries/{deliveryId}",
  summary: "One delivery, with its payload",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorDeliveryParams,
  response: deliveryDetail,
  errors: { 404: "Webhook endpoint or delivery not found" },
  handler: async ({ caller, params }) =>
    getDelivery((await endpointOrThrow({ orchestratorId: orchestratorOf(caller) }, params.id)).id, params.deliveryId),
});

export const resendOrchestratorDeliveryOperation = defineOperation({
  method: "POST",
  path: "/v2/orchestrators/webhooks/{id}/deliveries/{deliveryId}/resend",
  summary: "Resend a delivery",
  description:
    "Sends a delivered or failed delivery again: a new round of up to four attempts with the same delivery id and body.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  params: orchestratorDeliveryParams,
  response: deliveryView,
  status: 202,
  errors: {
    404: "Webhook endpoint or delivery not found",
    409: "The delivery is still in progress, or the endpoint is inactive",
  },
  handler: async ({ caller, params }) =>
    reply(
      202,
      await resendDelivery(
        (await endpointOrThrow({ orchestratorId: orchestratorOf(caller) }, params.id)).id,
        params.deliveryId,
      ),
    ),
});
