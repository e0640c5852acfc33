// Server-side sessions: the token is given to the client once, its hash is stored.
// Wallet sessions slide (15 idle minutes); email sessions last 30 days from sign-in.
import { db } from "../db/client";
import { credentialCache, forgetCredentials } from "../http/credential-cache";
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

export async function createSession(userId: string, kind: SessionKind, now = clockNow()) {
  const token = generateToken("sls");
  const expiresAt = new Date(now.getTime() + (kind === "wallet" ? WALLET_IDLE_MS : EMAIL_LIFETIME_MS));
  const row = await (await db()).session.create({
    data: { tokenHash: hashToken(token), userId, kind, createdAt: now, lastSeenAt: now, expiresAt },
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
  if (s.kind === "wallet" && now.getTime() - s.lastSeenAt.getTime() > SLIDE_WRITE_MS) {
    await slide(s, now);
  }
  return { id: s.id, userId: s.userId, platformId: s.platformId, kind: s.kind, expiresAt: s.expiresAt };
}

/**
 * Extends a wallet session's expiry: at most one write per SLIDE_WRITE_MS for the session,
 * whatever the number of requests and instances. The cached entry claims the slide before the
 * write (concurrent requests here do not write again), and the write is conditional on the row
 * not having been slid within the interval (by another instance), so it changes nothing then.
 */
async function slide(s: CachedSession, now: Date): Promise<void> {
  s.lastSeenAt = now;
  const expiresAt = new Date(now.getTime() + WALLET_IDLE_MS);
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
