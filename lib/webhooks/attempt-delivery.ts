// One job = one attempt of one delivery. The attempt is written down before the request goes
// out and completed after, so the log shows every attempt, and an attempt whose worker died
// (the job comes back after its lease) is counted as interrupted instead of vanishing.
// Raw SQL: this is the hot path, three statements per attempt.
import { db } from "../db/client";
import type { DeliveryStatus, Prisma } from "../db/generated/client";
import type { DeliveryTiming } from "./delivery-policy";
import type { OutboundPolicy } from "./outbound-policy";
import { sendAttempt, type AttemptResult } from "./send-attempt";
import { deliveryHeaders } from "./sign-delivery";
import { openWebhookSecret } from "./webhook-secret";

type Tx = Prisma.TransactionClient;

export interface AttemptOptions {
  timing: DeliveryTiming;
  policy: OutboundPolicy;
  /** Extra trusted CAs for HTTPS receivers (tests). */
  ca?: string | Buffer;
}

export type AttemptOutcome =
  | { kind: "skipped" } // the job is stale: the delivery is finished or claimed by another job
  | { kind: "delivered" }
  | { kind: "failed" }
  | { kind: "retry"; at: Date };

export const INTERRUPTED = "interrupted: the worker stopped during this attempt, so its outcome is unknown";

interface Locked {
  status: string;
  claim_id: string | null;
  round: number;
  attempt_count: number;
  body: string;
  endpoint_id: string;
  url: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | null;
  is_active: boolean;
  request_network_headers: boolean;
  is_test: boolean;
  open_attempt: string | null;
}

interface NextState {
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  failureReason: string | null;
  outcome: AttemptOutcome;
}

/** Where a delivery goes after its attempt number `attemptCount + 1` ended. */
export function nextState(attemptCount: number, ok: boolean, error: string | null, timing: DeliveryTiming, now: Date): NextState {
  const done = attemptCount + 1;
  if (ok) return { status: "delivered", attemptCount: done, nextAttemptAt: null, deliveredAt: now, failureReason: null, outcome: { kind: "delivered" } };
  if (done > timing.retryDelaysMs.length) {
    return { status: "failed", attemptCount: done, nextAttemptAt: null, deliveredAt: null, failureReason: error, outcome: { kind: "failed" } };
  }
  const at = new Date(now.getTime() + timing.retryDelaysMs[done - 1]);
  return { status: "pending", attemptCount: done, nextAttemptAt: at, deliveredAt: null, failureReason: error, outcome: { kind: "retry", at } };
}

async function saveState(tx: Tx, deliveryId: string, claimId: string, s: NextState, now: Date): Promise<void> {
  await tx.webhookDelivery.updateMany({
    where: { id: deliveryId, claimId },
    data: { status: s.status, attemptCount: s.attemptCount, nextAttemptAt: s.nextAttemptAt, deliveredAt: s.deliveredAt, failureReason: s.failureReason, enqueuedAt: null, claimId: null, updatedAt: now },
  });
}

type Begun = { outcome: AttemptOutcome } | { outcome?: undefined; d: Locked; attemptId: string };

