// Orchestrator accounts and their keys. There is no public sign-up: operators create them with
// `scripts/orchestrator.ts`. A key is shown once and stored as a SHA-256 hash.
import { generateToken, hashToken, tokenPrefix } from "../auth";
import { db } from "../db/client";
import { isUuid } from "../ids/ids";
import { forgetResolvedOrchestratorKeys } from "./resolve";

export const ORCHESTRATOR_KEY_PREFIX = "slo";

export interface IssuedOrchestratorKey {
  keyId: string;
  prefix: string;
  /** The secret, shown once. */
  key: string;
}

export async function createOrchestrator(
  name: string,
): Promise<{ orchestratorId: string; name: string } & IssuedOrchestratorKey> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 100 || trimmed.includes("\u0000"))
    throw new Error("An orchestrator name is 1 to 100 characters");
  const key = generateToken(ORCHESTRATOR_KEY_PREFIX);
  const row = await (await db()).orchestrator.create({
    data: { name: trimmed, keys: { create: { prefix: tokenPrefix(key), keyHash: hashToken(key) } } },
    include: { keys: true },
  });
  return { orchestratorId: row.id, name: row.name, keyId: row.keys[0].id, prefix: row.keys[0].prefix, key };
}

/** Another key for an existing orchestrator (e.g. to rotate); null when there is no such orchestrator. */
export async function issueOrchestratorKey(orchestratorId: string): Promise<IssuedOrchestratorKey | null> {
  const prisma = await db();
  if (!isUuid(orchestratorId) || !(await prisma.orchestrator.findUnique({ where: { id: orchestratorId } })))
    return null;
  const key = generateToken(ORCHESTRATOR_KEY_PREFIX);
  const row = await prisma.orchestratorKey.create({
    data: { orchestratorId, prefix: tokenPrefix(key), keyHash: hashToken(key) },
  });
  return { keyId: row.id, prefix: row.prefix, key };
}

/** True when the key was active and is now revoked. */
export async function revokeOrchestratorKey(keyId: string, now = new Date()): Promise<boolean> {
  if (!isUuid(keyId)) return false;
  const { count } = await (await db()).orchestratorKey.updateMany({
    where: { id: keyId, revokedAt: null },
    data: { revokedAt: now },
  });
  await forgetResolvedOrchestratorKeys();
  return count === 1;
}

export async function listOrchestrators() {
  const rows = await (await db()).orchestrator.findMany({
    orderBy: { createdAt: "asc" },
    include: {
      keys: {
        orderBy: { createdAt: "asc" },
        select: { id: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
      },
    },
  });
  return rows.map((o) => ({ orchestratorId: o.id, name: o.name, createdAt: o.createdAt, keys: o.keys }));
}

/** The orchestrator's public face (its name is shown to platforms asked to link). */
export async function findOrchestrator(orchestratorId: string): Promise<{ id: string; name: string } | null> {
  if (!isUuid(orchestratorId)) return null;
  return (await db()).orchestrator.findUnique({ where: { id: orchestratorId }, select: { id: true, name: true } });
}
