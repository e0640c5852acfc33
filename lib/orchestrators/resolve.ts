// Orchestrator keys: stored as hashes like API keys.
import { db } from "../db/client";
import { hashToken } from "../auth/tokens";

export interface ResolvedOrchestratorKey {
  id: string;
  orchestratorId: string;
}

export async function resolveOrchestratorKey(key: string): Promise<ResolvedOrchestratorKey | null> {
  const row = await (await db()).orchestratorKey.findUnique({ where: { keyHash: hashToken(key) } });
  if (!row || row.revokedAt) return null;
  return { id: row.id, orchestratorId: row.orchestratorId };
}
