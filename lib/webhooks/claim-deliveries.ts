// Claiming deliveries for attempts, a batch at a time
// (docs/decisions/webhooks-outbox-batch-engine.md). One transaction locks due deliveries (`FOR UPDATE SKIP
// LOCKED`, so concurrent workers take disjoint sets), marks the ones this worker will send
// with its claim and the time (`enqueued_at`, the lease's start), and writes an attempt row
// for each: every attempt is recorded before its request goes out. A delivery found with an
// attempt still open was claimed by a worker that died (or overran its lease): that attempt is
// closed as interrupted and counted as a failed attempt, in the same transaction.
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { type DeliveryTiming, INTERRUPTED, type NextState, nextState } from "./delivery-policy";

type Tx = Prisma.TransactionClient;

/** A delivery this worker holds, with what its attempt needs. */
export interface Claimed {
  deliveryId: string;
  claimId: string;
  attemptId: string;
  attemptCount: number;
  body: string;
  endpointId: string;
  url: string;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
  requestNetworkHeaders: boolean;
  isTest: boolean;
}

interface Candidate {
  id: string;
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

export interface ClaimRequest {
  /** Attempts this worker may start now. */
  limit: number;
  /** Attempts it may still start per endpoint (missing: `perEndpoint`). */
  endpointSlots: ReadonlyMap<string, number>;
  perEndpoint: number;
  timing: DeliveryTiming;
  now?: Date;
}

export interface ClaimResult {
  claimed: Claimed[];
  /** Deliveries settled without a request (interrupted attempts, deactivated endpoints). */
  settled: number;
  /** Due deliveries looked at: fewer than the window means none is left due. */
  seen: number;
  /** Due deliveries left for want of a slot (this worker's or their endpoint's). */
  passedOver: number;
  window: number;
}

/** Claims up to `limit` due deliveries, at most the free slots of each endpoint. */
export async function claimDeliveries(req: ClaimRequest): Promise<ClaimResult> {
  const now = req.now ?? new Date();
  // Endpoints at their cap are left out of the window, so a slow receiver's backlog at the
  // head of the queue cannot hide the other endpoints' deliveries behind it.
  const full = [...req.endpointSlots].filter(([, n]) => n <= 0).map(([id]) => id);
  const window = Math.min(1000, Math.max(16, req.limit * 2));
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    // The due rows come from the index on (status, enqueued_at, next_attempt_at) in its order
    // (the ORDER BY names all three: `IS NULL` does not tell the planner the column is constant,
    // and ordering by next_attempt_at alone sorted every due row); only those are locked and joined.
    const rows = await tx.$queryRaw<Candidate[]>`
      WITH due AS (
        SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND enqueued_at IS NULL AND next_attempt_at <= ${now}
          AND NOT (endpoint_id = ANY(${full}::uuid[]))
        ORDER BY status, enqueued_at, next_attempt_at
        LIMIT ${window}
        FOR UPDATE SKIP LOCKED
      )
      SELECT d.id, d.attempt_count, d.body, e.id::text AS endpoint_id, e.url, e.secret_encrypted, e.previous_secret_encrypted,
             e.previous_secret_expires_at, e.is_active, e.request_network_headers, ev.is_test,
             CASE WHEN d.claim_id IS NOT NULL THEN (SELECT a.id::text FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.finished_at IS NULL LIMIT 1) END AS open_attempt
      FROM due
      JOIN webhook_deliveries d ON d.id = due.id
      JOIN webhook_endpoints e ON e.id = d.endpoint_id
      JOIN webhook_events ev ON ev.id = d.event_id
      ORDER BY d.next_attempt_at, d.id`;
    const slots = new Map(req.endpointSlots);
    const interrupted: Candidate[] = [];
    const inactive: string[] = [];
    const send: Candidate[] = [];
    let passedOver = 0;
    for (const r of rows) {
      if (r.open_attempt) interrupted.push(r);
      else if (!r.is_active) inactive.push(r.id);
      else {
        const left = slots.get(r.endpoint_id) ?? req.perEndpoint;
        // Stays due (its lock ends with this transaction) when this worker or the endpoint has no slot left.
        if (send.length >= req.limit || left <= 0) passedOver++;
        else {
          slots.set(r.endpoint_id, left - 1);
          send.push(r);
        }
      }
    }
    if (interrupted.length > 0) await closeInterrupted(tx, interrupted, req.timing, now);
    if (inactive.length > 0) {
      await tx.$executeRaw`
        UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, enqueued_at = NULL, claim_id = NULL,
          failure_reason = 'the endpoint was deactivated before this attempt', updated_at = ${now}
        WHERE id = ANY(${inactive}::varchar[])`;
    }
    if (send.length === 0)
      return { claimed: [], settled: interrupted.length + inactive.length, seen: rows.length, passedOver, window };
    const started = await tx.$queryRaw<{ id: string; delivery_id: string; claim_id: string }[]>`
      WITH c AS (
        UPDATE webhook_deliveries SET enqueued_at = ${now}, claim_id = gen_random_uuid(), updated_at = ${now}
        WHERE id = ANY(${send.map((r) => r.id)}::varchar[])
        RETURNING id, round, attempt_count, claim_id
      ), a AS (
        INSERT INTO webhook_attempts (id, delivery_id, round, retry_count, started_at)
        SELECT gen_random_uuid(), c.id, c.round, c.attempt_count, ${now} FROM c
        RETURNING id, delivery_id
      )
      SELECT a.id::text AS id, a.delivery_id, c.claim_id::text AS claim_id FROM a JOIN c ON c.id = a.delivery_id`;
    const byDelivery = new Map(started.map((s) => [s.delivery_id, s]));
    const claimed = send.map((r): Claimed => {
      const s = byDelivery.get(r.id)!;
      return {
        deliveryId: r.id,
        claimId: s.claim_id,
        attemptId: s.id,
        attemptCount: r.attempt_count,
        body: r.body,
        endpointId: r.endpoint_id,
        url: r.url,
        secretEncrypted: r.secret_encrypted,
        previousSecretEncrypted: r.previous_secret_encrypted,
        previousSecretExpiresAt: r.previous_secret_expires_at,
        requestNetworkHeaders: r.request_network_headers,
        isTest: r.is_test,
      };
    });
    return { claimed, settled: interrupted.length + inactive.length, seen: rows.length, passedOver, window };
  });
}

