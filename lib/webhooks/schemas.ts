// Request and response shapes of the webhook endpoints (`/docs`, tag "Webhooks") and of the
// delivery log.
import { z } from "zod";
import { text } from "../zod/text";
import { timestamp } from "../zod/timestamp";
import { EVENT_NAMES } from "./events";
import { MAX_URL_LENGTH } from "./outbound-policy";

const url = text(1, MAX_URL_LENGTH).describe(
  "Where events are POSTed. HTTPS in production, where it must also resolve to public addresses only; http and localhost are accepted in the sandbox and in development.",
);

const clientIdRef = text(1, 200).describe(
  "The client ID (public value `cid_…` or internal id). Required with an API key or a dashboard session; with `x-client-id` it defaults to that client ID.",
);

const id = (what: string) => text(1, 100).describe(what);

export const eventType = z.enum(EVENT_NAMES, { message: `must be one of ${EVENT_NAMES.join(", ")}` });

const requestNetworkHeaders = z
  .boolean({ message: "must be true or false" })
  .describe(
    "Also send the hosted service's header names — `x-request-network-signature`, `x-request-network-delivery`, `x-request-network-retry-count`, `x-request-network-test` — with the same values as `x-service-*`, for receivers written for the hosted service. Default false.",
  );

export const createPlatformWebhookBody = z
  .object({ url, clientId: clientIdRef.optional(), requestNetworkHeaders: requestNetworkHeaders.optional() })
  .meta({ id: "CreateWebhookRequest" });
export const platformWebhookQuery = z.object({ clientId: clientIdRef.optional() });
export const updatePlatformWebhookBody = z
  .object({
    isActive: z
      .boolean({ message: "must be true or false" })
      .optional()
      .describe("`true` activates the endpoint, `false` deactivates it"),
    requestNetworkHeaders: requestNetworkHeaders.optional(),
  })
  .refine((b) => b.isActive !== undefined || b.requestNetworkHeaders !== undefined, {
    message: "Give isActive, requestNetworkHeaders or both",
    path: ["isActive"],
  })
  .meta({ id: "UpdateWebhookRequest" });
export const platformTestBody = z
  .object({
    eventType,
    clientId: clientIdRef.optional(),
    webhookId: id("Send to this endpoint only (it must be active); by default to every active endpoint").optional(),
  })
  .meta({ id: "WebhookTestRequest" });
/** How long the replaced secret keeps signing after a rotation, by default and at most. */
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 24 * 3600;
const MAX_ROTATION_OVERLAP_SECONDS = 7 * 24 * 3600;

export const rotateSecretBody = z
  .object({
    overlapSeconds: z
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be at least 0")
      .max(MAX_ROTATION_OVERLAP_SECONDS, `must be at most ${MAX_ROTATION_OVERLAP_SECONDS} (7 days)`)
      .optional()
      .describe(
        `How long the previous secret keeps signing \`webhook-signature\` beside the new one, in seconds: 0 to ${MAX_ROTATION_OVERLAP_SECONDS} (7 days), default ${DEFAULT_ROTATION_OVERLAP_SECONDS} (24 hours). 0 retires it at once.`,
      ),
  })
  .meta({ id: "RotateWebhookSecretRequest" });
export const orchestratorWebhookBody = z.object({ url }).meta({ id: "CreateOrchestratorWebhookRequest" });
export const orchestratorTestBody = z
  .object({
    eventType,
    webhookId: id("Send to this endpoint only (it must be active); by default to every active endpoint").optional(),
  })
  .meta({ id: "OrchestratorWebhookTestRequest" });

export const webhookIdParams = z.object({ webhookId: id("The endpoint's `id`") });
export const orchestratorWebhookParams = z.object({ id: id("The endpoint's `id`") });
export const orchestratorDeleteQuery = z.strictObject({
  permanent: z
    .enum(["true", "false"], { message: "must be true or false" })
    .optional()
    .describe(
      "`true` removes the endpoint and its delivery log for good (its URL can then be registered again); otherwise it is only deactivated",
    ),
});
export const platformDeliveryParams = webhookIdParams.extend({
  deliveryId: id("The delivery's id (`x-service-delivery`)"),
});
export const orchestratorDeliveryParams = orchestratorWebhookParams.extend({
  deliveryId: id("The delivery's id (`x-service-delivery`)"),
});

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const deliveryListQuery = z.object({
  event: eventType.optional().describe("Only deliveries of this event"),
  status: z
    .enum(DELIVERY_STATUSES, { message: "must be one of pending, delivered, failed" })
    .optional()
    .describe("Only deliveries in this state"),
  limit: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(200, "must be at most 200")
    .optional()
    .describe("Page size, 1 to 200 (default 50)"),
  cursor: text(1, 100).optional().describe("`nextCursor` of the previous page"),
});

// ---------- responses ----------

export const CLIENT_ID_ACTIONS = ["registered", "activated", "deactivated"] as const;
export const clientIdAction = z
  .object({
    action: z.enum(CLIENT_ID_ACTIONS),
    at: timestamp.describe("When (ISO 8601)"),
    address: z.string().describe("The address the request came from (see TRUSTED_PROXIES)"),
    origin: z
      .string()
      .nullable()
      .describe("The Origin the request claimed (null for a backend client ID, which sends none)"),
  })
  .meta({ id: "WebhookClientIdAction" });

