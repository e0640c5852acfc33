// What detection needs to announce a crosschain payout: the source-chain pull that paid for
// it and who signed it. Looked up by the payout's hash, which the settlement stores before it
// broadcasts (pendingTx) and keeps once confirmed (destinationTxHash), so detection finds it
// even when it records the payout before the settlement has written its receipt.
import type { Prisma } from "../db/generated/client";
import type { PaymentFacts, PaymentSubscriber } from "../payments/browser";

interface PayoutSource {
  sourceTxHash: string | null;
  sourceNetwork: string;
  payer: string;
}

async function payoutSources(
  tx: Prisma.TransactionClient,
  txHashes: readonly string[],
): Promise<Map<string, PayoutSource>> {
  if (txHashes.length === 0) return new Map();
  const hashes = txHashes.map((h) => h.toLowerCase());
  const rows = await tx.$queryRaw<
    { hash: string; source_tx_hash: string | null; source_network: string; payer: string }[]
  >`
    SELECT lower(coalesce(destination_tx_hash, pending_tx->>'hash')) AS hash, source_tx_hash, source_network, payer
    FROM crosschain_intents
    WHERE lower(destination_tx_hash) = ANY(${hashes}::text[]) OR (pending_tx->>'step' = 'payout' AND lower(pending_tx->>'hash') = ANY(${hashes}::text[]))`;
  return new Map(
    rows.map((r) => [r.hash, { sourceTxHash: r.source_tx_hash, sourceNetwork: r.source_network, payer: r.payer }]),
  );
}

/**
 * Subscriber of PaymentRecorded (lib/wiring/payment-subscribers.ts): a crosschain payout is
 * paid by the gateway; its events name the intent's payer and the source-chain pull instead.
 */
export const payoutSourceSubscriber: PaymentSubscriber = {
  name: "crosschain payout source",
  async facts(tx, recorded) {
    const sources = await payoutSources(
      tx,
      recorded.filter((r) => r.type === "crosschain").map((r) => r.txHash),
    );
    const facts = new Map<string, PaymentFacts>();
    for (const r of recorded) {
      const s = sources.get(r.txHash.toLowerCase());
      if (s)
        facts.set(r.paymentId, {
          payerAddress: s.payer,
          crosschain: { sourceNetwork: s.sourceNetwork, sourceTxHash: s.sourceTxHash },
        });
    }
    return facts;
  },
};
