// Links sent by email (docs/decisions/email-outbox.md): a password reset (30 minutes) and the
// verification of an account's email (2 days). Each link carries a random token whose sha256
// alone is stored; it is used once. The link puts the token in the URL's fragment (#token=…),
// which browsers never send to a server, so it reaches no access log; the page posts it.
import { getConfig } from "../config";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { forgetCredentials } from "../http/credential-cache";
import { notFound } from "../http/errors";
import { enqueueMail } from "../mail";
import { now } from "./clock";
import { clearLoginFailures } from "./login-throttle";
import { hashPassword } from "./passwords";
import { generateToken, hashToken } from "./tokens";

type Tx = Prisma.TransactionClient;

export const RESET_LIFETIME_MS = 30 * 60_000;
export const VERIFICATION_LIFETIME_MS = 2 * 24 * 60 * 60_000;
/** At most this many unused reset links of one account are alive at once; more asks send nothing. */
const MAX_OPEN_RESETS = 3;
/** A verification mail is resent at most once a minute. */
const RESEND_GAP_MS = 60_000;

async function issueToken(tx: Tx, userId: string, email: string, purpose: "password_reset" | "email_verification") {
  const token = generateToken(purpose === "password_reset" ? "slr" : "slv");
  const lifetime = purpose === "password_reset" ? RESET_LIFETIME_MS : VERIFICATION_LIFETIME_MS;
  await tx.emailToken.create({
    data: { userId, email, purpose, tokenHash: hashToken(token), expiresAt: new Date(now().getTime() + lifetime) },
  });
  return token;
}

/**
 * Sends a reset link when `email` is an account's; does nothing otherwise. The caller answers
 * the same either way, so the answer does not tell whether an account exists.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
    if (!user?.passwordHash) return;
    const open = await tx.emailToken.count({
      where: { userId: user.id, purpose: "password_reset", usedAt: null, expiresAt: { gt: now() } },
    });
    if (open >= MAX_OPEN_RESETS) return; // a flood of asks fills nobody's inbox
    const token = await issueToken(tx, user.id, email, "password_reset");
    const link = `${getConfig().APP_URL}/dashboard/reset-password#token=${token}`;
    await enqueueMail(tx, {
      kind: "password_reset",
      to: email,
      subject: "Reset your Stablelink password",
      text: [
        "Someone asked to reset the password of your Stablelink account.",
        "",
        "To choose a new password, open this link within 30 minutes:",
        link,
        "",
        "If it was not you, ignore this email: your password stays as it is.",
      ].join("\n"),
    });
  });
}

const INVALID_RESET = "This reset link is invalid, expired or already used; ask for a new one";

/**
 * Sets a new password with a reset link's token: the token is used up (and so are the
 * account's other reset links), every session of the account ends, and failed sign-ins are
 * forgotten. Following a link sent to the email also proves the email: it counts as verified.
 */
export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  const prisma = await db();
  const passwordHash = await hashPassword(password);
  const at = now();
  const ended = await prisma.$transaction(async (tx) => {
    const row = await tx.emailToken.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!row || row.purpose !== "password_reset") throw notFound("reset_link_invalid", INVALID_RESET);
    // Conditional: of two uses at once, one finds it already used.
    const { count } = await tx.emailToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: at } },
      data: { usedAt: at },
    });
    if (count !== 1) throw notFound("reset_link_invalid", INVALID_RESET);
    const updated = await tx.user.updateMany({
      where: { id: row.userId, email: row.email },
      data: { passwordHash, emailVerifiedAt: at },
    });
    // The email changed since the link was sent: the link was for another address.
    if (updated.count !== 1) throw notFound("reset_link_invalid", INVALID_RESET);
    await tx.emailToken.updateMany({
      where: { userId: row.userId, purpose: "password_reset", usedAt: null },
      data: { usedAt: at },
    });
    const sessions = await tx.session.findMany({ where: { userId: row.userId }, select: { tokenHash: true } });
    await tx.session.deleteMany({ where: { userId: row.userId } });
    return { email: row.email, tokenHashes: sessions.map((s) => s.tokenHash) };
  });
  for (const tokenHash of ended.tokenHashes) await forgetCredentials("session", tokenHash);
  await clearLoginFailures(ended.email);
}

/** Queues the verification link of `email` for the user (in `tx`, the change that set the email). */
export async function sendVerificationMail(tx: Tx, userId: string, email: string): Promise<void> {
  const token = await issueToken(tx, userId, email, "email_verification");
  const link = `${getConfig().APP_URL}/dashboard/verify-email#token=${token}`;
  await enqueueMail(tx, {
    kind: "email_verification",
    to: email,
    subject: "Confirm your email for Stablelink",
    text: [
      "Confirm that this is your email address for your Stablelink account by opening this link:",
      link,
      "",
      "The link works once, within 2 days. If you did not create an account, ignore this email.",
    ].join("\n"),
  });
}

/**
 * Sends the signed-in user's verification link again: nothing when the email is verified
 * already or a link went out less than a minute ago. Answers whether one was queued.
 */
export async function resendVerificationMail(userId: string): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<
      { email: string | null; email_verified_at: Date | null }[]
    >`SELECT email, email_verified_at FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!user?.email || user.email_verified_at) return false;
    const recent = await tx.emailToken.count({
      where: {
        userId,
        purpose: "email_verification",
        createdAt: { gt: new Date(now().getTime() - RESEND_GAP_MS) },
      },
    });
    if (recent > 0) return false;
    await sendVerificationMail(tx, userId, user.email);
    return true;
  });
}

const INVALID_VERIFICATION = "This verification link is invalid, expired or already used; send a new one from Settings";

/** Marks the email verified with a verification link's token (used once). */
export async function verifyEmail(token: string): Promise<void> {
  const at = now();
  await (await db()).$transaction(async (tx) => {
    const row = await tx.emailToken.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!row || row.purpose !== "email_verification") throw notFound("verification_link_invalid", INVALID_VERIFICATION);
    const { count } = await tx.emailToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: at } },
      data: { usedAt: at },
    });
    if (count !== 1) throw notFound("verification_link_invalid", INVALID_VERIFICATION);
    const updated = await tx.user.updateMany({
      where: { id: row.userId, email: row.email },
      data: { emailVerifiedAt: at },
    });
    if (updated.count !== 1) throw notFound("verification_link_invalid", INVALID_VERIFICATION);
  });
}

/** Housekeeping: links a day past their expiry. */
export async function purgeEmailTokens(at: Date): Promise<number> {
  const { count } = await (await db()).emailToken.deleteMany({
    where: { expiresAt: { lt: new Date(at.getTime() - 24 * 60 * 60_000) } },
  });
  return count;
}
