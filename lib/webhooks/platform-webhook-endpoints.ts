// /v1/webhook: a platform's webhook endpoints, scoped to one of its client IDs. Callers: the
// client ID itself (`x-client-id` + Origin), or the platform's dashboard session naming the
// client ID (`clientId` in the body or query); id-addressed calls find only endpoints of the
// caller's client ID (x-client-id) or of the session's platform.
import { z } from "zod";
import type { Caller } from "../api/credentials";
import { conflict, notFound, unauthorized, validationError } from "../api/errors";
import { reply } from "../api/reply";
import { defineEndpoint } from "../api/route";
import { CLIENT_ID_NOT_FOUND, findOwnClientId } from "../client-ids/manage-client-ids";
import { findActiveLink } from "../orchestrators/links";
import { getDelivery, listDeliveries, resendDelivery } from "./delivery-log";
import { DELIVERY_CONTRACT } from "./delivery-docs";
import type { EventOwner } from "./events";
import {
  createPlatformEndpoint,
  deletePlatformEndpoint,
  endpointOrThrow,
  listPlatformEndpoints,
  setPlatformEndpointActive,
  type EndpointScope,
} from "./manage-endpoints";
import {
  createdPlatformWebhook,
  createPlatformWebhookBody,
  deletedWebhook,
  deliveryDetail,
  deliveryListQuery,
  deliveryPage,
  deliveryView,
  platformDeliveryParams,
  platformTestBody,
  platformWebhook,
  platformWebhookQuery,
  setActiveBody,
  testResult,
  webhookIdParams,
} from "./schemas";
import { sendTestEvent } from "./send-test-event";

const TAGS = ["Webhooks"];
const AUTH: ("clientId" | "session")[] = ["clientId", "session"];
const NOT_FOUND = { 404: "Webhook endpoint not found (also for another client ID's or platform's endpoint)" };

interface ClientRef {
  id: string;
  platformId: string;
  clientId: string;
  status: string;
}

/** The client ID a list/create/test call is about. */
async function clientOf(caller: Caller, given: string | undefined): Promise<ClientRef> {
  if (caller.kind === "clientId") {
    if (given !== undefined && given !== caller.clientId && given !== caller.clientIdId) throw notFound(CLIENT_ID_NOT_FOUND);
    return { id: caller.clientIdId, platformId: caller.platformId, clientId: caller.clientId, status: "active" };
  }
  if (caller.kind !== "session") throw unauthorized();
  if (given === undefined) throw validationError([{ field: "clientId", message: "is required with a dashboard session: name the client ID whose endpoints these are" }]);
  const row = await findOwnClientId(caller.platformId, given);
  if (!row) throw notFound(CLIENT_ID_NOT_FOUND);
  return row;
}

/** Whose endpoints an id-addressed call may reach. */
function scopeOf(caller: Caller): EndpointScope {
  if (caller.kind === "clientId") return { clientIdId: caller.clientIdId };
  if (caller.kind === "session") return { platformId: caller.platformId };
  throw unauthorized();
}

export const createPlatformWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/v1/webhook",
  summary: "Register a webhook endpoint",
  description: `Registers a URL that receives the events of the client ID (SERVICE.md §6). Answers \`{id, secret}\`: the signing secret is shown only here. A client ID may register the same URL more than once; each registration has its own secret.\n\n${DELIVERY_CONTRACT}`,
  tags: TAGS,
  auth: AUTH,
  body: createPlatformWebhookBody,
  response: createdPlatformWebhook,
  idempotency: false,
  errors: { 404: "Client ID not found (session calls)", 409: "The client ID is revoked, or has 20 endpoints already" },
  handler: async ({ caller, body }) => {
    const client = await clientOf(caller, body.clientId);
    if (client.status === "revoked") throw conflict("This client ID is revoked; it cannot receive new webhook endpoints");
    return createPlatformEndpoint(client, body.url);
  },
});

export const listPlatformWebhooksEndpoint = defineEndpoint({
  method: "GET",
  path: "/v1/webhook",
  summary: "List a client ID's webhook endpoints",
  description: "Every endpoint of the client ID, active and inactive, oldest first. Secrets are never listed.",
  tags: TAGS,
  auth: AUTH,
  query: platformWebhookQuery,
  response: z.array(platformWebhook),
  errors: { 404: "Client ID not found (session calls)" },
  handler: async ({ caller, query }) => listPlatformEndpoints((await clientOf(caller, query.clientId)).id),
});