/** Phase 1: check the job still holds the delivery, and write the attempt down. */
function begin(deliveryId: string, claimId: string, timing: DeliveryTiming) {
  return async (tx: Tx): Promise<Begun> => {
    const [d] = await tx.$queryRaw<Locked[]>`
      SELECT d.status::text AS status, d.claim_id::text AS claim_id, d.round, d.attempt_count, d.body,
             e.id::text AS endpoint_id, e.url, e.secret_encrypted, e.previous_secret_encrypted, e.previous_secret_expires_at, e.is_active, e.request_network_headers, ev.is_test,
             (SELECT a.id::text FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.finished_at IS NULL LIMIT 1) AS open_attempt
      FROM webhook_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id
      JOIN webhook_events ev ON ev.id = d.event_id
      WHERE d.id = ${deliveryId}
      FOR UPDATE OF d`;
    if (!d || d.status !== "pending" || d.claim_id !== claimId) return { outcome: { kind: "skipped" } };
    const now = new Date();
    if (d.open_attempt) {
      // This job ran before and its worker died mid-attempt.
      await tx.webhookAttempt.update({ where: { id: d.open_attempt }, data: { finishedAt: now, error: INTERRUPTED } });
      const s = nextState(d.attempt_count, false, INTERRUPTED, timing, now);
      await saveState(tx, deliveryId, claimId, s, now);
      return { outcome: s.outcome };
    }
    if (!d.is_active) {
      await tx.webhookDelivery.updateMany({
        where: { id: deliveryId, claimId },
        data: { status: "failed", nextAttemptAt: null, claimId: null, failureReason: "the endpoint was deactivated before this attempt" },
      });
      return { outcome: { kind: "failed" } };
    }
    const [attempt] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO webhook_attempts (id, delivery_id, round, retry_count, started_at)
      VALUES (gen_random_uuid(), ${deliveryId}, ${d.round}, ${d.attempt_count}, ${now})
      RETURNING id::text AS id`;
    return { d, attemptId: attempt.id };
  };
}

/** Runs the attempt that job `claimId` was created for. */
export async function attemptDelivery(deliveryId: string, claimId: string, opts: AttemptOptions): Promise<AttemptOutcome> {
  const prisma = await db();
  const begun = await prisma.$transaction(begin(deliveryId, claimId, opts.timing));
  if (begun.outcome) return begun.outcome;
  const { d, attemptId } = begun;

  let result: AttemptResult;
  try {
    const secret = openWebhookSecret(d.endpoint_id, d.secret_encrypted);
    const sentAt = new Date();
    const overlapping = d.previous_secret_encrypted !== null && d.previous_secret_expires_at !== null && new Date(d.previous_secret_expires_at) > sentAt;
    const headers = deliveryHeaders({
      deliveryId,
      retryCount: d.attempt_count,
      isTest: d.is_test,
      secret,
      previousSecrets: overlapping ? [openWebhookSecret(d.endpoint_id, d.previous_secret_encrypted!)] : [],
      body: d.body,
      now: sentAt,
      requestNetworkHeaders: d.request_network_headers,
    });
    result = await sendAttempt(d.url, d.body, headers, { timeoutMs: opts.timing.attemptTimeoutMs, policy: opts.policy, ca: opts.ca });
  } catch (err) {
    result = { ok: false, statusCode: null, error: `could not send: ${(err as Error).message}`.slice(0, 300), durationMs: 0, responseExcerpt: null };
  }

  // Phase 2, one statement: complete the attempt and move the delivery on — unless the
  // attempt was meanwhile counted as interrupted (this worker was presumed dead).
  const now = new Date();
  const s = nextState(d.attempt_count, result.ok, result.error, opts.timing, now);
  const moved = await prisma.$queryRaw<{ id: string }[]>`
    WITH a AS (
      UPDATE webhook_attempts
      SET finished_at = ${now}, duration_ms = ${result.durationMs}, status_code = ${result.statusCode}, error = ${result.error}, response_excerpt = ${result.responseExcerpt}
      WHERE id = ${attemptId}::uuid AND finished_at IS NULL
      RETURNING id
    )
    UPDATE webhook_deliveries d
    SET status = ${s.status}::"DeliveryStatus", attempt_count = ${s.attemptCount}, next_attempt_at = ${s.nextAttemptAt},
        delivered_at = ${s.deliveredAt}, failure_reason = ${s.failureReason}, enqueued_at = NULL, claim_id = NULL, updated_at = ${now}
    FROM a
    WHERE d.id = ${deliveryId} AND d.claim_id = ${claimId}::uuid
    RETURNING d.id`;
  return moved.length === 1 ? s.outcome : { kind: "skipped" };
}
