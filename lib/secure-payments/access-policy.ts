// The access list of a secure payment (accessPolicy.allowedPayerAddresses): a wallet outside
// it is refused, and the platform hears about it by `secure_payment.access_rejected` — at
// most once per wallet per payment per 10 minutes (docs/interface.md "Limits"), however many tries come
// in at once. One statement decides: an upsert on access_rejections that only moves
// `last_emitted` forward when the last event is older than the window, returning a row only
// when it did. Concurrent tries queue on the unique (token, wallet) row, so exactly one sees
// a row; the event is written in the same transaction, so it exists iff the decision does.
import { randomUUID } from "node:crypto";
import { addressKey } from "../addresses/wallet-address";
import { db } from "../db/client";
import { forbidden, validationError } from "../http/errors";
import { emitEvent, webhookEvent } from "../webhooks";
import { eventOwnerOf } from "./event-owner";
import { isAllowedPayer } from "./payer-address";
import type { StoredSecurePayment } from "./secure-payment-store";

export const ACCESS_REJECTION_WINDOW_MS = 10 * 60_000;

/** Records a refused wallet; true when this try emitted the event (false: suppressed). */
export async function recordAccessRejection(
  sp: StoredSecurePayment,
  wallet: string,
  now = new Date(),
): Promise<boolean> {
  const attempted = addressKey(wallet) ?? wallet.trim();
  const cutoff = new Date(now.getTime() - ACCESS_REJECTION_WINDOW_MS);
  const owner = await eventOwnerOf(sp);
  return (await db()).$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO access_rejections (id, token, wallet, last_emitted)
      VALUES (${randomUUID()}::uuid, ${sp.token}, ${attempted}, ${now})
      ON CONFLICT (token, wallet) DO UPDATE SET last_emitted = EXCLUDED.last_emitted
        WHERE access_rejections.last_emitted <= ${cutoff}
      RETURNING id::text AS id`;
    if (rows.length === 0) return false;
    await emitEvent(
      tx,
      webhookEvent("secure_payment.access_rejected", owner, {
        requestId: sp.requestIds[0],
        attemptedPayerWalletAddress: attempted,
        timestamp: now,
      }),
    );
    return true;
  });
}

/**
 * Refuses (403) when the payment has an access list and none of the given wallets is on it.
 * `wallets` are the wallet and the EOA behind it, when the page sends both.
 */
export async function enforceAccessList(sp: StoredSecurePayment, wallets: (string | undefined)[]): Promise<void> {
  if (sp.allowedPayerAddresses.length === 0) return;
  const given = wallets.filter((w): w is string => w !== undefined && w.trim() !== "");
  if (given.length === 0) return;
  // Only wallet addresses are reported: junk must not reach the platform's webhook as an "attempt".
  const junk = given.find((w) => addressKey(w) === null);
  if (junk !== undefined)
    throw validationError([
      { field: junk === wallets[0] ? "wallet" : "eoaWallet", message: "is not an EVM or Tron address" },
    ]);
  if (isAllowedPayer(sp.allowedPayerAddresses, given)) return;
  // The EOA is the person behind a smart account: it is the one reported.
  await recordAccessRejection(sp, given[given.length - 1]);
  throw forbidden("wallet_not_allowed", "This wallet is not allowed to pay this secure payment");
}
