// Client IDs are public values sent by browsers; only active ones authenticate.
import { db } from "../db/client";

const TOUCH_INTERVAL_MS = 60_000;

export interface ResolvedClientId {
  id: string;
  platformId: string;
  clientId: string;
  allowedDomains: string[];
}

export async function resolveClientId(value: string, now = new Date()): Promise<ResolvedClientId | null> {
  if (value.length > 200) return null;
  const prisma = await db();
  const row = await prisma.clientId.findUnique({ where: { clientId: value } });
  if (!row || row.status !== "active") return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    void prisma.clientId.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  return { id: row.id, platformId: row.platformId, clientId: row.clientId, allowedDomains: row.allowedDomains };
}
