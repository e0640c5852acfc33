// The headers of one delivery attempt. Two signatures over the same raw body:
// - `x-service-signature` (SERVICE.md §6): hex HMAC-SHA256 of the body, keyed with the secret
//   string exactly as it was handed out;
// - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): `v1,` + base64
//   HMAC-SHA256 of `id.timestamp.body`, keyed with the base64 part of the `whsec_` secret, so
//   receivers using a Standard Webhooks library can also refuse replays by the timestamp.
import { createHmac, randomBytes } from "node:crypto";
import { APP_VERSION } from "../version";

const SECRET_PREFIX = "whsec_";

/** A new signing secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

export function serviceSignature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

export function standardWebhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  return "v1," + createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`, "utf8").digest("base64");
}

export interface AttemptHeaderInput {
  deliveryId: string;
  retryCount: number;
  isTest: boolean;
  secret: string;
  body: string;
  now: Date;
}

export function deliveryHeaders(a: AttemptHeaderInput): Record<string, string> {
  const timestamp = Math.floor(a.now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": `Stablelink-Webhooks/${APP_VERSION}`,
    "x-service-signature": serviceSignature(a.secret, a.body),
    "x-service-delivery": a.deliveryId,
    "x-service-retry-count": String(a.retryCount),
    ...(a.isTest ? { "x-service-test": "true" } : {}),
    "webhook-id": a.deliveryId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standardWebhookSignature(a.secret, a.deliveryId, timestamp, a.body),
  };
}
