// Orchestrator keys: stored as hashes like API keys, and cached like them.
import { hashToken } from "../auth";
import { db } from "../db/client";
import { credentialCache, forgetCredentials } from "../http/credential-cache";

const TOUCH_INTERVAL_MS = 60_000; // lastUsedAt is informative; one write a minute is enough

export interface ResolvedOrchestratorKey {
  id: string;
  orchestratorId: string;
}

const resolved = credentialCache<ResolvedOrchestratorKey>("orchestrator_key");

/** A revoke calls this before it answers: every instance forgets the resolved keys. */
export async function forgetResolvedOrchestratorKeys(): Promise<void> {
  await forgetCredentials("orchestrator_key");
}

export async function resolveOrchestratorKey(key: string, now = new Date()): Promise<ResolvedOrchestratorKey | null> {
  if (key.length > 200) return null;
  const keyHash = hashToken(key);
  const cached = resolved.get(keyHash);
  if (cached) return cached;
  const prisma = await db();
  const row = await prisma.orchestratorKey.findUnique({ where: { keyHash } });
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    void prisma.orchestratorKey.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  const out = { id: row.id, orchestratorId: row.orchestratorId };
  resolved.set(keyHash, out);
  return out;
}
