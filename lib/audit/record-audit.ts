// Writing an audit entry. Domains call recordAudit inside the transaction of the change it
// records, as they call emitEvent for webhooks: the entry exists if and only if the change
// commits (docs/decisions/audit-log.md).
import type { Prisma } from "../db/generated/client";
import type { AuditAction, AuditChange } from "./actions";
import type { AuditContext } from "./audit-context";

export interface AuditEntry {
  action: AuditAction;
  target: { type: string; id: string };
  /** What changed; secrets and personal data only as `redacted` (changes.ts). */
  changes?: AuditChange[];
}

function actorColumns(ctx: AuditContext): { actorType: string; actorId: string | null; actorDetail: string | null } {
  const a = ctx.actor;
  switch (a.type) {
    case "user":
      return { actorType: "user", actorId: a.userId, actorDetail: a.signIn };
    case "api_key":
      return { actorType: "api_key", actorId: a.apiKeyId, actorDetail: `${a.prefix} ${a.name}` };
    case "client_id":
      return { actorType: "client_id", actorId: a.clientIdId, actorDetail: a.clientId };
    case "system":
      return { actorType: "system", actorId: null, actorDetail: null };
  }
}

export async function recordAudit(tx: Prisma.TransactionClient, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await tx.auditEvent.create({
    data: {
      platformId: ctx.platformId,
      ...actorColumns(ctx),
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      changes: (entry.changes ?? []) as unknown as Prisma.InputJsonValue,
      clientIp: ctx.clientIp,
      userAgent: ctx.userAgent,
    },
  });
}
