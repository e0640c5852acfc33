// One step of payment detection on an EVM network: from the block after the cursor, up to
// `blockRange` blocks but never past head − confirmations, read the proxies' events with
// eth_getLogs, keep those whose reference is a request's, and record them with the cursor in
// one transaction. Before reading, the newest checkpoint's hash is checked against the chain:
// if a reorg replaced it, the newest checkpoint still on the chain is the fork point, and what
// was recorded above it is undone before detection resumes from there.
import { type Address, getAddress, type Hex, parseAbiItem, parseEventLogs } from "viem";
import type { ChainClient } from "../../chains/clients";
import { detectionStartBlock, findContract } from "../../chains/contracts";
import { operatorAddress } from "../../chains/crosschain-gateway";
import { depositFactoryAddress } from "../../chains/deposit-factory";
import { type EvmNetworkId, NETWORKS } from "../../chains/networks";
import { recurringProxyAddress } from "../../chains/recurring-proxy";
import { getConfig } from "../../config";
import { db } from "../../db/client";
import { log } from "../../log";
import { knownReferenceHashes } from "../../requests";
import type { DetectedPayment } from "../detected-payment";
import { recordPayments, undoPaymentsAbove } from "../record-payments";
import { checkChainContinuity } from "./chain-continuity";
import { advanceCursor, type Checkpoint, readCheckpoints, readCursor, rewindCursor } from "./cursor-store";
import { decodePaymentLogs, type PaymentLeg, paymentEmitters, TOPICS } from "./decode-logs";
import { depositors } from "./depositors";
import { passClient } from "./pass-client";

export interface IndexerOptions {
  client?: ChainClient;
  confirmations?: number;
  blockRange?: number;
  startBlock?: bigint;
}

export type StepResult =
  | { kind: "idle"; head: bigint }
  | { kind: "reorg"; fork: bigint; removed: number }
  | { kind: "indexed"; from: bigint; to: bigint; head: bigint; recorded: number; events: number }
  | { kind: "retry"; reason: string };

/** The block detection starts from on a network it never indexed (configured, else the proxies' creation). */
function firstBlock(network: EvmNetworkId, opts: IndexerOptions): bigint {
  const config = getConfig();
  const configured = opts.startBlock ?? config.detection.startBlocks[network];
  if (configured !== undefined) return configured;
  const blocks = (["ERC20FeeProxy", "EthereumFeeProxy", "Erc20ConversionProxy", "EthConversionProxy"] as const).map(
    (n) => detectionStartBlock(network, n, config.sandbox),
  );
  return blocks.reduce((a, b) => (b < a ? b : a));
}

async function findFork(network: EvmNetworkId, client: ChainClient, checkpoints: Checkpoint[]): Promise<bigint | null> {
  const chainId = NETWORKS[network].chainId;
  const check = (c: Checkpoint) =>
    checkChainContinuity(network, { chainId, blockNumber: c.blockNumber, blockHash: c.blockHash as Hex }, client);
  if (checkpoints.length === 0 || (await check(checkpoints[0])).ok) return null;
  for (const c of checkpoints.slice(1)) if ((await check(c)).ok) return c.blockNumber;
  // Deeper than every checkpoint kept: start over below the oldest one.
  return checkpoints[checkpoints.length - 1].blockNumber - 1n;
}

