// Dashboard users: found or created by wallet address at wallet sign-in, registered and
// authenticated by email + password. A new user gets a platform of their own.

import { displayWalletAddress } from "../addresses/wallet-address";
import { db } from "../db/client";
import { conflict, notFound, unauthorized } from "../http/errors";
import { createPlatform } from "../platforms";
import { sendVerificationMail } from "./email-links";
import { hashPassword, verifyPassword } from "./passwords";
import type { PublicUserView } from "./schemas";
import type { SignInAddress, WalletType } from "./wallet-address";

export interface SignedInUser {
  user: PublicUserView;
  platformId: string;
}

type UserRow = {
  id: string;
  platformId: string;
  email: string | null;
  walletAddress: string | null;
  walletType: WalletType | null;
  emailVerifiedAt: Date | null;
};

function toSignedIn(row: UserRow): SignedInUser {
  return {
    user: {
      id: row.id,
      walletAddress:
        row.walletAddress && row.walletType ? displayWalletAddress(row.walletAddress, row.walletType) : null,
      walletType: row.walletType,
      email: row.email,
      emailVerified: row.email !== null && row.emailVerifiedAt !== null,
    },
    platformId: row.platformId,
  };
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "P2002";
}

interface NewOwner {
  email?: string;
  passwordHash?: string;
  walletAddress?: string;
  walletType?: "evm" | "tron";
}

/** A first sign-in: a platform of the user's own and the user, in one transaction (with its email's verification link). */
async function createOwnerWithPlatform(platformName: string, owner: NewOwner) {
  return (await db()).$transaction(async (tx) => {
    const platform = await createPlatform(tx, { name: platformName });
    const user = await tx.user.create({ data: { ...owner, platformId: platform.id } });
    if (owner.email) await sendVerificationMail(tx, user.id, owner.email);
    return { platform, user };
  });
}

/** A user with email and password on an existing platform (the sandbox's demo user). */
export async function createEmailUser(platformId: string, email: string, password: string): Promise<void> {
  await (await db()).user.create({ data: { platformId, email, passwordHash: await hashPassword(password) } });
}

export async function getSignedInUser(userId: string): Promise<SignedInUser | null> {
  const row = await (await db()).user.findUnique({ where: { id: userId } });
  return row ? toSignedIn(row) : null;
}

/** The wallet's user; on its first sign-in, a new user with a new platform. */
export async function findOrCreateWalletUser(address: SignInAddress): Promise<SignedInUser & { created: boolean }> {
  const prisma = await db();
  const existing = await prisma.user.findUnique({ where: { walletAddress: address.key } });
  if (existing) return { ...toSignedIn(existing), created: false };
  try {
    const { user } = await createOwnerWithPlatform(address.display, {
      walletAddress: address.key,
      walletType: address.type,
    });
    return { ...toSignedIn(user), created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The same wallet's first sign-in ran twice at once; the other one created the user.
    const row = await prisma.user.findUniqueOrThrow({ where: { walletAddress: address.key } });
    return { ...toSignedIn(row), created: false };
  }
}

const DUPLICATE_EMAIL = "An account with this email already exists";

/** `email` is already normalised (trimmed, lowercase) by the request schema. */
export async function registerEmailUser(email: string, password: string): Promise<SignedInUser> {
  const prisma = await db();
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } }))
    throw conflict("email_taken", DUPLICATE_EMAIL);
  const passwordHash = await hashPassword(password);
  try {
    const { user } = await createOwnerWithPlatform(email, { email, passwordHash });
    return toSignedIn(user);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("email_taken", DUPLICATE_EMAIL);
    throw err;
  }
}

// Compared against when the email is unknown, so that an unknown email and a wrong password
// cost the same scrypt work and cannot be told apart by timing.
let dummyHash: Promise<string> | undefined;

