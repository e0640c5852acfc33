// Orchestrator keys: stored as hashes like API keys.
import { db } from "../db/client";
import { hashToken } from "../auth/tokens";

const TOUCH_INTERVAL_MS = 60_000; // lastUsedAt is informative; one write a minute is enough

export interface ResolvedOrchestratorKey {
  id: string;
  orchestratorId: string;
}

export async function resolveOrchestratorKey(key: string, now = new Date()): Promise<ResolvedOrchestratorKey | null> {
  if (key.length > 200) return null;
  const prisma = await db();
  const row = await prisma.orchestratorKey.findUnique({ where: { keyHash: hashToken(key) } });
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    void prisma.orchestratorKey.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  return { id: row.id, orchestratorId: row.orchestratorId };
}