export const platformWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    isActive: z.boolean(),
    clientId: z.string().nullable().describe("The client ID whose events it receives"),
    requestNetworkHeaders: z
      .boolean()
      .describe("Deliveries also carry the hosted service's header names (`x-request-network-*`)"),
    clientIdActions: z
      .array(clientIdAction)
      .describe(
        "What was done to this endpoint with the client ID alone (no API key or session): registration, activation, deactivation — oldest first, the last 20",
      ),
    previousSecretExpiresAt: timestamp
      .nullable()
      .describe(
        "After a secret rotation: until when the previous secret still signs `webhook-signature` beside the new one; null when only the current secret signs",
      ),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Webhook" });

export const createdPlatformWebhook = z
  .object({ id: z.string(), secret: z.string().describe("Signing secret, shown only now: store it") })
  .meta({ id: "CreatedWebhook" });

/** What /docs says of both rotate-secret operations (platforms and orchestrators). */
export const ROTATION_DESCRIPTION =
  "Gives the endpoint a new signing secret, answered only here. For `overlapSeconds` (default 24 hours, at most 7 days) the previous secret keeps signing: `webhook-signature` then carries two `v1,` signatures, the new secret's first — Standard Webhooks libraries accept the delivery with either secret, so switch your receiver to the new secret any time during the overlap. `x-service-signature` (and `x-request-network-signature`) carry the new secret's signature alone from the rotation on: a receiver that checks them must have the new secret at once, or check `webhook-signature` meanwhile. After the overlap only the new secret signs. Rotating again during an overlap retires the older secret at once (at most two secrets sign).";

export const rotatedSecret = z
  .object({
    id: z.string(),
    secret: z.string().describe("The new signing secret, shown only now: store it"),
    previousSecretExpiresAt: timestamp
      .nullable()
      .describe(
        "Until when the previous secret also signs `webhook-signature` (both `v1,` signatures are sent); null when overlapSeconds was 0",
      ),
  })
  .meta({ id: "RotatedWebhookSecret" });

export const orchestratorWebhook = z
  .object({ id: z.string(), url: z.string(), isActive: z.boolean(), createdAt: timestamp })
  .meta({ id: "OrchestratorWebhook" });

export const createdOrchestratorWebhook = z
  .object({ webhook: orchestratorWebhook, secret: z.string().describe("Signing secret, shown only now: store it") })
  .meta({ id: "CreatedOrchestratorWebhook" });

export const deletedWebhook = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "DeletedWebhook" });

export const testResult = z
  .object({
    eventId: z.string(),
    eventType: z.string(),
    deliveries: z.array(
      z.object({
        id: z.string().describe("Delivery id, as in x-service-delivery"),
        webhookId: z.string(),
        url: z.string(),
      }),
    ),
  })
  .meta({ id: "WebhookTestResult" });

const attempt = z
  .object({
    round: z.number().int().describe("0 for the first send, +1 for every resend"),
    retryCount: z.number().int().describe("x-service-retry-count of the attempt, 0 to 3"),
    startedAt: timestamp,
    finishedAt: timestamp.nullable().describe("null while in flight"),
    durationMs: z.number().int().nullable(),
    statusCode: z
      .number()
      .int()
      .nullable()
      .describe("The receiver's HTTP status; null after a timeout or connection error"),
    ok: z.boolean().describe("The receiver answered 2xx"),
    error: z
      .string()
      .nullable()
      .describe("Why the attempt failed (status, timeout, connection error, refused destination)"),
    responseExcerpt: z.string().nullable().describe("The first kilobyte of the receiver's answer"),
  })
  .meta({ id: "WebhookAttempt" });

export const deliveryView = z
  .object({
    id: z.string().describe("Delivery id, sent as x-service-delivery and webhook-id"),
    eventId: z.string(),
    event: z.string(),
    isTest: z.boolean(),
    requestId: z
      .string()
      .nullable()
      .describe("The request the event is about (its `requestId`); null for events about none"),
    reference: z
      .string()
      .nullable()
      .describe(
        "The merchant's `reference` the event carries, so a log row says which order it is about; null without",
      ),
    status: z
      .enum(DELIVERY_STATUSES)
      .describe("`pending` (attempts under way), `delivered` (a 2xx), `failed` (4 attempts without a 2xx)"),
    round: z.number().int(),
    attemptCount: z.number().int().describe("Finished attempts of the current round"),
    nextAttemptAt: timestamp.nullable(),
    deliveredAt: timestamp.nullable(),
    failureReason: z.string().nullable(),
    createdAt: timestamp,
    attempts: z.array(attempt).describe("Every attempt, oldest first"),
  })
  .meta({ id: "WebhookDelivery" });

export const deliveryDetail = deliveryView
  .extend({ payload: z.unknown().describe("The event body that is sent") })
  .meta({ id: "WebhookDeliveryDetail" });

export const deliveryPage = z
  .object({
    deliveries: z.array(deliveryView),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last"),
  })
  .meta({ id: "WebhookDeliveryPage" });

// As the API answers them (times as ISO 8601 strings; a client ID action is also stored so, in
// the endpoint's JSON column): what components read.
export type ClientIdAction = z.output<typeof clientIdAction>;
export type PlatformEndpointView = z.output<typeof platformWebhook>;
export type AttemptView = z.output<typeof attempt>;
export type DeliveryView = z.output<typeof deliveryView>;
export type DeliveryDetail = z.output<typeof deliveryDetail>;
// As the domain returns them (times as Dates).
export type PlatformEndpointAnswer = z.input<typeof platformWebhook>;
export type OrchestratorEndpointAnswer = z.input<typeof orchestratorWebhook>;
export type DeliveryAnswer = z.input<typeof deliveryView>;
export type DeliveryDetailAnswer = z.input<typeof deliveryDetail>;
