// /v1/webhook: a platform's webhook endpoints, scoped to one of its client IDs. Callers: an
// API key or the platform's dashboard session naming the client ID (`clientId` in the body or
// query), or — when the client ID's `webhookRegistrationByClientId` setting is on — the client
// ID alone (`x-client-id` + Origin). A client ID is public and Origin is only a header outside
// a browser, so alone it can never read delivery logs and payloads, resend or delete, and what
// it does is recorded on the endpoint (when, from which address) for the dashboard to show.
// docs/decisions/webhooks-client-id-alone.md.
import { z } from "zod";
import { auditContextOf } from "../audit";
import { allowsWebhooksByClientIdAlone, CLIENT_ID_NOT_FOUND, findOwnClientId } from "../client-ids";
import type { Caller } from "../http/caller";
import { clientIp } from "../http/client-ip";
import { conflict, forbidden, notFound, unauthorized, validationError } from "../http/errors";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { reply } from "../http/reply";
import { createPlatformEndpoint, listPlatformEndpoints, updatePlatformEndpoint } from "./client-id-endpoints";
import { DELIVERY_CONTRACT } from "./delivery-docs";
import { getDelivery, listDeliveries, resendDelivery } from "./delivery-log";
import type { EventOwner } from "./events";
import { linkedOrchestratorOf } from "./linked-orchestrator";
import { deleteEndpoint, type EndpointScope, endpointOrThrow, rotateSecret } from "./manage-endpoints";
import { defaultOutboundPolicy } from "./outbound-policy";
import {
  type ClientIdAction,
  createdPlatformWebhook,
  createPlatformWebhookBody,
  DEFAULT_ROTATION_OVERLAP_SECONDS,
  deletedWebhook,
  deliveryDetail,
  deliveryListQuery,
  deliveryPage,
  deliveryView,
  platformDeliveryParams,
  platformTestBody,
  platformWebhook,
  platformWebhookQuery,
  ROTATION_DESCRIPTION,
  rotatedSecret,
  rotateSecretBody,
  testResult,
  updatePlatformWebhookBody,
  webhookIdParams,
} from "./schemas";
import { sendTestEvent } from "./send-test-event";

const TAGS = ["Webhooks"];
/** Registering, listing, (de)activating and testing: the client ID alone when its setting allows. */
const MANAGE: ("apiKey" | "clientId" | "session")[] = ["apiKey", "clientId", "session"];
/** Delivery logs and payloads, resending and deleting: never the client ID alone. */
const OWNER_ONLY: ("apiKey" | "session")[] = ["apiKey", "session"];
const NOT_FOUND = { 404: "Webhook endpoint not found (also for another client ID's or platform's endpoint)" };
const CLIENT_ID_ALONE_OFF =
  "Webhook management with the client ID alone is turned off for this client ID: use an API key or the dashboard, or turn on webhookRegistrationByClientId in the client ID's settings";
const FORBIDDEN_ALONE = { 403: "The client ID alone is used while its webhookRegistrationByClientId setting is off" };

interface ClientRef {
  id: string;
  platformId: string;
  clientId: string;
  status: string;
}

/** A client-ID-alone caller may go on only when its client ID's setting allows it. */
async function assertClientIdAloneAllowed(clientIdId: string): Promise<void> {
  if (!(await allowsWebhooksByClientIdAlone(clientIdId)))
    throw forbidden("client_id_alone_not_allowed", CLIENT_ID_ALONE_OFF);
}

/** The client ID a list/create/test call is about. */
async function clientOf(caller: Caller, given: string | undefined): Promise<ClientRef> {
  if (caller.kind === "clientId") {
    if (given !== undefined && given !== caller.clientId && given !== caller.clientIdId)
      throw notFound("client_id_not_found", CLIENT_ID_NOT_FOUND);
    await assertClientIdAloneAllowed(caller.clientIdId);
    return { id: caller.clientIdId, platformId: caller.platformId, clientId: caller.clientId, status: "active" };
  }
  if (caller.kind !== "session" && caller.kind !== "apiKey") throw unauthorized();
  if (given === undefined)
    throw validationError([
      {
        field: "clientId",
        message: "is required with an API key or a dashboard session: name the client ID whose endpoints these are",
      },
    ]);
  const row = await findOwnClientId(caller.platformId, given);
  if (!row) throw notFound("client_id_not_found", CLIENT_ID_NOT_FOUND);
  return row;
}

