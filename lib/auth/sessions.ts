// Server-side sessions: the token is given to the client once, its hash is stored.
// Wallet sessions slide (15 idle minutes); email sessions last 30 days from sign-in.
import { db } from "../db/client";
import { now as clockNow } from "./clock";
import { generateToken, hashToken } from "./tokens";

export const WALLET_IDLE_MS = 15 * 60_000;
export const EMAIL_LIFETIME_MS = 30 * 24 * 60 * 60_000;
const SLIDE_WRITE_MS = 30_000; // extend the sliding expiry at most twice a minute

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

export async function resolveSession(token: string, now = clockNow()): Promise<ResolvedSession | null> {
  const prisma = await db();
  const row = await prisma.session.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await prisma.session.deleteMany({ where: { id: row.id } });
    return null;
  }
  let expiresAt = row.expiresAt;
  if (row.kind === "wallet" && now.getTime() - row.lastSeenAt.getTime() > SLIDE_WRITE_MS) {
    expiresAt = new Date(now.getTime() + WALLET_IDLE_MS);
    // updateMany: a logout may delete the row meanwhile, which must not become an error.
    await prisma.session.updateMany({ where: { id: row.id }, data: { lastSeenAt: now, expiresAt } });
  }
  return { id: row.id, userId: row.userId, platformId: row.user.platformId, kind: row.kind, expiresAt };
}

export async function deleteSession(token: string): Promise<void> {
  await (await db()).session.deleteMany({ where: { tokenHash: hashToken(token) } });
}

/** When a session (by id, as the request's caller carries it) ends; null once it is gone. */
export async function sessionExpiry(sessionId: string): Promise<Date | null> {
  const row = await (await db()).session.findUnique({ where: { id: sessionId }, select: { expiresAt: true } });
  return row?.expiresAt ?? null;
}

/** Housekeeping: expired sessions, and wallet challenges a day past their expiry. */
export async function purgeExpiredSignIns(now: Date): Promise<{ sessions: number; challenges: number }> {
  const prisma = await db();
  const [sessions, challenges] = await Promise.all([
    prisma.session.deleteMany({ where: { expiresAt: { lt: now } } }),
    prisma.walletChallenge.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 24 * 60 * 60_000) } } }),
  ]);
  return { sessions: sessions.count, challenges: challenges.count };
}
