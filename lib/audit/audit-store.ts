// Reading a platform's audit log: newest first, filtered, by page (the API and dashboard) or
// walked by keyset (the CSV export). Every read is scoped to the platform.
import { db } from "../db/client";
import type { AuditEvent, Prisma } from "../db/generated/client";
import type { AuditChange } from "./actions";
import type { AuditEventAnswer } from "./schemas";

export interface AuditFilter {
  action?: string;
  actorType?: string;
  actorId?: string;
  targetType?: string;
  targetId?: string;
  fromDate?: Date;
  toDate?: Date;
}

/** Where a keyset walk stands: the last entry of the page before. */
export interface AuditAfter {
  createdAt: Date;
  id: string;
}

function whereOf(platformId: string, f: AuditFilter, after?: AuditAfter): Prisma.AuditEventWhereInput {
  return {
    platformId,
    action: f.action,
    actorType: f.actorType,
    actorId: f.actorId,
    targetType: f.targetType,
    targetId: f.targetId,
    createdAt: f.fromDate || f.toDate ? { gte: f.fromDate, lte: f.toDate } : undefined,
    ...(after
      ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
      : {}),
  };
}

export function toAuditEventView(row: AuditEvent): AuditEventAnswer {
  const detail = row.actorDetail;
  const space = detail?.indexOf(" ") ?? -1;
  const isKey = row.actorType === "api_key" && detail !== null;
  return {
    id: row.id,
    action: row.action,
    actor: {
      type: row.actorType as AuditEventAnswer["actor"]["type"],
      id: row.actorId,
      signInMethod: row.actorType === "user" ? detail : null,
      apiKeyPrefix: isKey ? (space < 0 ? detail : detail.slice(0, space)) : null,
      apiKeyName: isKey && space >= 0 ? detail.slice(space + 1) : null,
      clientId: row.actorType === "client_id" ? detail : null,
    },
    target: { type: row.targetType, id: row.targetId },
    changes: row.changes as unknown as AuditChange[],
    clientIp: row.clientIp,
    userAgent: row.userAgent,
    createdAt: row.createdAt,
  };
}

const ORDER: Prisma.AuditEventOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "asc" }];

/** One page, newest first, and how many entries match. */
export async function listAuditEvents(
  platformId: string,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEventAnswer[]; total: number }> {
  const prisma = await db();
  const where = whereOf(platformId, filter);
  const [rows, total] = await Promise.all([
    prisma.auditEvent.findMany({ where, orderBy: ORDER, take: page.limit, skip: page.offset }),
    prisma.auditEvent.count({ where }),
  ]);
  return { rows: rows.map(toAuditEventView), total };
}

/** The page after `after` (keyset: as fast at any depth), and where the next one starts. */
export async function walkAuditEvents(
  platformId: string,
  filter: AuditFilter,
  limit: number,
  after?: AuditAfter,
): Promise<{ rows: AuditEventAnswer[]; next: AuditAfter | null }> {
  const rows = await (await db()).auditEvent.findMany({
    where: whereOf(platformId, filter, after),
    orderBy: ORDER,
    take: limit,
  });
  const last = rows.at(-1);
  return {
    rows: rows.map(toAuditEventView),
    next: rows.length === limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}
