// The delivery log of one endpoint: every delivery with every attempt (time, status, duration,
// the first bytes of the answer), filtered and paginated newest first, and resending a
// finished delivery. The caller resolves the endpoint within its own scope first.

import { db } from "../db/client";
import type { DeliveryStatus, Prisma } from "../db/generated/client";
import { conflict, notFound } from "../http/errors";
import { isUlid } from "../ids/ids";
import { OUTBOX_CHANNEL } from "./emit-event";
import type { DeliveryAnswer, DeliveryDetailAnswer } from "./schemas";

export const DELIVERY_NOT_FOUND = "Delivery not found";
/** Delivery ids are ULIDs (upper-case Crockford base32). */

const INCLUDE = {
  event: { select: { event: true, isTest: true, requestId: true, payload: true } },
  attempts: { orderBy: [{ round: "asc" }, { retryCount: "asc" }, { startedAt: "asc" }] },
} as const satisfies Prisma.WebhookDeliveryInclude;

type Row = Prisma.WebhookDeliveryGetPayload<{ include: typeof INCLUDE }>;

/** The merchant's reference an event's payload carries (payment and request events name it). */
function referenceOf(payload: unknown): string | null {
  const reference = payload && typeof payload === "object" ? (payload as { reference?: unknown }).reference : null;
  return typeof reference === "string" && reference !== "" ? reference : null;
}

function toView(row: Row): DeliveryAnswer {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event.event,
    isTest: row.event.isTest,
    requestId: row.event.requestId,
    reference: referenceOf(row.event.payload),
    status: row.status,
    round: row.round,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt : null,
    deliveredAt: row.deliveredAt,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    attempts: row.attempts.map((a) => ({
      round: a.round,
      retryCount: a.retryCount,
      startedAt: a.startedAt,
      finishedAt: a.finishedAt,
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      ok: a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300,
      error: a.error,
      responseExcerpt: a.responseExcerpt,
    })),
  };
}

export interface DeliveryFilter {
  event?: string;
  status?: DeliveryStatus;
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

export async function listDeliveries(
  endpointId: string,
  f: DeliveryFilter,
): Promise<{ deliveries: DeliveryAnswer[]; nextCursor: string | null }> {
  const rows = await (await db()).webhookDelivery.findMany({
    where: {
      endpointId,
      ...(f.status ? { status: f.status } : {}),
      ...(f.event ? { event: { event: f.event } } : {}),
      ...(f.cursor ? { id: { lt: f.cursor } } : {}),
    },
    include: INCLUDE,
    orderBy: { id: "desc" },
    take: f.limit + 1,
  });
  const page = rows.slice(0, f.limit);
  return { deliveries: page.map(toView), nextCursor: rows.length > f.limit ? page[page.length - 1].id : null };
}

async function deliveryOrThrow(endpointId: string, deliveryId: string): Promise<Row> {
  const row = isUlid(deliveryId)
    ? await (await db()).webhookDelivery.findFirst({ where: { id: deliveryId, endpointId }, include: INCLUDE })
    : null;
  if (!row) throw notFound("delivery_not_found", DELIVERY_NOT_FOUND);
  return row;
}

export async function getDelivery(endpointId: string, deliveryId: string): Promise<DeliveryDetailAnswer> {
  const row = await deliveryOrThrow(endpointId, deliveryId);
  return { ...toView(row), payload: row.event.payload };
}

/**
 * Sends a finished delivery again: a new round of up to four attempts with the same delivery
 * id and the same bytes (receivers deduplicate by the id), starting now.
 */
export async function resendDelivery(
  endpointId: string,
  deliveryId: string,
  now = new Date(),
): Promise<DeliveryAnswer> {
  const row = await deliveryOrThrow(endpointId, deliveryId);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { isActive: true } });
    if (!endpoint?.isActive)
      throw conflict("webhook_endpoint_inactive", "This webhook endpoint is inactive; activate it before resending");
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: row.id, endpointId, status: { in: ["delivered", "failed"] } },
      data: {
        status: "pending",
        round: { increment: 1 },
        attemptCount: 0,
        nextAttemptAt: now,
        enqueuedAt: null,
        claimId: null,
        deliveredAt: null,
        failureReason: null,
      },
    });
    if (count === 0)
      throw conflict(
        "delivery_in_progress",
        "This delivery is still in progress; resend it once it is delivered or failed",
      );
    await tx.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`;
  });
  return toView((await deliveryOrThrow(endpointId, deliveryId)) as Row);
}

export const DELIVERY_LOG_RETENTION_DAYS = 30;

/** Drops events (with their deliveries and attempts) older than the retention, once none is pending. */
export async function purgeDeliveryLog(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_LOG_RETENTION_DAYS * 24 * 60 * 60_000);
  const { count } = await (await db()).webhookEvent.deleteMany({
    where: { createdAt: { lt: before }, deliveries: { none: { status: "pending" } } },
  });
  return count;
}
