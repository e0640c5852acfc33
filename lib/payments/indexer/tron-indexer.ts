// Payment detection on Tron, through TronGrid's event API at TRONGRID_URL (TronGrid, or the
// sandbox's Tron node). Only solidified events are read, so there are no reorgs to handle. TronGrid filters events by time, not by
// block: Tron's cursor is the timestamp (ms) of the newest block read, re-read inclusively so
// a block is never half-read; what was stored before is skipped by the unique key.
import { getContract } from "../../chains/contracts";
import { getConfig } from "../../config";
import { db } from "../../db/client";
import { log } from "../../log";
import { knownReferenceHashes } from "../../requests";
import type { DetectedPayment } from "../detected-payment";
import { recordPayments } from "../record-payments";
import { readCursor, setCursor } from "./cursor-store";
import type { StepResult } from "./evm-indexer";
import { decodeTronEvents, fetchTronEvents, type TronGridEvent, transactionOwners } from "./trongrid-events";

const PAGES_PER_STEP = 5;

export async function tronIndexStep(opts: { baseUrl?: string } = {}): Promise<StepResult> {
  const config = getConfig();
  const baseUrl = opts.baseUrl ?? config.TRONGRID_URL;
  const proxy = getContract("tron", "ERC20FeeProxy").address;
  const cursor = (await readCursor("tron")) ?? config.detection.startBlocks.tron ?? null;
  const events: TronGridEvent[] = [];
  let fingerprint: string | undefined;
  for (let page = 0; page < PAGES_PER_STEP; page++) {
    const answer = await fetchTronEvents(baseUrl, proxy, cursor === null ? null : Number(cursor), fingerprint);
    events.push(...answer.data);
    fingerprint = answer.meta?.fingerprint;
    if (!fingerprint || answer.data.length === 0) break;
  }
  const newest = events.reduce((max, e) => Math.max(max, e.block_timestamp), cursor === null ? 0 : Number(cursor));
  if (events.length === 0 || (cursor !== null && newest === Number(cursor) && !fingerprint)) {
    return { kind: "idle", head: cursor ?? 0n };
  }

  const legs = decodeTronEvents(events);
  const known = await knownReferenceHashes("tron", [...new Set(legs.map((l) => l.referenceHash))]);
  const ours = legs.filter((l) => known.has(l.referenceHash));
  const owners = await transactionOwners(
    baseUrl,
    ours.map((l) => l.txHash),
  );
  const payments: DetectedPayment[] = ours.map((l) => ({
    network: "tron",
    txHash: l.txHash,
    logIndex: l.logIndex,
    blockNumber: l.blockNumber,
    blockHash: `tron:${l.blockNumber}`, // TronGrid events carry no block hash; solidified blocks do not change
    blockTime: l.blockTime,
    referenceHash: l.referenceHash,
    tokenAddress: l.tokenAddress,
    to: l.to,
    amount: l.amount,
    feeAmount: l.feeAmount,
    feeAddress: l.feeAddress,
    // The proxy pulls from msg.sender, the transaction's owner (TronGrid's events do not name it).
    payerAddress: owners.get(l.txHash) ?? null,
    payerEoaAddress: owners.get(l.txHash) ?? null,
    type: "direct",
  }));
  const recorded = await (await db()).$transaction(async (tx) => {
    const r = await recordPayments(tx, payments);
    await setCursor(tx, "tron", BigInt(newest));
    return r;
  });
  if (recorded.recorded > 0) log.info({ network: "tron", recorded: recorded.recorded }, "payments detected");
  const from = cursor ?? 0n;
  return {
    kind: "indexed",
    from,
    to: BigInt(newest),
    head: BigInt(newest),
    recorded: recorded.recorded,
    events: recorded.events,
  };
}
