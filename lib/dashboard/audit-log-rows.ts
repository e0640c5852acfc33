// The audit log as the dashboard shows it and exports it: each entry with its actor named for a
// person (a user's email or wallet, an API key's prefix and name) and its changes as one line.
import type { AuditFilter } from "../audit";
import { listAuditEvents, walkAuditEvents } from "../audit";
import type { AuditEventAnswer } from "../audit/schemas";
import { getSignedInUser } from "../auth";
import { AUDIT_PAGE_SIZE } from "./audit-log-query";

export interface AuditLogRow {
  id: string;
  at: Date;
  action: string;
  actor: string;
  actorId: string | null;
  target: string;
  changes: string;
  source: string;
}

/** "field: before → after", a redacted field as "field changed". */
function describeChanges(e: AuditEventAnswer): string {
  return e.changes
    .map((c) => (c.redacted ? `${c.field} changed` : `${c.field}: ${c.before ?? "(none)"} → ${c.after ?? "(none)"}`))
    .join("; ");
}

async function userLabels(events: AuditEventAnswer[]): Promise<Map<string, string>> {
  const ids = [...new Set(events.flatMap((e) => (e.actor.type === "user" && e.actor.id ? [e.actor.id] : [])))];
  const found = await Promise.all(ids.map(async (id) => [id, await getSignedInUser(id)] as const));
  return new Map(
    found.map(([id, who]) => [id, who?.user.email ?? who?.user.walletAddress ?? `user ${id.slice(0, 8)}`]),
  );
}

function actorLabel(e: AuditEventAnswer, users: Map<string, string>): string {
  const a = e.actor;
  if (a.type === "user") return `${users.get(a.id ?? "") ?? "user"} (${a.signInMethod ?? "session"})`;
  if (a.type === "api_key") return `API key ${a.apiKeyPrefix ?? ""}… ${a.apiKeyName ?? ""}`.trim();
  if (a.type === "client_id") return `client ID ${a.clientId ?? ""}`;
  return "system";
}

async function toRows(events: AuditEventAnswer[]): Promise<AuditLogRow[]> {
  const users = await userLabels(events);
  return events.map((e) => ({
    id: e.id,
    at: e.createdAt,
    action: e.action,
    actor: actorLabel(e, users),
    actorId: e.actor.id,
    target: `${e.target.type} ${e.target.id}`,
    changes: describeChanges(e),
    source: [e.clientIp, e.userAgent].filter(Boolean).join(" · "),
  }));
}

/** One page of the dashboard's table. */
export async function loadAuditLogPage(platformId: string, filter: AuditFilter, offset: number) {
  const { rows, total } = await listAuditEvents(platformId, filter, { limit: AUDIT_PAGE_SIZE, offset });
  return { rows: await toRows(rows), total };
}

/** Every matching entry, a page at a time (the CSV export). */
export async function* walkAuditLogRows(platformId: string, filter: AuditFilter, pageSize = 500) {
  let after: Parameters<typeof walkAuditEvents>[3];
  do {
    const page = await walkAuditEvents(platformId, filter, pageSize, after);
    yield await toRows(page.rows);
    after = page.next ?? undefined;
  } while (after);
}