/** The user for this email and password, or null; which of the two was wrong is not told. */
export async function authenticateEmailUser(email: string, password: string): Promise<SignedInUser | null> {
  const row = await (await db()).user.findUnique({ where: { email } });
  if (!row?.passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password-0123456789");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, row.passwordHash)) ? toSignedIn(row) : null;
}

// ---------- several sign-in methods on one platform (docs/decisions/sign-in-methods.md) ----------

async function userRow(userId: string): Promise<UserRow> {
  const row = await (await db()).user.findUnique({ where: { id: userId } });
  if (!row) throw unauthorized("session_expired", "Session expired or signed out");
  return row;
}

/** Links a wallet (whose signature was checked) to the user: it signs into the same platform afterwards. */
export async function linkWalletToUser(userId: string, address: SignInAddress): Promise<PublicUserView> {
  const prisma = await db();
  const row = await userRow(userId);
  if (row.walletAddress === address.key) return toSignedIn(row).user; // the same wallet again: nothing to change
  if (row.walletAddress)
    throw conflict("sign_in_method_exists", "A wallet is already linked; remove it before linking another one");
  const owner = await prisma.user.findUnique({ where: { walletAddress: address.key }, select: { id: true } });
  if (owner) throw conflict("wallet_taken", WALLET_TAKEN);
  try {
    // Only while the user still has no wallet: a link racing another one does not overwrite it.
    const { count } = await prisma.user.updateMany({
      where: { id: userId, walletAddress: null },
      data: { walletAddress: address.key, walletType: address.type },
    });
    if (count !== 1)
      throw conflict("sign_in_method_exists", "A wallet is already linked; remove it before linking another one");
    return toSignedIn(await userRow(userId)).user;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("wallet_taken", WALLET_TAKEN);
    throw err;
  }
}

const WALLET_TAKEN =
  "This wallet already signs in to another platform. Sign in with it and remove it there first, or link another wallet.";

/** Adds email + password to a user that has none (e.g. a wallet's platform). `email` is normalised by the schema. */
export async function addEmailToUser(userId: string, email: string, password: string): Promise<PublicUserView> {
  const prisma = await db();
  const row = await userRow(userId);
  if (row.email)
    throw conflict("sign_in_method_exists", "An email is already set; remove it before adding another one");
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } }))
    throw conflict("email_taken", DUPLICATE_EMAIL);
  const passwordHash = await hashPassword(password);
  try {
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({
        where: { id: userId, email: null },
        data: { email, passwordHash, emailVerifiedAt: null },
      });
      if (count !== 1)
        throw conflict("sign_in_method_exists", "An email is already set; remove it before adding another one");
      await sendVerificationMail(tx, userId, email);
    });
    return toSignedIn(await userRow(userId)).user;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("email_taken", DUPLICATE_EMAIL);
    throw err;
  }
}

export type SignInMethod = "wallet" | "email";

/**
 * Removes one sign-in method when the other one remains, and ends the sessions it started
 * (except the caller's own: removing the method you signed in with keeps you signed in).
 */
export async function removeSignInMethod(
  userId: string,
  method: SignInMethod,
  keepSessionId: string,
): Promise<PublicUserView> {
  return (await db()).$transaction(async (tx) => {
    // Locked, so that two removals at once cannot leave the user with no method.
    const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!row) throw unauthorized("session_expired", "Session expired or signed out");
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    const has = { wallet: user.walletAddress !== null, email: user.email !== null };
    if (!has[method])
      throw notFound("sign_in_method_not_found", method === "wallet" ? "No wallet is linked" : "No email is set");
    if (!has[method === "wallet" ? "email" : "wallet"]) {
      throw conflict(
        "last_sign_in_method",
        `The ${method === "wallet" ? "wallet" : "email"} is the only way to sign in; add another method before removing it`,
      );
    }
    const updated = await tx.user.update({
      where: { id: userId },
      data:
        method === "wallet"
          ? { walletAddress: null, walletType: null }
          : { email: null, passwordHash: null, emailVerifiedAt: null },
    });
    await tx.session.deleteMany({ where: { userId, kind: method, id: { not: keepSessionId } } });
    return toSignedIn(updated).user;
  });
}
