// One attempt of a claimed delivery (claim-deliveries.ts wrote its attempt row down before
// this runs), and the recording of finished attempts, many in one statement: each attempt row
// is completed and its delivery moved on (delivered, failed, or due again on the 1/5/15 s
// schedule) — unless the attempt was meanwhile counted as interrupted (its worker was
// presumed dead and the delivery claimed again), in which case nothing of it is recorded.
import { db } from "../db/client";
import type { Claimed } from "./claim-deliveries";
import { type DeliveryTiming, type NextState, nextState } from "./delivery-policy";
import type { OutboundPolicy } from "./outbound-policy";
import { type AttemptResult, sendAttempt } from "./send-attempt";
import { deliveryHeaders } from "./sign-delivery";
import { openWebhookSecret } from "./webhook-secret";

export interface AttemptOptions {
  timing: DeliveryTiming;
  policy: OutboundPolicy;
  /** Extra trusted CAs for HTTPS receivers (tests). */
  ca?: string | Buffer;
}

/** A finished attempt, waiting to be recorded. */
export interface Finished {
  claimed: Claimed;
  result: AttemptResult;
  finishedAt: Date;
  state: NextState;
}

/** Signs and sends one claimed delivery; never throws (a failure is the attempt's result). */
export async function sendClaimed(c: Claimed, opts: AttemptOptions): Promise<Finished> {
  let result: AttemptResult;
  try {
    const secret = openWebhookSecret(c.endpointId, c.secretEncrypted);
    const sentAt = new Date();
    // Whether the previous secret still signs is decided at each attempt
    // (docs/decisions/webhooks-secret-rotation.md).
    const overlapping =
      c.previousSecretEncrypted !== null &&
      c.previousSecretExpiresAt !== null &&
      new Date(c.previousSecretExpiresAt) > sentAt;
    const headers = deliveryHeaders({
      deliveryId: c.deliveryId,
      endpointId: c.endpointId,
      retryCount: c.attemptCount,
      isTest: c.isTest,
      secret,
      previousSecrets: overlapping ? [openWebhookSecret(c.endpointId, c.previousSecretEncrypted!)] : [],
      body: c.body,
      now: sentAt,
      requestNetworkHeaders: c.requestNetworkHeaders,
    });
    result = await sendAttempt(c.url, c.body, headers, {
      timeoutMs: opts.timing.attemptTimeoutMs,
      policy: opts.policy,
      ca: opts.ca,
    });
  } catch (err) {
    result = {
      ok: false,
      statusCode: null,
      error: `could not send: ${(err as Error).message}`.slice(0, 300),
      durationMs: 0,
      responseExcerpt: null,
    };
  }
  const finishedAt = new Date();
  return {
    claimed: c,
    result,
    finishedAt,
    state: nextState(c.attemptCount, result.ok, result.error, opts.timing, finishedAt),
  };
}

/** Records finished attempts in one statement; answers the delivery ids whose claim still held. */
export async function recordAttempts(done: Finished[]): Promise<Set<string>> {
  if (done.length === 0) return new Set();
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const rows = await (await db()).$queryRaw<{ id: string }[]>`
    WITH x AS (
      SELECT * FROM unnest(
        ${done.map((f) => f.claimed.attemptId)}::uuid[], ${done.map((f) => f.claimed.deliveryId)}::varchar[], ${done.map((f) => f.claimed.claimId)}::uuid[],
        ${done.map((f) => iso(f.finishedAt))}::text[], ${done.map((f) => f.result.durationMs)}::int[], ${done.map((f) => f.result.statusCode)}::int[],
        ${done.map((f) => f.result.error)}::text[], ${done.map((f) => f.result.responseExcerpt)}::text[],
        ${done.map((f) => f.state.status)}::text[], ${done.map((f) => f.state.attemptCount)}::int[], ${done.map((f) => iso(f.state.nextAttemptAt))}::text[],
        ${done.map((f) => iso(f.state.deliveredAt))}::text[], ${done.map((f) => f.state.failureReason)}::text[]
      ) AS x(attempt_id, delivery_id, claim_id, finished_at, duration_ms, status_code, error, excerpt, status, attempt_count, next_at, delivered_at, reason)
    ), a AS (
      UPDATE webhook_attempts w
      SET finished_at = x.finished_at::timestamp(3), duration_ms = x.duration_ms, status_code = x.status_code, error = x.error, response_excerpt = x.excerpt
      FROM x
      WHERE w.id = x.attempt_id AND w.finished_at IS NULL
      RETURNING w.id
    )
    UPDATE webhook_deliveries d
    SET status = x.status::"DeliveryStatus", attempt_count = x.attempt_count, next_attempt_at = x.next_at::timestamp(3),
        delivered_at = x.delivered_at::timestamp(3), failure_reason = x.reason, enqueued_at = NULL, claim_id = NULL, updated_at = x.finished_at::timestamp(3)
    FROM x JOIN a ON a.id = x.attempt_id
    WHERE d.id = x.delivery_id AND d.claim_id = x.claim_id
    RETURNING d.id`;
  return new Set(rows.map((r) => r.id));
}