/** Whose endpoints an id-addressed call may reach. */
async function scopeOf(caller: Caller): Promise<EndpointScope> {
  if (caller.kind === "clientId") {
    await assertClientIdAloneAllowed(caller.clientIdId);
    return { clientIdId: caller.clientIdId };
  }
  if (caller.kind === "session" || caller.kind === "apiKey") return { platformId: caller.platformId };
  throw unauthorized();
}

/** What is recorded on the endpoint when the client ID alone acted. */
function clientIdAlone(caller: Caller, req: Request): Omit<ClientIdAction, "action"> | undefined {
  if (caller.kind !== "clientId") return undefined;
  return { at: new Date().toISOString(), address: clientIp(req), origin: caller.origin };
}

export const createPlatformWebhookOperation = defineOperation({
  method: "POST",
  path: "/v1/webhook",
  example: { body: { url: EXAMPLE.webhookUrl, clientId: EXAMPLE.clientId } },
  summary: "Register a webhook endpoint",
  description: `Registers a URL that receives the events of the client ID (see "Webhook events"). Answers \`{id, secret}\`: the signing secret is shown only here. With \`requestNetworkHeaders: true\` its deliveries also carry the hosted service's header names (\`x-request-network-*\`). A client ID may register the same URL more than once; each registration has its own secret. With the client ID alone (no API key or session) this needs the client ID's \`webhookRegistrationByClientId\` setting, and the registration is recorded on the endpoint (\`clientIdActions\`: when, from which address and Origin).\n\n${DELIVERY_CONTRACT}`,
  tags: TAGS,
  auth: MANAGE,
  body: createPlatformWebhookBody,
  response: createdPlatformWebhook,
  idempotency: false,
  errors: {
    ...FORBIDDEN_ALONE,
    404: "Client ID not found (API key and session calls)",
    409: "The client ID is revoked, or has 20 endpoints already",
  },
  handler: async ({ req, caller, body }) => {
    const client = await clientOf(caller, body.clientId);
    if (client.status === "revoked")
      throw conflict("client_id_revoked", "This client ID is revoked; it cannot receive new webhook endpoints");
    return createPlatformEndpoint(
      client,
      body.url,
      defaultOutboundPolicy(),
      clientIdAlone(caller, req),
      { requestNetworkHeaders: body.requestNetworkHeaders },
      auditContextOf(caller, req),
    );
  },
});

export const listPlatformWebhooksOperation = defineOperation({
  method: "GET",
  path: "/v1/webhook",
  example: { query: { clientId: EXAMPLE.clientId } },
  summary: "List a client ID's webhook endpoints",
  description: "Every endpoint of the client ID, active and inactive, oldest first. Secrets are never listed.",
  tags: TAGS,
  auth: MANAGE,
  query: platformWebhookQuery,
  response: z.array(platformWebhook),
  errors: { ...FORBIDDEN_ALONE, 404: "Client ID not found (API key and session calls)" },
  handler: async ({ caller, query }) => listPlatformEndpoints((await clientOf(caller, query.clientId)).id),
});

export const setPlatformWebhookActiveOperation = defineOperation({
  method: "PUT",
  path: "/v1/webhook/{webhookId}",
  example: { body: { isActive: false } },
  summary: "Activate or deactivate a webhook endpoint, or choose its header names",
  description:
    "`isActive: false` stops deliveries to the endpoint (attempts still pending fail); `true` resumes them for new events. " +
    "`requestNetworkHeaders: true` makes the following attempts also carry the hosted service's header names (`x-request-network-signature`, `-delivery`, `-retry-count`, `-test`), for receivers written for the hosted service; `false` stops them.",
  tags: TAGS,
  auth: MANAGE,
  params: webhookIdParams,
  body: updatePlatformWebhookBody,
  response: platformWebhook,
  errors: { ...FORBIDDEN_ALONE, ...NOT_FOUND },
  handler: async ({ req, caller, params, body }) =>
    updatePlatformEndpoint(
      await scopeOf(caller),
      params.webhookId,
      body,
      clientIdAlone(caller, req),
      auditContextOf(caller, req),
    ),
});

export const deletePlatformWebhookOperation = defineOperation({
  method: "DELETE",
  path: "/v1/webhook/{webhookId}",
  summary: "Delete a webhook endpoint",
  description: "Removes the endpoint permanently, with its delivery log; deliveries still pending stop.",
  tags: TAGS,
  auth: OWNER_ONLY,
  params: webhookIdParams,
  response: deletedWebhook,
  errors: NOT_FOUND,
  handler: async ({ caller, params, req }) =>
    deleteEndpoint(await scopeOf(caller), params.webhookId, auditContextOf(caller, req)),
});

