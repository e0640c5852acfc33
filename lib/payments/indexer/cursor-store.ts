// Where each network's detection stands: the last block it committed (chain_cursors) and the
// hashes of the last blocks of recent ranges (chain_checkpoints), to notice a reorg. Both
// move in the transaction that records the range's payments, so a crash leaves them agreeing.
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";

type Tx = Prisma.TransactionClient;

/** Checkpoints kept per network: enough to find a fork far deeper than any confirmations setting. */
export const CHECKPOINTS_KEPT = 64;

export interface Checkpoint {
  blockNumber: bigint;
  blockHash: string;
}

export async function readCursor(network: string): Promise<bigint | null> {
  const row = await (await db()).chainCursor.findUnique({ where: { network } });
  return row?.lastBlock ?? null;
}

/** Newest first. */
export async function readCheckpoints(network: string): Promise<Checkpoint[]> {
  const rows = await (await db()).chainCheckpoint.findMany({
    where: { network },
    orderBy: { blockNumber: "desc" },
    take: CHECKPOINTS_KEPT,
  });
  return rows.map((r) => ({ blockNumber: r.blockNumber, blockHash: r.blockHash }));
}

/** Moves the cursor to `lastBlock` and records its hash, forgetting checkpoints above it and the oldest. */
export async function advanceCursor(tx: Tx, network: string, checkpoint: Checkpoint): Promise<void> {
  await tx.chainCursor.upsert({
    where: { network },
    create: { network, lastBlock: checkpoint.blockNumber },
    update: { lastBlock: checkpoint.blockNumber },
  });
  await tx.chainCheckpoint.deleteMany({ where: { network, blockNumber: { gte: checkpoint.blockNumber } } });
  await tx.chainCheckpoint.create({
    data: { network, blockNumber: checkpoint.blockNumber, blockHash: checkpoint.blockHash },
  });
  await tx.$executeRaw`
    DELETE FROM chain_checkpoints WHERE network = ${network} AND block_number < (
      SELECT min(block_number) FROM (SELECT block_number FROM chain_checkpoints WHERE network = ${network} ORDER BY block_number DESC LIMIT ${CHECKPOINTS_KEPT}) k)`;
}

/** After a reorg: back to `block` (the newest block still on the chain), checkpoints above it dropped. */
export async function rewindCursor(tx: Tx, network: string, block: bigint): Promise<void> {
  await tx.chainCursor.upsert({
    where: { network },
    create: { network, lastBlock: block },
    update: { lastBlock: block },
  });
  await tx.chainCheckpoint.deleteMany({ where: { network, blockNumber: { gt: block } } });
}

/** A cursor without checkpoints (Tron: the timestamp of the newest solidified block read). */
export async function setCursor(tx: Tx, network: string, value: bigint): Promise<void> {
  await tx.chainCursor.upsert({
    where: { network },
    create: { network, lastBlock: value },
    update: { lastBlock: value },
  });
}
