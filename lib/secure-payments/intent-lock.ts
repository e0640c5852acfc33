// The 423 "Secure payment is in progress": a recent intent holds the link's reads and calldata
// only once the chain shows its transaction paying the link (pending in the node's mempool, or
// mined and successful), so a second payer or tab does not pay twice — and a made-up hash, which
// anyone holding the link's token could report, holds nothing
// (docs/decisions/intent-lock-verified-on-chain.md). The verdict is kept on the intent's row: a
// read asks the chain only about intents not judged yet, each at most every RECHECK_MS.
import { db } from "../db/client";
import { ApiError } from "../http/errors";
import { requestsToPay, storeVerdict } from "./failed-payments";
import { type IntentVerification, LOCKING, OPEN } from "./intent-verdict";
import type { LoadedSecurePayment } from "./load-secure-payment";
import { verifyIntentTransaction } from "./verify-intent";

/** How long a reported transaction can keep the payment "in progress" without being detected. */
export const IN_PROGRESS_MS = 10 * 60_000;

/** An intent not shown paying yet (or still pending) is asked about again after this long. */
export const RECHECK_MS = 5_000;

/** Intents looked up on chain by one read at most (the least recently asked first), so a flood of reports costs a bounded number of RPC calls. */
const LOOKUPS_PER_READ = 3;

const inProgress = () =>
  new ApiError(
    423,
    "secure_payment_in_progress",
    "Secure payment is in progress: a payment was broadcast and is waiting to be detected",
  );

/** A verdict already stored that holds the link: mined or relayed, or pending and recently asked. */
async function heldByStoredVerdict(token: string, since: Date, now: Date): Promise<boolean> {
  const held = await (await db()).securePaymentIntent.findFirst({
    where: {
      token,
      createdAt: { gt: since },
      OR: [
        { verification: { in: LOCKING.filter((v) => v !== "pending") } },
        { verification: "pending", verifiedAt: { gt: new Date(now.getTime() - RECHECK_MS) } },
      ],
    },
    select: { id: true },
  });
  return held !== null;
}

/** Asks the chain about the recent intents not judged yet (or pending); true when one now holds the link. */
async function heldAfterLookingUp(loaded: LoadedSecurePayment, since: Date, now: Date): Promise<boolean> {
  const prisma = await db();
  const due = await prisma.securePaymentIntent.findMany({
    where: {
      token: loaded.sp.token,
      createdAt: { gt: since },
      txHash: { not: null },
      AND: [
        { OR: [{ verification: null }, { verification: { in: [...OPEN] } }] },
        { OR: [{ verifiedAt: null }, { verifiedAt: { lte: new Date(now.getTime() - RECHECK_MS) } }] },
      ],
    },
    orderBy: [{ verifiedAt: { sort: "asc", nulls: "first" } }, { createdAt: "desc" }],
    take: LOOKUPS_PER_READ,
    select: { id: true, txHash: true, verification: true, verifiedAt: true },
  });
  if (due.length === 0) return false;
  const requests = await requestsToPay(loaded);
  const network = requests[0]?.network;
  // Tron intents come from our relay alone and are stored "relayed" (recordIntent refuses Tron).
  if (!network || network === "tron") return false;
  const references = requests.map((r) => r.paymentReference);
  const verdicts = await Promise.all(
    due.map(async (row) => {
      // Claimed by moving verifiedAt: of concurrent reads, one asks the node; the others hold nothing for it.
      const { count } = await prisma.securePaymentIntent.updateMany({
        where: { id: row.id, verifiedAt: row.verifiedAt },
        data: { verifiedAt: now },
      });
      if (count !== 1) return null;
      const verdict = await verifyIntentTransaction(network, row.txHash!, references);
      // A first `reverted` of a payment of this link also sends payment.failed (failed-payments.ts).
      if (verdict !== null) await storeVerdict({ id: row.id, txHash: row.txHash! }, verdict, loaded, network);
      // A node that did not answer leaves the last verdict standing.
      return (verdict ?? row.verification) as IntentVerification | null;
    }),
  );
  return verdicts.some((v) => v !== null && LOCKING.includes(v));
}

/**
 * 423 while a transaction the chain shows paying this link was reported recently and detection
 * has not settled the payment: the interface's "Secure payment is in progress". A payer's report
 * alone holds nothing; intents without a txHash (a Safe's or a UserOperation's hash) never hold.
 */
export async function assertNotInProgress(loaded: LoadedSecurePayment, now = new Date()): Promise<void> {
  if (loaded.status !== "pending" && loaded.status !== "partially_settled") return;
  const since = new Date(now.getTime() - IN_PROGRESS_MS);
  if (await heldByStoredVerdict(loaded.sp.token, since, now)) throw inProgress();
  if (await heldAfterLookingUp(loaded, since, now)) throw inProgress();
}
