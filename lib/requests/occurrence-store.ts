// The rows of recurring invoices (payment_requests): originals waiting for their next
// occurrence, and the occurrences they issue. The unique index on (original_request_id,
// occurrence_index) is what keeps an occurrence single, whatever the workers do.
import type { NetworkId } from "../chains/networks";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { fromRow, type NewStoredRequest, type StoredRequest, toCreateInput } from "./request-store";

type Tx = Prisma.TransactionClient;

/** When the earliest original of `network` waits for its next occurrence; null when none does. */
export async function earliestOccurrenceDue(network: NetworkId): Promise<Date | null> {
  const row = await (await db()).paymentRequest.findFirst({
    where: { network, nextOccurrenceAt: { not: null } },
    orderBy: { nextOccurrenceAt: "asc" },
    select: { nextOccurrenceAt: true },
  });
  return row?.nextOccurrenceAt ?? null;
}

/** Originals of `network` whose next occurrence is due at `now`, earliest first. */
export async function originalsDue(network: NetworkId, now: Date, limit: number): Promise<string[]> {
  const rows = await (await db()).paymentRequest.findMany({
    where: { network, nextOccurrenceAt: { lte: now } },
    orderBy: { nextOccurrenceAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/** The original, locked until the transaction ends: one worker at a time moves its cursor. */
export async function lockOriginal(tx: Tx, requestId: string): Promise<StoredRequest | null> {
  await tx.$queryRaw`SELECT id FROM payment_requests WHERE id = ${requestId} FOR UPDATE`;
  const row = await tx.paymentRequest.findUnique({ where: { id: requestId } });
  return row ? fromRow(row) : null;
}

/** Inserts the occurrences; one that exists already is skipped. Answers those inserted. */
export async function insertOccurrences(
  tx: Tx,
  occurrences: readonly NewStoredRequest[],
): Promise<{ id: string; paymentReference: string; occurrenceIndex: number | null }[]> {
  return tx.paymentRequest.createManyAndReturn({
    data: occurrences.map(toCreateInput),
    skipDuplicates: true,
    select: { id: true, paymentReference: true, occurrenceIndex: true },
  });
}

/** Moves the original's cursor to occurrence `next`, due at `dueAt`. */
export async function advanceOriginal(tx: Tx, requestId: string, next: number, dueAt: Date): Promise<void> {
  await tx.paymentRequest.update({
    where: { id: requestId },
    data: { nextOccurrence: next, nextOccurrenceAt: dueAt },
  });
}

export interface OccurrenceRow {
  requestId: string;
  occurrenceIndex: number;
  status: StoredRequest["status"];
  createdAt: Date;
}

/** The occurrences an original issued, latest first (the dashboard's request page). */
export async function listOccurrences(
  platformId: string,
  originalRequestId: string,
  limit = 100,
): Promise<OccurrenceRow[]> {
  const rows = await (await db()).paymentRequest.findMany({
    where: { platformId, originalRequestId: originalRequestId.toLowerCase(), occurrenceIndex: { not: null } },
    orderBy: { occurrenceIndex: "desc" },
    take: limit,
    select: { id: true, occurrenceIndex: true, status: true, createdAt: true },
  });
  return rows.map((r) => ({
    requestId: r.id,
    occurrenceIndex: r.occurrenceIndex ?? 0,
    status: r.status,
    createdAt: r.createdAt,
  }));
}
