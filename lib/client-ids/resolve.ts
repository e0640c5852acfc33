// Client IDs are public values sent by browsers; only active ones authenticate.

import { db } from "../db/client";
import { credentialCache, forgetCredentials } from "../http/credential-cache";

const TOUCH_INTERVAL_MS = 60_000;

export interface ResolvedClientId {
  id: string;
  platformId: string;
  clientId: string;
  allowedDomains: string[];
}

const resolved = credentialCache<ResolvedClientId>("client_id");

/** Every change of a client ID (status, allowedDomains) calls this before it answers: every
 * instance forgets the resolved client IDs and which origins they allow. */
export async function forgetResolvedClientIds(): Promise<void> {
  await Promise.all([forgetCredentials("client_id"), forgetCredentials("browser_origin")]);
}

/**
 * What secure payments created with this client ID must pay to: its bound payee destination,
 * and whether it is a backend client ID (no allowed domains), which cannot create one unbound.
 */
export async function destinationBinding(
  clientIdId: string,
): Promise<{ payeeDestinationId: string | null; backend: boolean }> {
  const row = await (await db()).clientId.findUnique({
    where: { id: clientIdId },
    select: { payeeDestinationId: true, allowedDomains: true },
  });
  return { payeeDestinationId: row?.payeeDestinationId ?? null, backend: (row?.allowedDomains.length ?? 1) === 0 };
}

export async function resolveClientId(value: string, now = new Date()): Promise<ResolvedClientId | null> {
  if (value.length > 200) return null;
  const cached = resolved.get(value);
  if (cached) return cached;
  const prisma = await db();
  const row = await prisma.clientId.findUnique({ where: { clientId: value } });
  if (!row || row.status !== "active") return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    void prisma.clientId.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  const out = { id: row.id, platformId: row.platformId, clientId: row.clientId, allowedDomains: row.allowedDomains };
  resolved.set(value, out);
  return out;
}
