// Failed email logins per account. A per-address limit does not stop a guesser with many
// addresses, so each email (as typed, known or not — a 429 must not reveal which exist) has a
// count: the first FREE_LOGIN_FAILURES failures are free, then every new try waits a delay that
// doubles up to 15 minutes. Once delays apply, a try claims its slot before the password is
// checked, so a burst of parallel guesses gets one check, not one each. Counts older than a day
// start over; a successful login clears them. docs/decisions/failed-logins.md.

import { db } from "../db/client";
import { ApiError } from "../http/errors";

export const FREE_LOGIN_FAILURES = 5;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 15 * 60_000;
const FORGET_AFTER_MS = 24 * 3600_000;

/** How long the next try waits after `failures` failed ones. */
export function loginDelayMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(30, failures - FREE_LOGIN_FAILURES));
}

function tooSoon(blockedUntil: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  return new ApiError(
    429,
    "rate_limited",
    "Too many failed sign-ins for this email; retry after the time in Retry-After",
    { headers: { "retry-after": String(seconds) } },
  );
}

/** Throws 429 when this email must wait; otherwise the try may check the password. */
export async function beginLoginAttempt(email: string, now: Date): Promise<void> {
  const prisma = await db();
  const row = await prisma.loginFailure.findUnique({ where: { email } });
  if (!row || row.lastFailedAt.getTime() < now.getTime() - FORGET_AFTER_MS) return;
  if (row.blockedUntil > now) throw tooSoon(row.blockedUntil, now);
  if (loginDelayMs(row.failures + 1) === 0) return;
  // This try would earn a delay if it fails: claim the slot, so parallel tries wait for it.
  const claimed = await prisma.loginFailure.updateMany({
    where: { email, blockedUntil: { lte: now } },
    data: { blockedUntil: new Date(now.getTime() + loginDelayMs(row.failures + 1)) },
  });
  if (claimed.count === 0) {
    const current = await prisma.loginFailure.findUnique({ where: { email } });
    throw tooSoon(current?.blockedUntil ?? now, now);
  }
}

export async function recordLoginFailure(email: string, now: Date): Promise<void> {
  const rows = await (await db()).$queryRaw<{ failures: number; blocked_until: Date }[]>`
    INSERT INTO login_failures (email, failures, last_failed_at, blocked_until) VALUES (${email}, 1, ${now}, ${now})
     ON CONFLICT (email) DO UPDATE SET
       failures = CASE WHEN login_failures.last_failed_at < ${new Date(now.getTime() - FORGET_AFTER_MS)} THEN 1 ELSE login_failures.failures + 1 END,
       last_failed_at = EXCLUDED.last_failed_at
     RETURNING failures, blocked_until`;
  const failures = Number(rows[0]?.failures ?? 1);
  const until = new Date(now.getTime() + loginDelayMs(failures));
  await (await db()).loginFailure.updateMany({
    where: { email, blockedUntil: { lt: until } },
    data: { blockedUntil: until },
  });
  // Emails nobody tried for a day are forgotten now and then, so guessed emails do not pile up.
  if (failures === 1 && Math.random() < 0.01) {
    await (await db()).loginFailure.deleteMany({
      where: { lastFailedAt: { lt: new Date(now.getTime() - FORGET_AFTER_MS) } },
    });
  }
}

export async function clearLoginFailures(email: string): Promise<void> {
  await (await db()).loginFailure.deleteMany({ where: { email } });
}

/**
 * A right password with a code still due (two-factor): the slot this try claimed is handed on to
 * the code step, which claims it again, so the one try is not made to wait for itself. The count
 * stays: only a full sign-in clears it.
 */
export async function releaseLoginClaim(email: string, now: Date): Promise<void> {
  await (await db()).loginFailure.updateMany({
    where: { email, blockedUntil: { gt: now } },
    data: { blockedUntil: now },
  });
}