export async function indexStep(network: EvmNetworkId, opts: IndexerOptions = {}): Promise<StepResult> {
  const config = getConfig();
  // One provider for the whole pass (pass-client.ts): the cursor never passes a block the
  // node the logs came from has not got.
  const pass = opts.client ? { client: opts.client, head: null, several: false } : await passClient(network);
  const client = pass.client;
  const confirmations = BigInt(opts.confirmations ?? config.detection.confirmations[network]);
  const range = BigInt(opts.blockRange ?? config.detection.blockRange);

  const checkpoints = await readCheckpoints(network);
  // Every provider that answered is behind what was recorded: nodes lagging, not the chain
  // going back (one provider alone below the checkpoint is the sandbox restored, a reorg).
  if (pass.several && pass.head !== null && checkpoints.length > 0 && pass.head < checkpoints[0].blockNumber)
    return { kind: "retry", reason: "every RPC provider answering is behind the cursor" };
  const fork = await findFork(network, client, checkpoints);
  if (fork !== null) {
    const { removed } = await (await db()).$transaction(async (tx) => {
      const undone = await undoPaymentsAbove(tx, network, fork);
      await rewindCursor(tx, network, fork);
      return undone;
    });
    log.warn({ network, fork: fork.toString(), removed }, "reorg: detection resumes after the fork");
    return { kind: "reorg", fork, removed };
  }

  const cursor = (await readCursor(network)) ?? firstBlock(network, opts) - 1n;
  // Uncached: viem keeps the head for a polling interval, and a step must see every block mined before it.
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const safe = head - confirmations;
  if (safe <= cursor) return { kind: "idle", head };
  const from = cursor + 1n;
  const { to, last, logs } = await readRange(
    network,
    client,
    from,
    from + range - 1n < safe ? from + range - 1n : safe,
  );
  const legs = decodePaymentLogs(
    network,
    logs.filter((l) => [TOPICS.erc20, TOPICS.native, TOPICS.conversion].includes(l.topics[0] as Hex)) as Parameters<
      typeof decodePaymentLogs
    >[1],
  );
  const known = await knownReferenceHashes(network, [...new Set(legs.map((l) => l.referenceHash.toLowerCase()))]);
  const ours = legs.filter((l) => known.has(l.referenceHash.toLowerCase()));
  const payments = await withBlockDetails(network, client, ours);
  if (payments === null) return { kind: "retry", reason: "a block changed while the range was read" };
  // Still the same chain at the end of the range: nothing read above belongs to a dropped fork.
  if ((await client.getBlock({ blockNumber: to })).hash !== last.hash)
    return { kind: "retry", reason: "the range's last block changed" };

  const recorded = await (await db()).$transaction(async (tx) => {
    const r = await recordPayments(tx, payments);
    await advanceCursor(tx, network, { blockNumber: to, blockHash: last.hash as string });
    return r;
  });
  if (recorded.recorded > 0)
    log.info({ network, from: from.toString(), to: to.toString(), recorded: recorded.recorded }, "payments detected");
  return { kind: "indexed", from, to, head, recorded: recorded.recorded, events: recorded.events };
}

/**
 * The range's last block, then the proxies' logs up to it (the logs must belong to the chain
 * that block is on). A provider refusing a range (too many results, too many blocks) gets
 * half of it, down to one block.
 */
async function readRange(network: EvmNetworkId, client: ChainClient, from: bigint, to: bigint) {
  for (;;) {
    const last = await client.getBlock({ blockNumber: to });
    try {
      const logs = await client.getLogs({ address: paymentEmitters(network), fromBlock: from, toBlock: to });
      return { to, last, logs };
    } catch (error) {
      if (to === from) throw error;
      log.warn(
        { network, from: from.toString(), to: to.toString(), err: (error as Error).message.slice(0, 200) },
        "eth_getLogs refused the range: halving it",
      );
      to = from + (to - from) / 2n;
    }
  }
}

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/**
 * Who the tokens of each token leg came from: the proxy pulls them from its caller with
 * transferFrom, so the token's Transfer to the payee just before the proxy's event names the
 * paying account — a smart account differs there from the transaction's sender. Read from the
 * receipts of the transactions that paid a request (key: txHash:logIndex).
 */
