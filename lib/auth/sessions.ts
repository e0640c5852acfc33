// Server-side sessions: the token is given to the client once, its hash is stored.
// Wallet sessions slide (15 idle minutes); email sessions last 30 days from sign-in.
import { db } from "../db/client";
import { credentialCache, forgetCredentials } from "../http/credential-cache";
import { decryptSecret, encryptSecret } from "../secrets/encrypt-at-rest";
import { now as clockNow } from "./clock";
import { purgeEmailTokens } from "./email-links";
import { generateToken, hashToken } from "./tokens";

export const WALLET_IDLE_MS = 15 * 60_000;
export const EMAIL_LIFETIME_MS = 30 * 24 * 60 * 60_000;
const SLIDE_WRITE_MS = 30_000; // extend the sliding expiry at most twice a minute (one write per interval)

export type { SessionKind } from "../http/caller";

import type { SessionKind } from "../http/caller";

export interface ResolvedSession {
  id: string;
  userId: string;
  platformId: string;
  kind: SessionKind;
  expiresAt: Date;
}

/** Where a sign-in came from, shown in the user's list of sessions; stored encrypted. */
export interface SessionOrigin {
  userAgent: string | null;
  ipAddress: string | null;
}

const ORIGIN_CONTEXT = "session-origin";
const sealed = (v: string | null, max: number) => (v ? encryptSecret(v.slice(0, max), ORIGIN_CONTEXT) : null);

function opened(v: string | null): string | null {
  if (!v) return null;
  try {
    return decryptSecret(v, ORIGIN_CONTEXT);
  } catch {
    return null; // written under a key no longer configured: the list shows it as unknown
  }
}

export async function createSession(
  userId: string,
  kind: SessionKind,
  now = clockNow(),
  origin: SessionOrigin = { userAgent: null, ipAddress: null },
) {
  const token = generateToken("sls");
  const expiresAt = new Date(now.getTime() + (kind === "wallet" ? WALLET_IDLE_MS : EMAIL_LIFETIME_MS));
  const row = await (await db()).session.create({
    data: {
      tokenHash: hashToken(token),
      userId,
      kind,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: sealed(origin.userAgent, 300),
      ipAddress: sealed(origin.ipAddress, 64),
    },
  });
  return { token, sessionId: row.id, expiresAt };
}

/** A session as the cache keeps it: `lastSeenAt` is when this instance last slid it (or read it). */
interface CachedSession extends ResolvedSession {
  lastSeenAt: Date;
}

/** Sessions by token hash, for CREDENTIAL_CACHE_MS; a logout forgets the entry on every instance
 * (lib/http/credential-cache.ts), and an expired one is never served. */
const resolved = credentialCache<CachedSession>("session");

export async function resolveSession(token: string, now = clockNow()): Promise<ResolvedSession | null> {
  const tokenHash = hashToken(token);
  let s = resolved.get(tokenHash);
  if (s && s.expiresAt.getTime() <= now.getTime()) {
    resolved.delete(tokenHash); // perhaps slid by another instance meanwhile: the row says
    s = undefined;
  }
  if (!s) {
    const prisma = await db();
    const row = await prisma.session.findUnique({ where: { tokenHash }, include: { user: true } });
    if (!row) return null;
    if (row.expiresAt.getTime() <= now.getTime()) {
      await prisma.session.deleteMany({ where: { id: row.id } });
      return null;
    }
    s = {
      id: row.id,
      userId: row.userId,
      platformId: row.user.platformId,
      kind: row.kind,
      expiresAt: row.expiresAt,
      lastSeenAt: row.lastSeenAt,
    };
    resolved.set(tokenHash, s);
  }
  // Email sessions are touched too, so the list of sessions can say when each was last used.
  if (now.getTime() - s.lastSeenAt.getTime() > SLIDE_WRITE_MS) await slide(s, now);
  return { id: s.id, userId: s.userId, platformId: s.platformId, kind: s.kind, expiresAt: s.expiresAt };
}