export const rotatePlatformWebhookSecretOperation = defineOperation({
  method: "POST",
  path: "/v1/webhook/{webhookId}/rotate-secret",
  example: { body: { overlapSeconds: 3600 } },
  summary: "Rotate a webhook endpoint's signing secret",
  description: ROTATION_DESCRIPTION,
  tags: TAGS,
  auth: OWNER_ONLY,
  params: webhookIdParams,
  body: rotateSecretBody,
  response: rotatedSecret,
  status: 200,
  idempotency: false,
  errors: { ...NOT_FOUND, 409: "Another rotation of this endpoint happened meanwhile" },
  handler: async ({ caller, params, body, req }) =>
    rotateSecret(
      await scopeOf(caller),
      params.webhookId,
      body.overlapSeconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS,
      new Date(),
      auditContextOf(caller, req),
    ),
});

export const testPlatformWebhookOperation = defineOperation({
  method: "POST",
  path: "/v1/webhook/test",
  example: { body: { eventType: "payment.confirmed", clientId: EXAMPLE.clientId } },
  summary: "Send a test event",
  description:
    "Sends the example payload of `eventType`, signed like any delivery and marked `x-service-test: true`, to every active endpoint of the client ID (or only `webhookId`). Answers the deliveries created; follow them in the delivery log.",
  tags: TAGS,
  auth: MANAGE,
  body: platformTestBody,
  response: testResult,
  status: 202,
  errors: {
    ...FORBIDDEN_ALONE,
    404: "Client ID or endpoint not found",
    409: "No active endpoint (or the one named is inactive)",
  },
  handler: async ({ caller, body }) => {
    const client = await clientOf(caller, body.clientId);
    const owner: EventOwner = {
      platformId: client.platformId,
      clientIdId: client.id,
      clientId: client.clientId,
      orchestratorId: await linkedOrchestratorOf(client.id),
    };
    return reply(202, await sendTestEvent({ clientIdId: client.id }, owner, body.eventType, body.webhookId));
  },
});

export const listPlatformDeliveriesOperation = defineOperation({
  method: "GET",
  path: "/v1/webhook/{webhookId}/deliveries",
  summary: "Delivery log of a webhook endpoint",
  description:
    "Deliveries to the endpoint, newest first, each with every attempt (time, status, duration, the first kilobyte of the answer). Filter by `event` and `status`; page with `cursor`.",
  tags: TAGS,
  auth: OWNER_ONLY,
  params: webhookIdParams,
  query: deliveryListQuery,
  response: deliveryPage,
  errors: NOT_FOUND,
  handler: async ({ caller, params, query }) => {
    const endpoint = await endpointOrThrow(await scopeOf(caller), params.webhookId);
    return listDeliveries(endpoint.id, { ...query, limit: query.limit ?? 50 });
  },
});

export const getPlatformDeliveryOperation = defineOperation({
  method: "GET",
  path: "/v1/webhook/{webhookId}/deliveries/{deliveryId}",
  summary: "One delivery, with its payload",
  tags: TAGS,
  auth: OWNER_ONLY,
  params: platformDeliveryParams,
  response: deliveryDetail,
  errors: { 404: "Webhook endpoint or delivery not found" },
  handler: async ({ caller, params }) =>
    getDelivery((await endpointOrThrow(await scopeOf(caller), params.webhookId)).id, params.deliveryId),
});

export const resendPlatformDeliveryOperation = defineOperation({
  method: "POST",
  path: "/v1/webhook/{webhookId}/deliveries/{deliveryId}/resend",
  summary: "Resend a delivery",
  description:
    "Sends a delivered or failed delivery again: a new round of up to four attempts with the same delivery id and the same body (receivers that already processed it recognise the id).",
  tags: TAGS,
  auth: OWNER_ONLY,
  params: platformDeliveryParams,
  response: deliveryView,
  status: 202,
  errors: {
    404: "Webhook endpoint or delivery not found",
    409: "The delivery is still in progress, or the endpoint is inactive",
  },
  handler: async ({ caller, params }) =>
    reply(
      202,
      await resendDelivery((await endpointOrThrow(await scopeOf(caller), params.webhookId)).id, params.deliveryId),
    ),
});
