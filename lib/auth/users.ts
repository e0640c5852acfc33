// Dashboard users: found or created by wallet address at wallet sign-in, registered and
// authenticated by email + password. A new user gets a platform of their own.
import { conflict } from "../http/errors";
import { db } from "../db/client";
import { createPlatform } from "../platforms/create-platform";
import { hashPassword, verifyPassword } from "./passwords";
import { displayWalletAddress } from "../addresses/wallet-address";
import type { SignInAddress, WalletType } from "./wallet-address";

export interface PublicUser {
  id: string;
  walletAddress: string | null;
  walletType: WalletType | null;
  email: string | null;
}

export interface SignedInUser {
  user: PublicUser;
  platformId: string;
}

type UserRow = { id: string; platformId: string; email: string | null; walletAddress: string | null; walletType: WalletType | null };

function toSignedIn(row: UserRow): SignedInUser {
  return {
    user: {
      id: row.id,
      walletAddress: row.walletAddress && row.walletType ? displayWalletAddress(row.walletAddress, row.walletType) : null,
      walletType: row.walletType,
      email: row.email,
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

/** A first sign-in: a platform of the user's own and the user, in one transaction. */
async function createOwnerWithPlatform(platformName: string, owner: NewOwner) {
  return (await db()).$transaction(async (tx) => {
    const platform = await createPlatform(tx, { name: platformName });
    return { platform, user: await tx.user.create({ data: { ...owner, platformId: platform.id } }) };
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
    const { user } = await createOwnerWithPlatform(address.display, { walletAddress: address.key, walletType: address.type });
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
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) throw conflict("email_taken", DUPLICATE_EMAIL);
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
