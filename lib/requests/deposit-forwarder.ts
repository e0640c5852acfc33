// The forwarding worker of deposit addresses (docs/decisions/deposit-addresses.md): on each
// network, reads the token balance of every open request's deposit address and, where funds
// arrived, calls the factory's `forward` from the forwarding account (which pays the gas;
// anyone may call it). Detection then records the fee proxy's event as any payment (type
// `deposit`, the sender of the arrival as payer) and `payment.confirmed` follows.
//
// Idempotent by construction: the chain holds the only state. A forward moves the address's
// whole balance, so a run that finds no balance sends nothing, and a forward sent twice (a
// worker killed after broadcasting) reverts the second time (NothingToForward) instead of
// paying twice. Nothing is stored between arrival and forward, so a crash loses nothing.
import type PgBoss from "pg-boss";
import { BaseError, ContractFunctionRevertedError, encodeFunctionData, type Hex, keccak256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type ChainClient, getPublicClient } from "../chains/clients";
import { erc20Abi } from "../chains/contracts";
import { depositFactoryAbi, depositFactoryAddress, forwarderKey } from "../chains/deposit-factory";
import { EVM_NETWORK_IDS, type EvmNetworkId, NETWORKS } from "../chains/networks";
import { getConfig } from "../config";
import { toBigInt } from "../db/amounts";
import { db } from "../db/client";
import { type ExclusiveLoop, runExclusively } from "../jobs/exclusive-loop";
import { log } from "../log";
import { type RequestDeposit, requestDeposit } from "./deposit-address";

/** Open requests watched per run and network, newest first (docs/decisions/deposit-addresses.md, limits). */
const WATCHED = 5000;
const RECEIPT_TIMEOUT_MS = 20_000;
/** A run starts no new forward after this long, so it ends well within its lease. */
const RUN_BUDGET_MS = 30_000;
const LEASE_SECONDS = 60;

export interface ForwardHooks {
  /** Called between finding funds and forwarding them (tests crash the worker there). */
  beforeForward?: (deposit: RequestDeposit & { requestId: string; balance: bigint }) => Promise<void> | void;
}

export interface ForwardResult {
  /** Deposit addresses holding funds when read. */
  arrived: number;
  forwarded: { requestId: string; txHash: Hex; gasUsed: bigint; amount: bigint }[];
}

/** The open requests of `network` that can have a deposit address, with their deposits. */
async function openDeposits(network: EvmNetworkId): Promise<(RequestDeposit & { requestId: string })[]> {
  const rows = await (await db()).paymentRequest.findMany({
    where: { network, status: { in: ["pending", "partially_paid"] } },
    select: {
      id: true,
      network: true,
      invoiceCurrency: true,
      paymentCurrency: true,
      payee: true,
      paymentReference: true,
      expectedAmount: true,
      feePercentage: true,
      feeAddress: true,
    },
    orderBy: { createdAt: "desc" },
    take: WATCHED,
  });
  const sandbox = getConfig().sandbox;
  return rows.flatMap((r) => {
    const deposit = requestDeposit(
      { ...r, network, paymentReference: r.paymentReference as Hex, expectedAmount: toBigInt(r.expectedAmount) },
      sandbox,
    );
    return deposit ? [{ ...deposit, requestId: r.id }] : [];
  });
}

function revertName(error: unknown): string {
  const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
  return revert instanceof ContractFunctionRevertedError ? (revert.data?.errorName ?? "reverted") : "unknown";
}

