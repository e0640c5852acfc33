// Wallet sign-in: a single-use challenge (5 minutes) holding the exact message to sign, then
// verification of the signed message, which starts a wallet session.
import { randomBytes } from "node:crypto";
import { displayWalletAddress } from "../addresses/wallet-address";
import { getConfig } from "../config";
import { db } from "../db/client";
import { unauthorized } from "../http/errors";
import { now } from "./clock";
import { createSession, type SessionOrigin } from "./sessions";
import { buildSignInMessage, parseSignInMessage, signInMessageProblem, TRON_CHAIN_ID } from "./sign-in-message";
import { findOrCreateWalletUser, getSignedInUser, linkWalletToUser } from "./users";
import type { SignInAddress } from "./wallet-address";
import { isValidWalletSignature } from "./wallet-signature";

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
const KEEP_OLD_CHALLENGES_MS = 24 * 60 * 60_000;

export async function createWalletChallenge(address: SignInAddress, chainId?: number) {
  const issuedAt = now();
  const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_LIFETIME_MS);
  const nonce = randomBytes(16).toString("hex"); // alphanumeric, as EIP-4361 requires
  const message = buildSignInMessage(address.type, {
    appUrl: getConfig().APP_URL,
    address: address.display,
    chainId: address.type === "tron" ? TRON_CHAIN_ID : (chainId ?? 1),
    nonce,
    issuedAt,
    expiresAt,
  });
  const prisma = await db();
  const row = await prisma.walletChallenge.create({
    data: { address: address.key, walletType: address.type, nonce, message, expiresAt, createdAt: issuedAt },
  });
  // Housekeeping: challenges are worthless a day after they expired.
  await prisma.walletChallenge.deleteMany({
    where: { expiresAt: { lt: new Date(issuedAt.getTime() - KEEP_OLD_CHALLENGES_MS) } },
  });
  return { challengeId: row.id, nonce, message, expiresAt };
}

export interface SignedChallenge {
  challengeId: string;
  nonce: string;
  message: string;
  signature: string;
}

/** Checks a signed challenge and consumes it; every failure is a 401 that says why. */
async function verifySignedChallenge(input: SignedChallenge, t: Date): Promise<SignInAddress> {
  const prisma = await db();
  const challenge = await prisma.walletChallenge.findUnique({ where: { id: input.challengeId } });
  if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= t.getTime()) {
    throw unauthorized("challenge_not_found", "Challenge not found, expired or already used; request a new one");
  }
  if (input.nonce !== challenge.nonce)
    throw unauthorized("challenge_mismatch", "The nonce does not match the challenge");
  if (input.message !== challenge.message)
    throw unauthorized("challenge_mismatch", "The message is not the challenge's message; sign it unchanged");

  const address = displayWalletAddress(challenge.address, challenge.walletType);
  const fields = parseSignInMessage(challenge.walletType, input.message);
  if (!fields) throw unauthorized("sign_in_message_invalid", "The message is not a valid sign-in message");
  const problem = signInMessageProblem(fields, {
    appUrl: getConfig().APP_URL,
    nonce: challenge.nonce,
    address,
    now: t,
  });
  if (problem) throw unauthorized("sign_in_message_invalid", problem);

  const valid = await isValidWalletSignature({
    walletType: challenge.walletType,
    address,
    message: input.message,
    signature: input.signature,
    chainId: fields.chainId,
  });
  if (!valid) throw unauthorized("signature_invalid", `The signature was not made by ${address}`);

  // Single use, also when two verifications of one challenge race: only one update wins.
  const { count } = await prisma.walletChallenge.updateMany({
    where: { id: challenge.id, usedAt: null, expiresAt: { gt: t } },
    data: { usedAt: t },
  });
  if (count !== 1)
    throw unauthorized("challenge_not_found", "Challenge not found, expired or already used; request a new one");
  return { type: challenge.walletType, key: challenge.address, display: address };
}

/** A wallet sign-in: the wallet's user (created with its platform at the first one) and a wallet session. */
export async function verifyWalletSignIn(input: SignedChallenge, origin?: SessionOrigin) {
  const t = now();
  const signedIn = await findOrCreateWalletUser(await verifySignedChallenge(input, t));
  const session = await createSession(signedIn.user.id, "wallet", t, origin);
  return { ...signedIn, session };
}

/** Links the wallet that signed the challenge to a signed-in user, who may then sign in with it. */
export async function verifyWalletLink(userId: string, input: SignedChallenge) {
  return linkWalletToUser(userId, await verifySignedChallenge(input, now()));
}

/**
 * A step-up (docs/decisions/wallet-step-up.md): the signed-in user's own wallet (linked now if the
 * user has none) signs, and a wallet session of the same user starts. Never a new platform.
 */
export async function verifyWalletStepUp(userId: string, input: SignedChallenge, origin?: SessionOrigin) {
  const t = now();
  await linkWalletToUser(userId, await verifySignedChallenge(input, t));
  const who = await getSignedInUser(userId);
  if (!who) throw unauthorized("session_expired", "Session expired or signed out");
  const session = await createSession(userId, "wallet", t, origin);
  return { ...who, session };
}
