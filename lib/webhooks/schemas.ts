// Request and response shapes of the webhook endpoints (SERVICE.md §2.13, §4.10) and of the
// delivery log.
import { z } from "zod";
import { text } from "../client-ids/schemas";
import { EVENT_NAMES } from "./events";
import { MAX_URL_LENGTH } from "./outbound-policy";

const url = text(1, MAX_URL_LENGTH).describe(
  "Where events are POSTed. HTTPS in production, where it must also resolve to public addresses only; http and localhost are accepted in the sandbox and in development.",
);

const clientIdRef = text(1, 200).describe(
  "The client ID (public value `cid_…` or internal id). Required with a dashboard session; with `x-client-id` it defaults to that client ID.",
);

const id = (what: string) => text(1, 100).describe(what);

export const eventType = z.enum(EVENT_NAMES, { message: `must be one of ${EVENT_NAMES.join(", ")}` });

export const createPlatformWebhookBody = z.object({ url, clientId: clientIdRef.optional() }).meta({ id: "CreateWebhookRequest" });
export const platformWebhookQuery = z.object({ clientId: clientIdRef.optional() });
export const setActiveBody = z
  .object({ isActive: z.boolean({ message: "must be true or false" }).describe("`true` activates the endpoint, `false` deactivates it") })
  .meta({ id: "SetWebhookActiveRequest" });
export const platformTestBody = z
  .object({
    eventType,
    clientId: clientIdRef.optional(),
    webhookId: id("Send to this endpoint only (it must be active); by default to every active endpoint").optional(),
  })
  .meta({ id: "WebhookTestRequest" });
export const orchestratorWebhookBody = z.object({ url }).meta({ id: "CreateOrchestratorWebhookRequest" });
export const orchestratorTestBody = z
  .object({ eventType, webhookId: id("Send to this endpoint only (it must be active); by default to every active endpoint").optional() })
  .meta({ id: "OrchestratorWebhookTestRequest" });

export const webhookIdParams = z.object({ webhookId: id("The endpoint's `id`") });
export const orchestratorWebhookParams = z.object({ id: id("The endpoint's `id`") });
export const platformDeliveryParams = webhookIdParams.extend({ deliveryId: id("The delivery's id (`x-service-delivery`)") });
export const orchestratorDeliveryParams = orchestratorWebhookParams.extend({ deliveryId: id("The delivery's id (`x-service-delivery`)") });

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const deliveryListQuery = z.object({
  event: eventType.optional().describe("Only deliveries of this event"),
  status: z.enum(DELIVERY_STATUSES, { message: "must be one of pending, delivered, failed" }).optional().describe("Only deliveries in this state"),
  limit: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(200, "must be at most 200").optional().describe("Page size, 1 to 200 (default 50)"),
  cursor: text(1, 100).optional().describe("`nextCursor` of the previous page"),
});

// ---------- responses ----------

export const platformWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    isActive: z.boolean(),
    clientId: z.string().nullable().describe("The client ID whose events it receives"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Webhook" });

export const createdPlatformWebhook = z
  .object({ id: z.string(), secret: z.string().describe("Signing secret, shown only now: store it") })
  .meta({ id: "CreatedWebhook" });

export const orchestratorWebhook = z
  .object({ id: z.string(), url: z.string(), isActive: z.boolean(), createdAt: z.string() })
  .meta({ id: "OrchestratorWebhook" });

export const createdOrchestratorWebhook = z
  .object({ webhook: orchestratorWebhook, secret: z.string().describe("Signing secret, shown only now: store it") })
  .meta({ id: "CreatedOrchestratorWebhook" });

export const deletedWebhook = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "DeletedWebhook" });

export const testResult = z
  .object({
    eventId: z.string(),
    eventType: z.string(),
    deliveries: z.array(z.object({ id: z.string().describe("Delivery id, as in x-service-delivery"), webhookId: z.string(), url: z.string() })),
  })
  .meta({ id: "WebhookTestResult" });

const attempt = z
  .object({
    round: z.number().int().describe("0 for the first send, +1 for every resend"),
    retryCount: z.number().int().describe("x-service-retry-count of the attempt, 0 to 3"),
    startedAt: z.string(),
    finishedAt: z.string().nullable().describe("null while in flight"),
    durationMs: z.number().int().nullable(),
    statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null after a timeout or connection error"),
    ok: z.boolean().describe("The receiver answered 2xx"),
    error: z.string().nullable().describe("Why the attempt failed (status, timeout, connection error, refused destination)"),
    responseExcerpt: z.string().nullable().describe("The first kilobyte of the receiver's answer"),
  })
  .meta({ id: "WebhookAttempt" });

export const deliveryView = z
  .object({
    id: z.string().describe("Delivery id, sent as x-service-delivery and webhook-id"),
    eventId: z.string(),
    event: z.string(),
    isTest: z.boolean(),
    status: z.enum(DELIVERY_STATUSES).describe("`pending` (attempts under way), `delivered` (a 2xx), `failed` (4 attempts without a 2xx)"),
    round: z.number().int(),
    attemptCount: z.number().int().describe("Finished attempts of the current round"),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    attempts: z.array(attempt).describe("Every attempt, oldest first"),
  })
  .meta({ id: "WebhookDelivery" });

export const deliveryDetail = deliveryView.extend({ payload: z.unknown().describe("The event body that is sent") }).meta({ id: "WebhookDeliveryDetail" });

export const deliveryPage = z
  .object({ deliveries: z.array(deliveryView), nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last") })
  .meta({ id: "WebhookDeliveryPage" });