async function forwardOne(
  client: ChainClient,
  key: Hex,
  deposit: RequestDeposit & { requestId: string },
): Promise<{ txHash: Hex; gasUsed: bigint } | null> {
  const account = privateKeyToAccount(key);
  const { terms } = deposit;
  const args = [terms.token, terms.payee, terms.paymentReference, terms.feeAmount, terms.feeAddress] as const;
  const data = encodeFunctionData({ abi: depositFactoryAbi, functionName: "forward", args });
  let gas: bigint;
  try {
    gas = await client.estimateContractGas({
      account: account.address,
      address: deposit.factory,
      abi: depositFactoryAbi,
      functionName: "forward",
      args,
    });
  } catch (error) {
    // Forwarded meanwhile (another run, anyone), or not more than the fee arrived yet.
    log.info({ requestId: deposit.requestId, reason: revertName(error) }, "deposit: nothing to forward");
    return null;
  }
  const fees = await client.estimateFeesPerGas();
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
  const raw = await account.signTransaction({
    type: "eip1559",
    chainId: NETWORKS[deposit.network].chainId,
    to: deposit.factory,
    data,
    nonce,
    gas: (gas * 12n) / 10n,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  const txHash = await client.sendRawTransaction({ serializedTransaction: raw });
  if (txHash !== keccak256(raw)) throw new Error("the node answered another transaction hash");
  const receipt = await client
    .waitForTransactionReceipt({ hash: txHash, timeout: RECEIPT_TIMEOUT_MS })
    .catch(() => null);
  if (!receipt) return { txHash, gasUsed: 0n }; // still pending: detection records it once mined
  if (receipt.status !== "success") {
    log.warn({ requestId: deposit.requestId, txHash }, "deposit: the forward reverted");
    return null;
  }
  return { txHash, gasUsed: receipt.gasUsed };
}

/** One run on a network: forward every open deposit address that holds more than its fee. */
export async function forwardDeposits(network: EvmNetworkId, hooks: ForwardHooks = {}): Promise<ForwardResult> {
  const config = getConfig();
  const key = forwarderKey(config.sandbox);
  const result: ForwardResult = { arrived: 0, forwarded: [] };
  if (!key || !depositFactoryAddress(network, config.sandbox)) return result;
  const deposits = await openDeposits(network);
  if (deposits.length === 0) return result;
  const client = getPublicClient(network);
  const balances = await client.multicall({
    contracts: deposits.map((d) => ({
      address: d.terms.token,
      abi: erc20Abi,
      functionName: "balanceOf" as const,
      args: [d.address] as const,
    })),
    allowFailure: true,
  });
  const started = Date.now();
  for (const [i, deposit] of deposits.entries()) {
    if (Date.now() - started > RUN_BUDGET_MS) break; // the next run goes on
    const read = balances[i];
    if (read.status !== "success" || (read.result as bigint) <= deposit.terms.feeAmount) continue;
    const balance = read.result as bigint;
    result.arrived++;
    await hooks.beforeForward?.({ ...deposit, balance });
    const sent = await forwardOne(client, key, deposit);
    if (sent) {
      result.forwarded.push({ requestId: deposit.requestId, ...sent, amount: balance - deposit.terms.feeAmount });
      log.info(
        { network, requestId: deposit.requestId, txHash: sent.txHash, gasUsed: sent.gasUsed.toString() },
        "deposit forwarded",
      );
    }
  }
  return result;
}

/** Networks with a deposit factory where payments are detected (a forward is only useful there). */
function forwarderNetworks(): EvmNetworkId[] {
  const config = getConfig();
  return EVM_NETWORK_IDS.filter(
    (n) => depositFactoryAddress(n, config.sandbox) && config.detection.networks.includes(n),
  );
}

export async function startDepositForwarder(boss: PgBoss): Promise<ExclusiveLoop> {
  const config = getConfig();
  const networks = forwarderNetworks();
  if (networks.length === 0) return { stop: async () => {} };
  if (!forwarderKey(config.sandbox)) {
    log.warn(
      "deposit addresses: DEPOSIT_FORWARDER_PRIVATE_KEY is not set, arrived funds wait for anyone to forward them",
    );
    return { stop: async () => {} };
  }
  const everyMs = config.sandbox ? 1000 : 10_000;
  const loops = await Promise.all(
    networks.map((network) =>
      runExclusively(boss, `deposit-forwarder-${network}`, everyMs, async () => void (await forwardDeposits(network)), {
        maxRunSeconds: LEASE_SECONDS,
      }),
    ),
  );
  log.info({ networks, everyMs }, "deposit forwarder started");
  return { stop: async () => void (await Promise.all(loops.map((l) => l.stop()))) };
}
