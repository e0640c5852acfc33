// Client IDs are public values sent by browsers; only active ones authenticate.
import { CREDENTIAL_CACHE_MS } from "../auth/api-keys";
import { ttlCache } from "../cache/ttl-cache";
import { db } from "../db/client";

const TOUCH_INTERVAL_MS = 60_000;

export interface ResolvedClientId {
  id: string;
  platformId: string;
  clientId: string;
  allowedDomains: string[];
}

const resolved = ttlCache<ResolvedClientId>(CREDENTIAL_CACHE_MS);

/** Every change of a client ID (status, allowedDomains) calls this before it answers. */
export function forgetResolvedClientIds(): void {
  resolved.clear();
}

export async function resolveClientId(value: string, now = new Date()): Promise<ResolvedClientId | null> {
  if (value.length > 200) return null;
  const cached = resolved.get(value, now.getTime());
  if (cached) return cached;
  const prisma = await db();
  const row = await prisma.clientId.findUnique({ where: { clientId: value } });
  if (!row || row.status !== "active") return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    void prisma.clientId.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  const out = { id: row.id, platformId: row.platformId, clientId: row.clientId, allowedDomains: row.allowedDomains };
  resolved.set(value, out, now.getTime());
  return out;
}
