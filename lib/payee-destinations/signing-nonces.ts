// Single-use nonces for payee-destination signatures. A nonce is issued to one platform for
// one action on one (wallet, chain, token) and expires; the payload it was issued for is kept
// with it, so the signed data is rebuilt from the server's values, never from the client's.
import { randomBytes } from "node:crypto";
import type { Hex } from "viem";
import { now } from "../auth";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { DestinationAction, SigningPayload } from "./signing-typed-data";

export const SIGNING_DATA_LIFETIME_MS = 10 * 60_000;

const PURPOSE_PREFIX = "payee-destination:";

export interface IssuedNonce extends SigningPayload {
  platformId: string;
}

interface StoredPayload {
  platformId: string;
  action: DestinationAction;
  chainId: number;
  tokenAddress: string;
  expiresAt: number;
}

export async function issueSigningNonce(
  platformId: string,
  target: Omit<SigningPayload, "nonce" | "expiresAt">,
): Promise<IssuedNonce> {
  const nonce = `0x${randomBytes(32).toString("hex")}` as Hex;
  // Whole seconds: the signed expiry is a uint256 of seconds and must equal the stored one.
  const expiresAt = Math.floor((now().getTime() + SIGNING_DATA_LIFETIME_MS) / 1000);
  const payload: StoredPayload = {
    platformId,
    action: target.action,
    chainId: target.chainId,
    tokenAddress: target.tokenAddress,
    expiresAt,
  };
  // One plain INSERT: the model call's query building and RETURNING were half of signing-data's time.
  await (await db()).$executeRaw`
    INSERT INTO signing_nonces (nonce, wallet_address, purpose, payload, expires_at, created_at)
    VALUES (${nonce}, ${target.walletAddress}, ${PURPOSE_PREFIX + target.action}, ${JSON.stringify(payload)}::jsonb, ${new Date(expiresAt * 1000)}, ${now()})`;
  return { ...target, platformId, nonce, expiresAt };
}

export type NonceState = { kind: "unknown" } | { kind: "used" | "expired" | "usable"; issued: IssuedNonce };

/** What a nonce sent back by a client stands for. Another platform's nonce is unknown here. */
export async function readSigningNonce(platformId: string, nonce: string): Promise<NonceState> {
  if (nonce.length > 100) return { kind: "unknown" };
  const row = await (await db()).signingNonce.findUnique({ where: { nonce } });
  if (!row || !row.purpose.startsWith(PURPOSE_PREFIX)) return { kind: "unknown" };
  const p = row.payload as unknown as StoredPayload;
  if (p.platformId !== platformId) return { kind: "unknown" };
  const issued: IssuedNonce = {
    platformId,
    action: p.action,
    walletAddress: row.walletAddress,
    chainId: p.chainId,
    tokenAddress: p.tokenAddress,
    nonce: row.nonce as Hex,
    expiresAt: p.expiresAt,
  };
  if (row.usedAt) return { kind: "used", issued };
  if (row.expiresAt.getTime() <= now().getTime()) return { kind: "expired", issued };
  return { kind: "usable", issued };
}

/** Marks the nonce used; false when another request used it first or it expired meanwhile. */
export async function consumeSigningNonce(tx: Prisma.TransactionClient, nonce: string): Promise<boolean> {
  const t = now();
  const { count } = await tx.signingNonce.updateMany({
    where: { nonce, usedAt: null, expiresAt: { gt: t } },
    data: { usedAt: t },
  });
  return count === 1;
}

/** Housekeeping: nonces a day past their expiry (used or not, they can no longer sign). */
export async function purgeSigningNonces(now: Date): Promise<number> {
  return (
    await (
      await db()
    ).signingNonce.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 24 * 60 * 60_000) } } })
  ).count;
}