async function tokenPayers(
  client: ChainClient,
  legs: PaymentLeg[],
  recurringProxy: string | undefined,
): Promise<Map<string, Address>> {
  const tokenLegs = legs.filter((l) => l.tokenAddress !== null);
  const receipts = await Promise.all(
    [...new Set(tokenLegs.map((l) => l.txHash))].map((hash) => client.getTransactionReceipt({ hash })),
  );
  // Keyed by token, recipient and amount: a batch transaction holds hundreds of transfers.
  const key = (token: string, to: string, value: bigint) => `${token.toLowerCase()}|${to.toLowerCase()}|${value}`;
  const transfers = new Map<string, { logIndex: number; from: Address; txHash: Hex }[]>();
  const parsed = parseEventLogs({ abi: [TRANSFER], logs: receipts.flatMap((r) => r.logs), strict: true });
  for (const t of parsed) {
    const k = key(t.address, t.args.to, t.args.value);
    transfers.set(k, [
      ...(transfers.get(k) ?? []),
      { logIndex: t.logIndex, from: t.args.from, txHash: t.transactionHash },
    ]);
  }
  const payers = new Map<string, Address>();
  for (const leg of tokenLegs) {
    const match = (transfers.get(key(leg.tokenAddress!, leg.to, leg.amount)) ?? [])
      .filter((t) => t.txHash === leg.txHash && t.logIndex < leg.logIndex)
      .at(-1);
    if (!match) continue;
    let payer = match.from;
    // Our recurring proxy pulls the instalment from the subscriber, then pays through the fee
    // proxy: the payer is whoever sent the tokens to the recurring proxy just before.
    if (recurringProxy && payer.toLowerCase() === recurringProxy) {
      const pulled = parsed
        .filter(
          (t) =>
            t.transactionHash === leg.txHash && t.logIndex < leg.logIndex && t.args.to.toLowerCase() === recurringProxy,
        )
        .at(-1);
      if (pulled) payer = pulled.args.from;
    }
    payers.set(`${leg.txHash}:${leg.logIndex}`, getAddress(payer));
  }
  return payers;
}

/**
 * Block time, payer and type of each leg, from its block with its transactions (one read per
 * block that holds a request's payment). null when a block no longer has the log's hash.
 */
async function withBlockDetails(
  network: EvmNetworkId,
  client: ChainClient,
  legs: PaymentLeg[],
): Promise<DetectedPayment[] | null> {
  const numbers = [...new Set(legs.map((l) => l.blockNumber))];
  const blocks = new Map(
    await Promise.all(
      numbers.map(async (n) => [n, await client.getBlock({ blockNumber: n, includeTransactions: true })] as const),
    ),
  );
  const batch = findContract(network, "BatchConversionPayments")?.address.toLowerCase();
  const recurringProxy = recurringProxyAddress(network)?.toLowerCase();
  const payers = await tokenPayers(client, legs, recurringProxy);
  const operator = operatorAddress(getConfig().sandbox);
  const depositFactory = depositFactoryAddress(network, getConfig().sandbox)?.toLowerCase();
  const fromDeposits = await depositors(client, legs, blocks, payers, depositFactory);
  const out: DetectedPayment[] = [];
  for (const leg of legs) {
    const block = blocks.get(leg.blockNumber)!;
    if (block.hash !== leg.blockHash) return null;
    const tx = block.transactions.find((t) => t.hash === leg.txHash);
    const sender = tx?.from ? getAddress(tx.from) : null;
    const to = tx?.to?.toLowerCase();
    // The crosschain operator's payouts (lib/crosschain/settle-intents.ts) are crosschain payments.
    // A forward of a deposit address (lib/requests/deposit-forwarder.ts) comes first: the
    // forwarding account may be the operator's.
    const depositor = fromDeposits.get(`${leg.txHash}:${leg.logIndex}`);
    const type = depositor
      ? "deposit"
      : sender && operator === sender
        ? "crosschain"
        : to && to === batch
          ? "batch"
          : to && to === recurringProxy
            ? "recurring"
            : leg.conversion
              ? "conversion"
              : "direct";
    // The account the tokens left: the smart account when one paid, the sender otherwise.
    const payer = depositor
      ? depositor
      : type === "batch"
        ? sender
        : (payers.get(`${leg.txHash}:${leg.logIndex}`) ?? sender);
    out.push({
      network,
      txHash: leg.txHash,
      logIndex: leg.logIndex,
      blockNumber: leg.blockNumber,
      blockHash: leg.blockHash,
      blockTime: new Date(Number(block.timestamp) * 1000),
      referenceHash: leg.referenceHash,
      tokenAddress: leg.tokenAddress,
      to: leg.to,
      amount: leg.amount,
      feeAmount: leg.feeAmount,
      feeAddress: leg.feeAddress,
      payerAddress: payer,
      payerEoaAddress: depositor ?? sender,
      type,
      conversion: leg.conversion,
    });
  }
  return out;
}
