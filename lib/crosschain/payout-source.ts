// What detection needs to announce a crosschain payout: the source-chain pull that paid for
// it and who signed it. Looked up by the payout's hash, which the settlement stores before it
// broadcasts (pendingTx) and keeps once confirmed (destinationTxHash), so detection finds it
// even when it records the payout before the settlement has written its receipt.
import type { Prisma } from "../db/generated/client";

export interface PayoutSource {
  sourceTxHash: string | null;
  sourceNetwork: string;
  payer: string;
}

export async function payoutSources(
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
