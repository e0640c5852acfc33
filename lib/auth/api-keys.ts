// Platform API keys: shown once at creation, stored as SHA-256 hashes.

import { type AuditContext, recordAudit, systemAuditContext } from "../audit";
import { db } from "../db/client";
import { API_KEY_SCOPES, type ApiKeyScope, normaliseScopes } from "../http/api-key-scopes";
import { credentialCache, forgetCredentials } from "../http/credential-cache";
import { generateToken, hashToken, tokenPrefix } from "./tokens";

const TOUCH_INTERVAL_MS = 60_000; // lastUsedAt is informative; one write a minute is enough

export interface ResolvedApiKey {
  id: string;
  platformId: string;
  prefix: string;
  name: string;
  scopes: ApiKeyScope[];
}

/** `scopes`: what the key may do (docs/decisions/api-key-scopes.md); all four when not given.
 * `audit`: who creates it (the audit log's entry; the service itself when not given). */
export async function createApiKey(
  platformId: string,
  name: string,
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
  audit: AuditContext = systemAuditContext(platformId),
) {
  const key = generateToken("slk");
  const row = await (await db()).$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: { platformId, name, prefix: tokenPrefix(key), keyHash: hashToken(key), scopes: normaliseScopes(scopes) },
    });
    // The key itself is never recorded, nor its hash: the prefix names it.
    await recordAudit(tx, audit, {
      action: "api_key.created",
      target: { type: "api_key", id: created.id },
      changes: [
        { field: "name", before: null, after: created.name, redacted: false },
        { field: "prefix", before: null, after: created.prefix, redacted: false },
        { field: "scopes", before: null, after: normaliseScopes(created.scopes).join(", "), redacted: false },
      ],
    });
    return created;
  });
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: normaliseScopes(row.scopes),
    createdAt: row.createdAt,
    key,
  };
}

/** Valid keys by hash, for CREDENTIAL_CACHE_MS; a revoke clears the entry on every instance
 * (lib/http/credential-cache.ts). */
const resolved = credentialCache<ResolvedApiKey>("api_key");

export async function resolveApiKey(key: string, now = new Date()): Promise<ResolvedApiKey | null> {
  if (key.length > 200) return null;
  const keyHash = hashToken(key);
  const cached = resolved.get(keyHash);
  if (cached) return cached;
  const prisma = await db();
  const row = await prisma.apiKey.findUnique({ where: { keyHash } });
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    void prisma.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  const out = {
    id: row.id,
    platformId: row.platformId,
    prefix: row.prefix,
    name: row.name,
    scopes: normaliseScopes(row.scopes),
  };
  resolved.set(keyHash, out);
  return out;
}

const PUBLIC_FIELDS = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

export async function listApiKeys(platformId: string) {
  const rows = await (await db()).apiKey.findMany({
    where: { platformId },
    orderBy: { createdAt: "desc" },
    select: PUBLIC_FIELDS,
  });
  return rows.map((r) => ({ ...r, scopes: normaliseScopes(r.scopes) }));
}

/** One key of the platform (never its hash); null for another platform's key, like a missing one. */
export async function getApiKey(platformId: string, id: string) {
  const row = await (await db()).apiKey.findFirst({ where: { id, platformId }, select: PUBLIC_FIELDS });
  return row && { ...row, scopes: normaliseScopes(row.scopes) };
}

/** Scoped to the platform: another platform's key id behaves like a missing one. Revoking a
 * revoked key changes nothing and records nothing. */
export async function revokeApiKey(
  platformId: string,
  id: string,
  audit: AuditContext = systemAuditContext(platformId),
): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.$transaction(async (tx) => {
    const revoked = await tx.apiKey.updateMany({
      where: { id, platformId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (revoked.count === 1)
      await recordAudit(tx, audit, { action: "api_key.revoked", target: { type: "api_key", id } });
    return revoked;
  });
  if (count === 1) {
    const row = await prisma.apiKey.findUnique({ where: { id }, select: { keyHash: true } });
    await forgetCredentials("api_key", row?.keyHash);
  }
  return count === 1;
}