/**
 * Extends a wallet session's expiry (an email session's last use only): at most one write per SLIDE_WRITE_MS for the session,
 * whatever the number of requests and instances. The cached entry claims the slide before the
 * write (concurrent requests here do not write again), and the write is conditional on the row
 * not having been slid within the interval (by another instance), so it changes nothing then.
 */
async function slide(s: CachedSession, now: Date): Promise<void> {
  s.lastSeenAt = now;
  // An email session's expiry is fixed: only its last use is written.
  const expiresAt = s.kind === "wallet" ? new Date(now.getTime() + WALLET_IDLE_MS) : s.expiresAt;
  // updateMany: a logout may delete the row meanwhile, which must not become an error.
  const { count } = await (await db()).session.updateMany({
    where: { id: s.id, lastSeenAt: { lte: new Date(now.getTime() - SLIDE_WRITE_MS) } },
    data: { lastSeenAt: now, expiresAt },
  });
  // Not written: another instance slid it within the interval, to a later expiry than the one
  // cached here; once the cached one passes, the row is read again.
  if (count === 1) s.expiresAt = expiresAt;
}

export async function deleteSession(token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await (await db()).session.deleteMany({ where: { tokenHash } });
  await forgetCredentials("session", tokenHash);
}

/** When a session (by id, as the request's caller carries it) ends; null once it is gone. */
export async function sessionExpiry(sessionId: string): Promise<Date | null> {
  const row = await (await db()).session.findUnique({ where: { id: sessionId }, select: { expiresAt: true } });
  return row?.expiresAt ?? null;
}

export interface SessionListEntry {
  id: string;
  kind: SessionKind;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
}

/** The user's unexpired sessions, newest first; `current` marks the caller's own. */
export async function listUserSessions(
  userId: string,
  currentId: string,
  now = clockNow(),
): Promise<SessionListEntry[]> {
  const rows = await (await db()).session.findMany({
    where: { userId, expiresAt: { gt: now } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    expiresAt: r.expiresAt,
    userAgent: opened(r.userAgent),
    ipAddress: opened(r.ipAddress),
    current: r.id === currentId,
  }));
}

/** Ends the user's sessions matching `where` (another user's never match); how many ended. */
async function endSessions(userId: string, where: { id?: string | { not: string } }): Promise<number> {
  const prisma = await db();
  const rows = await prisma.session.findMany({ where: { userId, ...where }, select: { id: true, tokenHash: true } });
  if (rows.length === 0) return 0;
  await prisma.session.deleteMany({ where: { userId, id: { in: rows.map((r) => r.id) } } });
  // Other instances may hold them in their credential cache: they forget them now.
  for (const r of rows) await forgetCredentials("session", r.tokenHash);
  return rows.length;
}

/** Ends one of the user's sessions by id; false when the user has no such session. */
export async function revokeUserSession(userId: string, sessionId: string): Promise<boolean> {
  return (await endSessions(userId, { id: sessionId })) > 0;
}

/** Ends every session of the user except `keepId` (sign out everywhere else). */
export async function revokeOtherSessions(userId: string, keepId: string): Promise<number> {
  return endSessions(userId, { id: { not: keepId } });
}

/** Housekeeping: expired sessions, and wallet challenges and emailed links a day past their expiry. */
export async function purgeExpiredSignIns(
  now: Date,
): Promise<{ sessions: number; challenges: number; emailLinks: number }> {
  const prisma = await db();
  const [sessions, challenges, emailLinks] = await Promise.all([
    prisma.session.deleteMany({ where: { expiresAt: { lt: now } } }),
    prisma.walletChallenge.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 24 * 60 * 60_000) } } }),
    purgeEmailTokens(now),
  ]);
  return { sessions: sessions.count, challenges: challenges.count, emailLinks };
}
