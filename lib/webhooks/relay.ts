// The outbox relay: hands deliveries that wait for an attempt (new ones, retries, resends) to
// the job queue. Marking them and creating their jobs happen in one transaction, so a crash
// leaves either both or neither; the job's id is the delivery's claim, so a job left over
// from an older claim finds nothing to do.
import type PgBoss from "pg-boss";
import { db } from "../db/client";
import { inTransaction } from "../jobs/job-queue";
import { attemptLeaseSeconds, type DeliveryTiming } from "./delivery-policy";

export const DELIVERY_QUEUE = "webhook-delivery";

export interface DeliveryJob {
  deliveryId: string;
}

export interface Relayed {
  count: number;
  /** When each relayed job becomes due. */
  dueAt: Date[];
}

export async function relayPending(boss: PgBoss, timing: DeliveryTiming, limit = 500, now = new Date()): Promise<Relayed> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; claim_id: string; next_attempt_at: Date | null }[]>`
      WITH due AS (
        SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND enqueued_at IS NULL
        ORDER BY next_attempt_at NULLS FIRST, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE webhook_deliveries d SET enqueued_at = ${now}, claim_id = gen_random_uuid()
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.claim_id::text AS claim_id, d.next_attempt_at`;
    if (rows.length === 0) return { count: 0, dueAt: [] };
    const dueAt = rows.map((r) => r.next_attempt_at ?? now);
    const jobs: PgBoss.JobInsert<DeliveryJob>[] = rows.map((r, i) => ({
      id: r.claim_id,
      name: DELIVERY_QUEUE,
      data: { deliveryId: r.id },
      startAfter: dueAt[i].toISOString(),
      expireInSeconds: attemptLeaseSeconds(timing),
      // Retries here only recover a job whose worker died (the attempt is then counted as
      // interrupted); the delivery's own retries are new jobs on the 1/5/15 s schedule.
      retryLimit: 5,
      retryDelay: 1,
    }));
    await boss.insert(jobs, { db: inTransaction(tx) });
    return { count: rows.length, dueAt };
  });
}