export const setPlatformWebhookActiveEndpoint = defineEndpoint({
  method: "PUT",
  path: "/v1/webhook/{webhookId}",
  summary: "Activate or deactivate a webhook endpoint",
  description: "`isActive: false` stops deliveries to the endpoint (attempts still pending fail); `true` resumes them for new events.",
  tags: TAGS,
  auth: AUTH,
  params: webhookIdParams,
  body: setActiveBody,
  response: platformWebhook,
  errors: NOT_FOUND,
  handler: async ({ caller, params, body }) => setPlatformEndpointActive(scopeOf(caller), params.webhookId, body.isActive),
});

export const deletePlatformWebhookEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/v1/webhook/{webhookId}",
  summary: "Delete a webhook endpoint",
  description: "Removes the endpoint permanently, with its delivery log; deliveries still pending stop.",
  tags: TAGS,
  auth: AUTH,
  params: webhookIdParams,
  response: deletedWebhook,
  errors: NOT_FOUND,
  handler: async ({ caller, params }) => deletePlatformEndpoint(scopeOf(caller), params.webhookId),
});

export const testPlatformWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/v1/webhook/test",
  summary: "Send a test event",
  description:
    "Sends the example payload of `eventType`, signed like any delivery and marked `x-service-test: true`, to every active endpoint of the client ID (or only `webhookId`). Answers the deliveries created; follow them in the delivery log.",
  tags: TAGS,
  auth: AUTH,
  body: platformTestBody,
  response: testResult,
  status: 202,
  errors: { 404: "Client ID or endpoint not found", 409: "No active endpoint (or the one named is inactive)" },
  handler: async ({ caller, body }) => {
    const client = await clientOf(caller, body.clientId);
    const link = await findActiveLink(client.id);
    const owner: EventOwner = { platformId: client.platformId, clientIdId: client.id, clientId: client.clientId, orchestratorId: link?.orchestratorId ?? null };
    return reply(202, await sendTestEvent({ clientIdId: client.id }, owner, body.eventType, body.webhookId));
  },
});

export const listPlatformDeliveriesEndpoint = defineEndpoint({
  method: "GET",
  path: "/v1/webhook/{webhookId}/deliveries",
  summary: "Delivery log of a webhook endpoint",
  description: "Deliveries to the endpoint, newest first, each with every attempt (time, status, duration, the first kilobyte of the answer). Filter by `event` and `status`; page with `cursor`.",
  tags: TAGS,
  auth: AUTH,
  params: webhookIdParams,
  query: deliveryListQuery,
  response: deliveryPage,
  errors: NOT_FOUND,
  handler: async ({ caller, params, query }) => {
    const endpoint = await endpointOrThrow(scopeOf(caller), params.webhookId);
    return listDeliveries(endpoint.id, { ...query, limit: query.limit ?? 50 });
  },
});

export const getPlatformDeliveryEndpoint = defineEndpoint({
  method: "GET",
  path: "/v1/webhook/{webhookId}/deliveries/{deliveryId}",
  summary: "One delivery, with its payload",
  tags: TAGS,
  auth: AUTH,
  params: platformDeliveryParams,
  response: deliveryDetail,
  errors: { 404: "Webhook endpoint or delivery not found" },
  handler: async ({ caller, params }) => getDelivery((await endpointOrThrow(scopeOf(caller), params.webhookId)).id, params.deliveryId),
});

export const resendPlatformDeliveryEndpoint = defineEndpoint({
  method: "POST",
  path: "/v1/webhook/{webhookId}/deliveries/{deliveryId}/resend",
  summary: "Resend a delivery",
  description:
    "Sends a delivered or failed delivery again: a new round of up to four attempts with the same delivery id and the same body (receivers that already processed it recognise the id).",
  tags: TAGS,
  auth: AUTH,
  params: platformDeliveryParams,
  response: deliveryView,
  status: 202,
  errors: { 404: "Webhook endpoint or delivery not found", 409: "The delivery is still in progress, or the endpoint is inactive" },
  handler: async ({ caller, params }) => reply(202, await resendDelivery((await endpointOrThrow(scopeOf(caller), params.webhookId)).id, params.deliveryId)),
});
