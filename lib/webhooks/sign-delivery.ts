// The headers of one delivery attempt. Two signatures over the same raw body:
// - `x-service-signature` (docs/interface.md "Events"): hex HMAC-SHA256 of the body, keyed with the secret
//   string exactly as it was handed out;
// - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): `v1,` + base64
//   HMAC-SHA256 of `id.timestamp.body`, keyed with the base64 part of the `whsec_` secret, so
//   receivers using a Standard Webhooks library can also refuse replays by the timestamp.
// After a secret rotation, during the overlap the endpoint's previous secret signs too:
// `webhook-signature` then carries both `v1,` signatures, space-separated (the new one first), as
// Standard Webhooks allows, so a receiver verifying with either secret accepts the delivery;
// `x-service-signature` is the new secret's alone (docs/decisions/webhooks-secret-rotation.md).
// An endpoint registered with `requestNetworkHeaders` also gets the hosted service's names for
// our four headers (`x-request-network-signature`, `-delivery`, `-retry-count`, `-test`), with the
// same values: receivers written for the hosted service then work unchanged
// (docs/decisions/webhooks-hosted-header-names.md).
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
  /** The receiving endpoint's id: receivers that route by endpoint read it from `x-service-endpoint`. */
  endpointId: string;
  retryCount: number;
  isTest: boolean;
  secret: string;
  /** Secrets replaced by a rotation whose overlap is not over: they sign webhook-signature too. */
  previousSecrets?: string[];
  body: string;
  now: Date;
  /** The endpoint's option: also send our four headers under the hosted service's names. */
  requestNetworkHeaders?: boolean;
}

/** Our header names and, for endpoints that ask, the hosted service's names of the same headers. */
const SERVICE_PREFIX = "x-service-";
const HOSTED_PREFIX = "x-request-network-";

export function deliveryHeaders(a: AttemptHeaderInput): Record<string, string> {
  const timestamp = Math.floor(a.now.getTime() / 1000);
  const ours: Record<string, string> = {
    signature: serviceSignature(a.secret, a.body),
    delivery: a.deliveryId,
    "retry-count": String(a.retryCount),
    ...(a.isTest ? { test: "true" } : {}),
  };
  const prefixes = a.requestNetworkHeaders ? [SERVICE_PREFIX, HOSTED_PREFIX] : [SERVICE_PREFIX];
  return {
    "content-type": "application/json",
    "user-agent": `Stablelink-Webhooks/${APP_VERSION}`,
    ...Object.fromEntries(
      prefixes.flatMap((prefix) => Object.entries(ours).map(([name, value]) => [prefix + name, value])),
    ),
    // Ours alone (the hosted service has no such header): the receiving endpoint, for receivers
    // that route by endpoint, since a resource created with an API key says `clientId: null`.
    [`${SERVICE_PREFIX}endpoint`]: a.endpointId,
    "webhook-id": a.deliveryId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": [a.secret, ...(a.previousSecrets ?? [])]
      .map((secret) => standardWebhookSignature(secret, a.deliveryId, timestamp, a.body))
      .join(" "),
  };
}
