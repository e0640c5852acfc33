// One job = one attempt of one delivery. The attempt is written down before the request goes
// out and completed after, so the log shows every attempt, and an attempt whose worker died
// (the job comes back after its lease) is counted as interrupted instead of vanishing.
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
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
  id: string;
  status: string;
  claim_id: string | null;
  round: number;
  attempt_count: number;
}

/** After attempt number `attemptCount` (1-based) ended without a 2xx: retry or give up. */
async function afterFailure(tx: Tx, d: Locked, claimId: string, error: string, timing: DeliveryTiming, now: Date): Promise<AttemptOutcome> {
  const done = d.attempt_count + 1;
  if (done > timing.retryDelaysMs.length) {
    await tx.webhookDelivery.updateMany({
      where: { id: d.id, claimId },
      data: { status: "failed", attemptCount: done, nextAttemptAt: null, claimId: null, failureReason: error },
    });
    return { kind: "failed" };
  }
  const at = new Date(now.getTime() + timing.retryDelaysMs[done - 1]);
  await tx.webhookDelivery.updateMany({
    where: { id: d.id, claimId },
    data: { attemptCount: done, nextAttemptAt: at, enqueuedAt: null, claimId: null, failureReason: error },
  });
  return { kind: "retry", at };
}

async function lock(tx: Tx, deliveryId: string): Promise<Locked | undefined> {
  const rows = await tx.$queryRaw<Locked[]>`
    SELECT id, status::text AS status, claim_id::text AS claim_id, round, attempt_count
    FROM webhook_deliveries WHERE id = ${deliveryId} FOR UPDATE`;
  return rows[0];
}

function loadDelivery(tx: Tx, deliveryId: string) {
  return tx.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: { endpoint: true, event: { select: { isTest: true } } } });
}

/** Runs the attempt that job `claimId` was created for. */
export async function attemptDelivery(deliveryId: string, claimId: string, opts: AttemptOptions): Promise<AttemptOutcome> {
  const prisma = await db();
  type Begun = { outcome: AttemptOutcome } | { outcome?: undefined; d: Locked; delivery: Awaited<ReturnType<typeof loadDelivery>>; attempt: { id: string } };
  const begun: Begun = await prisma.$transaction(async (tx): Promise<Begun> => {
    const d = await lock(tx, deliveryId);
    if (!d || d.status !== "pending" || d.claim_id !== claimId) return { outcome: { kind: "skipped" } };
    const now = new Date();
    const open = await tx.webhookAttempt.findFirst({ where: { deliveryId, finishedAt: null } });
    if (open) {
      // This job ran before and its worker died mid-attempt.
      await tx.webhookAttempt.update({ where: { id: open.id }, data: { finishedAt: now, error: INTERRUPTED } });
      return { outcome: await afterFailure(tx, d, claimId, INTERRUPTED, opts.timing, now) };
    }
    const delivery = await loadDelivery(tx, deliveryId);
    if (!delivery.endpoint.isActive) {
      await tx.webhookDelivery.updateMany({
        where: { id: deliveryId, claimId },
        data: { status: "failed", nextAttemptAt: null, claimId: null, failureReason: "the endpoint was deactivated before this attempt" },
      });
      return { outcome: { kind: "failed" } };
    }
    const attempt = await tx.webhookAttempt.create({
      data: { deliveryId, round: d.round, retryCount: d.attempt_count, startedAt: now },
    });
    return { d, delivery, attempt };
  });
  if (begun.outcome) return begun.outcome;

  const { d, delivery, attempt } = begun;
  let result: AttemptResult;
  try {
    const secret = openWebhookSecret(delivery.endpoint.id, delivery.endpoint.secretEncrypted);
    const headers = deliveryHeaders({ deliveryId, retryCount: d.attempt_count, isTest: delivery.event.isTest, secret, body: delivery.body, now: new Date() });
    result = await sendAttempt(delivery.endpoint.url, delivery.body, headers, { timeoutMs: opts.timing.attemptTimeoutMs, policy: opts.policy, ca: opts.ca });
  } catch (err) {
    result = { ok: false, statusCode: null, error: `could not send: ${(err as Error).message}`.slice(0, 300), durationMs: 0, responseExcerpt: null };
  }

  return prisma.$transaction(async (tx) => {
    const now = new Date();
    const locked = await lock(tx, deliveryId);
    const { count } = await tx.webhookAttempt.updateMany({
      where: { id: attempt.id, finishedAt: null },
      data: { finishedAt: now, durationMs: result.durationMs, statusCode: result.statusCode, error: result.error, responseExcerpt: result.responseExcerpt },
    });
    // Presumed dead and already counted as interrupted: the delivery has moved on.
    if (count === 0 || !locked || locked.claim_id !== claimId) return { kind: "skipped" } as AttemptOutcome;
    if (result.ok) {
      await tx.webhookDelivery.updateMany({
        where: { id: deliveryId, claimId },
        data: { status: "delivered", attemptCount: locked.attempt_count + 1, deliveredAt: now, nextAttemptAt: null, claimId: null, failureReason: null },
      });
      return { kind: "delivered" } as AttemptOutcome;
    }
    return afterFailure(tx, locked, claimId, result.error ?? "failed", opts.timing, now);
  });
}