/** Attempts cut off by a worker's death: closed, counted as failed, the delivery moved on. */
async function closeInterrupted(tx: Tx, rows: Candidate[], timing: DeliveryTiming, now: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE webhook_attempts SET finished_at = ${now}, error = ${INTERRUPTED}
    WHERE id = ANY(${rows.map((r) => r.open_attempt!)}::uuid[]) AND finished_at IS NULL`;
  const states = rows.map((r) => nextState(r.attempt_count, false, INTERRUPTED, timing, now));
  await saveStates(
    tx,
    rows.map((r) => r.id),
    states,
    now,
  );
}

async function saveStates(tx: Tx, ids: string[], s: NextState[], now: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE webhook_deliveries d
    SET status = x.status::"DeliveryStatus", attempt_count = x.attempt_count, next_attempt_at = x.next_at::timestamp(3),
        delivered_at = NULL, failure_reason = x.reason, enqueued_at = NULL, claim_id = NULL, updated_at = ${now}
    FROM unnest(${ids}::varchar[], ${s.map((x) => x.status)}::text[], ${s.map((x) => x.attemptCount)}::int[],
                ${s.map((x) => x.nextAttemptAt?.toISOString() ?? null)}::text[], ${s.map((x) => x.failureReason)}::text[])
      AS x(id, status, attempt_count, next_at, reason)
    WHERE d.id = x.id`;
}

/**
 * Ends the leases of claims older than `leaseSeconds`: their worker is presumed dead, and the
 * next claim counts their open attempt as interrupted. A worker that was only slow loses its
 * claim the moment another worker takes the delivery (its result is then not recorded).
 */
export async function endExpiredLeases(leaseSeconds: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - leaseSeconds * 1000);
  return (await db()).$executeRaw`
    UPDATE webhook_deliveries SET enqueued_at = NULL
    WHERE status = 'pending' AND enqueued_at IS NOT NULL AND enqueued_at < ${before}`;
}
