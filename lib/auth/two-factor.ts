// Two-factor email sign-in with TOTP (docs/decisions/two-factor.md): enrolment (a secret that
// waits for its first code), recovery codes, checking a code at sign-in, turning it off.
// Secrets are stored encrypted (lib/secrets); the last accepted time step is stored, so a code
// is accepted once.
import { db } from "../db/client";
import { badRequest, conflict, notFound, unauthorized } from "../http/errors";
import { getPlatform } from "../platforms";
import { decryptSecret, encryptSecret } from "../secrets/encrypt-at-rest";
import { now as clockNow } from "./clock";
import { generateRecoveryCode, looksLikeRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from "./recovery-codes";
import { generateTotpSecret, matchTotp, otpauthUrl } from "./totp";

const SECRET_CONTEXT = "totp-secret";

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  requiredByPlatform: boolean;
}

export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

async function userRow(userId: string) {
  const row = await (await db()).user.findUnique({ where: { id: userId } });
  if (!row) throw unauthorized("session_expired", "Session expired or signed out");
  return row;
}

export async function platformRequiresTwoFactor(platformId: string): Promise<boolean> {
  return (await getPlatform(platformId))?.requireTwoFactor ?? false;
}

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const row = await userRow(userId);
  const recoveryCodesLeft = await (await db()).recoveryCode.count({ where: { userId, usedAt: null } });
  return {
    enabled: row.totpSecret !== null,
    enabledAt: row.totpEnabledAt,
    recoveryCodesLeft: row.totpSecret ? recoveryCodesLeft : 0,
    requiredByPlatform: await platformRequiresTwoFactor(row.platformId),
  };
}

/** A new secret waiting for its first code (a previous waiting one is replaced). */
export async function startTotpEnrolment(userId: string): Promise<TotpEnrolment> {
  const row = await userRow(userId);
  if (!row.email)
    throw conflict(
      "two_factor_email_only",
      "Two-factor sign-in protects email sign-in; add an email and password first",
    );
  if (row.totpSecret) throw conflict("two_factor_enabled", "Two-factor sign-in is already on; turn it off first");
  const secret = generateTotpSecret();
  await (await db()).user.update({
    where: { id: userId },
    data: { totpPendingSecret: encryptSecret(secret, SECRET_CONTEXT) },
  });
  return { secret, otpauthUrl: otpauthUrl(secret, row.email) };
}

const wrongCode = () =>
  badRequest("two_factor_code_invalid", "The code is wrong or expired; enter the one your app shows now");

/**
 * Turns TOTP on with the first code of the waiting secret; answers the recovery codes (shown
 * once, stored hashed). Null when the code is wrong.
 */
async function confirmPending(userId: string, code: string, now: Date): Promise<string[] | null> {
  const prisma = await db();
  const row = await userRow(userId);
  if (row.totpSecret) throw conflict("two_factor_enabled", "Two-factor sign-in is already on; turn it off first");
  if (!row.totpPendingSecret)
    throw conflict("two_factor_not_started", "No TOTP enrolment is waiting for its first code; start one first");
  const step = matchTotp(decryptSecret(row.totpPendingSecret, SECRET_CONTEXT), code, now, null);
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  return prisma.$transaction(async (tx) => {
    // Only the waiting secret that was checked: an enrolment restarted meanwhile does not turn on.
    const { count } = await tx.user.updateMany({
      where: { id: userId, totpSecret: null, totpPendingSecret: row.totpPendingSecret },
      data: { totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step },
    });
    if (count !== 1) throw conflict("two_factor_enabled", "Two-factor sign-in is already on; turn it off first");
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })) });
    return codes;
  });
}

export async function confirmTotpEnrolment(userId: string, code: string, now = clockNow()): Promise<string[]> {
  const codes = await confirmPending(userId, code, now);
  if (!codes) throw wrongCode();
  return codes;
}

/**
 * Checks a second factor of a user with TOTP on: a 6-digit code of a step not used yet (then
 * that step is stored), or an unused recovery code (then it is used up). Atomic: two requests
 * with one code, one wins.
 */
export async function checkSecondFactor(userId: string, code: string, now = clockNow()): Promise<boolean> {
  const prisma = await db();
  const row = await userRow(userId);
  if (!row.totpSecret) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchTotp(decryptSecret(row.totpSecret, SECRET_CONTEXT), trimmed, now, row.totpLastStep);
    if (step === null) return false;
    const { count } = await prisma.user.updateMany({
      where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return count === 1;
  }
  if (!looksLikeRecoveryCode(trimmed)) return false;
  const { count } = await prisma.recoveryCode.updateMany({
    where: { userId, codeHash: recoveryCodeHash(trimmed), usedAt: null },
    data: { usedAt: now },
  });
  return count === 1;
}

/** Whether the user signs in with a second factor (TOTP on). */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  return (await userRow(userId)).totpSecret !== null;
}

/**
 * The second step of a sign-in by a user the platform requires to enrol: the first code of the
 * secret issued at the password step turns TOTP on. Null when the code is wrong.
 */
export async function enrolAtSignIn(userId: string, code: string, now = clockNow()): Promise<string[] | null> {
  return confirmPending(userId, code, now);
}

/** Turns TOTP off with a current code (or a recovery code); refused when the platform requires it. */
export async function disableTotp(userId: string, code: string, now = clockNow()): Promise<void> {
  const row = await userRow(userId);
  if (!row.totpSecret) throw notFound("two_factor_not_enabled", "Two-factor sign-in is off for this user");
  if (await platformRequiresTwoFactor(row.platformId))
    throw conflict(
      "two_factor_required_by_platform",
      "The platform requires two-factor email sign-in; turn that setting off first",
    );
  if (!(await checkSecondFactor(userId, code, now))) throw wrongCode();
  const prisma = await db();
  await prisma.$transaction([
    prisma.user.update({
      where: { id: userId },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    }),
    prisma.recoveryCode.deleteMany({ where: { userId } }),
  ]);
}
