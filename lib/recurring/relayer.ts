// The relayer: pays the instalments of active recurring payouts when they fall due by the
// chain's clock, with the relayer key of the configuration (the sandbox's own demo key).
//
// Exactly once, crash-safe (docs/decisions/recurring-relayer.md):
// - one run per network at a time across every instance (runExclusively);
// - the signed transaction is recorded (recurring_instalments, status `sending`) *before* it
//   is broadcast, and only one row per instalment can exist: a second relayer cannot send it;
// - a run first reconciles every `sending` row with the chain: paid (the proxy's bitmap says
//   so) → recorded paid; still pending → re-broadcast the same signed bytes, or re-signed with
//   higher fees once stuck; reverted or dropped → forgotten and tried again;
// - the contract itself pays each index once, whatever happens above.
// An instalment that cannot be paid counts a failure; after RECURRING_MAX_TRIES the schedule
// pauses and `payment.failed` is sent.
import type PgBoss from "pg-boss";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  type Hex,
  hashTypedData,
  keccak256,
  type TransactionReceipt,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { type ChainClient, getPublicClient } from "../chains/clients";
import { erc20Abi } from "../chains/contracts";
import { EVM_NETWORK_IDS, type EvmNetworkId, NETWORKS } from "../chains/networks";
import { recurringProxyAbi, recurringProxyAddress, schedulePermitTypedData } from "../chains/recurring-proxy";
import { getClientIdOrThrow } from "../client-ids";
import { getConfig } from "../config";
import { SANDBOX_RELAYER } from "../devnet/accounts";
import { type ExclusiveLoop, runExclusively } from "../jobs/exclusive-loop";
import { log } from "../log";
import { findRequest } from "../requests";
import { emitEvent, ON_CHAIN_PAYMENT_PROCESSOR, webhookEvent } from "../webhooks";
import {
  activeSchedules,
  forgetSending,
  getRecurringPayment,
  type Instalment,
  markPaid,
  pausedSchedules,
  type RecurringPayment,
  recordSending,
  replaceSending,
  sendingInstalments,
  transition,
  withTransaction,
} from "./recurring-store";
import { dueTime, instalmentCost } from "./schedule-rules";

/** A transaction not mined after this long is re-signed with higher fees (same nonce). */
const STUCK_AFTER_MS = 120_000;
const RECEIPT_TIMEOUT_MS = 60_000;
const LEASE_SECONDS = 120;
/** A run starts no new instalment after this long, so it ends well within its lease. */
const RUN_BUDGET_MS = 60_000;
/** Why a schedule paused when the request's isRecurrenceStopped was set (PATCH /v2/request/{id}). */
export const STOPPED_BY_REQUEST = "Recurrence stopped on the request (isRecurrenceStopped)";

export interface RelayerHooks {
  /** Called right after a transaction is broadcast, before its outcome is recorded (tests kill the relayer there). */
  afterBroadcast?: (schedule: RecurringPayment, index: number) => Promise<void> | void;
}

export interface RelayResult {
  paid: number;
  failed: number;
}

function relayerAccount(): PrivateKeyAccount | undefined {
  const config = getConfig();
  const key = config.RECURRING_RELAYER_PRIVATE_KEY ?? (config.sandbox ? SANDBOX_RELAYER.privateKey : undefined);
  return key ? privateKeyToAccount(key as Hex) : undefined;
}

const digestOf = (s: RecurringPayment) =>
  hashTypedData(schedulePermitTypedData(NETWORKS[s.network].chainId, s.proxyAddress, s.permit));

function revertName(error: unknown): string {
  const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
  return revert instanceof ContractFunctionRevertedError
    ? (revert.data?.errorName ?? revert.reason ?? "reverted")
    : "unknown";
}

/** The failure a revert stands for: webhook subStatus and the reason GET shows. */
async function explainFailure(
  client: ChainClient,
  s: RecurringPayment,
  errorName: string,
): Promise<{ subStatus: string; reason: string }> {
  if (errorName === "TokenCallFailed" || errorName === "unknown" || errorName === "reverted") {
    const [balance, allowance] = await Promise.all([
      client.readContract({
        address: s.permit.token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [s.permit.subscriber],
      }),
      client.readContract({
        address: s.permit.token,
        abi: erc20Abi,
        functionName: "allowance",
        args: [s.permit.subscriber, s.proxyAddress],
      }),
    ]);
    const cost = instalmentCost(s.permit);
    if (balance < cost) return { subStatus: "insufficient_funds", reason: "Insufficient token balance" };
    if (allowance < cost) return { subStatus: "insufficient_allowance", reason: "Insufficient token allowance" };
  }
  if (errorName === "BadSignature")
    return { subStatus: "invalid_signature", reason: "The schedule's signature is no longer accepted" };
  if (errorName === "SignatureExpired")
    return { subStatus: "schedule_expired", reason: "The schedule's deadline has passed" };
  if (errorName === "NotRelayer")
    return { subStatus: "relayer_not_allowed", reason: "The proxy does not accept this relayer" };
  return { subStatus: "reverted", reason: `The payment reverted (${errorName})` };
}

async function eventOwner(s: RecurringPayment) {
  const clientId = s.clientIdId
    ? ((await getClientIdOrThrow(s.platformId, s.clientIdId).catch(() => null))?.clientId ?? null)
    : null;
  return { platformId: s.platformId, clientIdId: s.clientIdId, clientId, orchestratorId: null };
}

/** Counts a failed try; the last allowed one pauses the schedule and sends payment.failed. */
async function recordFailure(client: ChainClient, s: RecurringPayment, errorName: string): Promise<void> {
  const { subStatus, reason } = await explainFailure(client, s, errorName);
  const count = s.failureCount + 1;
  const pause = count >= getConfig().RECURRING_MAX_TRIES;
  const request = await findRequest(s.platformId, s.requestId);
  const owner = await eventOwner(s);
  await withTransaction(async (tx) => {
    const moved = await transition(
      s.id,
      ["active"],
      { failureCount: count, failureReason: reason, ...(pause ? { status: "paused" } : {}) },
      tx,
    );
    if (moved && pause && request) {
      await emitEvent(
        tx,
        webhookEvent("payment.failed", owner, {
          requestId: s.requestId,
          paymentReference: request.paymentReference,
          subStatus,
          paymentProcessor: ON_CHAIN_PAYMENT_PROCESSOR,
        }),
      );
    }
  });
  log.warn(
    { recurringPaymentId: s.id, index: s.processedPayments + 1, subStatus, tries: count, paused: pause },
    "recurring instalment failed",
  );
}

/** The transaction that paid instalment `index`, from the proxy's events (when ours was replaced or lost). */
async function findTriggerTx(client: ChainClient, s: RecurringPayment, index: number): Promise<Hex | undefined> {
  const latest = await client.getBlockNumber();
  const logs = await client.getContractEvents({
    address: s.proxyAddress,
    abi: recurringProxyAbi,
    eventName: "RecurringPaymentTriggered",
    args: { scheduleDigest: digestOf(s) },
    fromBlock: latest > 50_000n ? latest - 50_000n : 0n,
  });
  return logs.find((l) => l.args.paymentIndex === index)?.transactionHash ?? undefined;
}

async function settlePaid(s: RecurringPayment, index: number, txHash: Hex): Promise<void> {
  await withTransaction(async (tx) => {
    const fresh = (await getRecurringPayment(s.id, tx)) ?? s;
    await markPaid(fresh, index, txHash, tx);
  });
  log.info({ recurringPaymentId: s.id, index, txHash }, "recurring instalment paid");
}

async function settleReceipt(
  client: ChainClient,
  s: RecurringPayment,
  index: number,
  receipt: TransactionReceipt,
): Promise<boolean> {
  if (receipt.status === "success") {
    await settlePaid(s, index, receipt.transactionHash);
    return true;
  }
  await forgetSending(s.id, index);
  await recordFailure(client, s, "reverted");
  return false;
}

/** Brings every instalment recorded as `sending` in line with the chain (after a crash, a timeout, a stuck transaction). */
async function reconcile(network: EvmNetworkId, client: ChainClient, account: PrivateKeyAccount): Promise<void> {
  for (const { schedule: s, instalment } of await sendingInstalments(network)) {
    const index = instalment.paymentIndex;
    const executed = await client.readContract({
      address: s.proxyAddress,
      abi: recurringProxyAbi,
      functionName: "isExecuted",
      args: [digestOf(s), index],
    });
    const receipt = await client.getTransactionReceipt({ hash: instalment.txHash }).catch(() => null);
    if (executed) {
      await settlePaid(
        s,
        index,
        receipt?.status === "success"
          ? instalment.txHash
          : ((await findTriggerTx(client, s, index)) ?? instalment.txHash),
      );
    } else if (receipt) {
      await settleReceipt(client, s, index, receipt);
    } else {
      const mined = await client.getTransactionCount({ address: account.address, blockTag: "latest" });
      if (mined > instalment.relayerNonce) {
        await forgetSending(s.id, index); // its nonce went to another transaction: ours will never be mined
      } else if (Date.now() - instalment.sentAt.getTime() > STUCK_AFTER_MS) {
        await resend(client, account, s, instalment);
      } else {
        await client.sendRawTransaction({ serializedTransaction: instalment.rawTransaction }).catch(() => undefined); // "already known" is fine
      }
    }
  }
}

/** Re-signs a stuck instalment with the same nonce and twice the current fees. */
async function resend(
  client: ChainClient,
  account: PrivateKeyAccount,
  s: RecurringPayment,
  instalment: Instalment,
): Promise<void> {
  const request = await findRequest(s.platformId, s.requestId);
  if (!request) return;
  const signed = await signTrigger(
    client,
    account,
    s,
    instalment.paymentIndex,
    request.paymentReference,
    instalment.relayerNonce,
    2n,
  );
  if (!signed) return;
  await replaceSending(s.id, instalment.paymentIndex, signed);
  await client
    .sendRawTransaction({ serializedTransaction: signed.raw })
    .catch((err: Error) => log.warn({ err: err.message }, "could not re-send a stuck instalment"));
}

function triggerData(s: RecurringPayment, index: number, paymentReference: Hex): Hex {
  return encodeFunctionData({
    abi: recurringProxyAbi,
    functionName: "triggerRecurringPayment",
    args: [s.permit, s.permitSignature!, index, paymentReference],
  });
}

async function signTrigger(
  client: ChainClient,
  account: PrivateKeyAccount,
  s: RecurringPayment,
  index: number,
  paymentReference: Hex,
  nonce: number,
  feeFactor = 1n,
) {
  const data = triggerData(s, index, paymentReference);
  const gas = await client.estimateGas({ account: account.address, to: s.proxyAddress, data }).catch(() => undefined);
  if (gas === undefined) return undefined;
  const fees = await client.estimateFeesPerGas();
  const raw = await account.signTransaction({
    type: "eip1559",
    chainId: NETWORKS[s.network].chainId,
    to: s.proxyAddress,
    data,
    nonce,
    gas: (gas * 12n) / 10n,
    maxFeePerGas: fees.maxFeePerGas * feeFactor,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas * feeFactor,
  });
  return { raw, hash: keccak256(raw), nonce };
}

type TriggerOutcome = "paid" | "failed" | "wait";

async function trigger(
  client: ChainClient,
  account: PrivateKeyAccount,
  s: RecurringPayment,
  index: number,
  paymentReference: Hex,
  hooks: RelayerHooks,
): Promise<TriggerOutcome> {
  try {
    await client.estimateContractGas({
      account: account.address,
      address: s.proxyAddress,
      abi: recurringProxyAbi,
      functionName: "triggerRecurringPayment",
      args: [s.permit, s.permitSignature!, index, paymentReference],
    });
  } catch (error) {
    const name = revertName(error);
    if (name === "NotDue") return "wait";
    if (name === "AlreadyPaid") {
      await settlePaid(s, index, (await findTriggerTx(client, s, index)) ?? "0x");
      return "paid";
    }
    await recordFailure(client, s, name);
    return "failed";
  }
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
  const signed = await signTrigger(client, account, s, index, paymentReference, nonce);
  if (!signed) return "wait";
  if (!(await recordSending(s.id, index, signed))) return "wait"; // another relayer holds this instalment
  await client.sendRawTransaction({ serializedTransaction: signed.raw });
  await hooks.afterBroadcast?.(s, index);
  const receipt = await client
    .waitForTransactionReceipt({ hash: signed.hash, timeout: RECEIPT_TIMEOUT_MS })
    .catch(() => null);
  if (!receipt) return "wait"; // still pending: the next run reconciles it
  return (await settleReceipt(client, s, index, receipt)) ? "paid" : "failed";
}

/** Pays what is due on one schedule, in order: after a pause, every missed instalment at once. */
async function payDue(
  client: ChainClient,
  account: PrivateKeyAccount,
  schedule: RecurringPayment,
  chainNow: number,
  hooks: RelayerHooks,
): Promise<RelayResult> {
  const result = { paid: 0, failed: 0 };
  const request = await findRequest(schedule.platformId, schedule.requestId);
  if (!request) return result;
  if (request.isRecurrenceStopped) {
    await transition(schedule.id, ["active"], { status: "paused", failureReason: STOPPED_BY_REQUEST });
    return result;
  }
  let s: RecurringPayment | null = schedule;
  while (s && s.status === "active" && s.processedPayments < s.permit.totalPayments) {
    const index = s.processedPayments + 1;
    if (chainNow < dueTime(s.permit, index)) break;
    const outcome = await trigger(client, account, s, index, request.paymentReference, hooks);
    if (outcome === "paid") result.paid++;
    if (outcome === "failed") result.failed++;
    if (outcome !== "paid") break;
    s = await getRecurringPayment(s.id);
  }
  return result;
}

/** One relayer run on a network: reconcile what was being sent, then pay what is due. */
export async function relayOnce(network: EvmNetworkId, hooks: RelayerHooks = {}): Promise<RelayResult> {
  const account = relayerAccount();
  const total = { paid: 0, failed: 0 };
  if (!account || !recurringProxyAddress(network)) return total;
  const started = Date.now();
  const client = getPublicClient(network);
  await reconcile(network, client, account);
  // A schedule paused by the request's isRecurrenceStopped resumes when the request resumes.
  for (const s of await pausedSchedules(network, STOPPED_BY_REQUEST)) {
    const request = await findRequest(s.platformId, s.requestId);
    if (request && !request.isRecurrenceStopped)
      await transition(s.id, ["paused"], { status: "active", failureReason: null, failureCount: 0 });
  }
  const schedules = await activeSchedules(network);
  if (schedules.length === 0) return total;
  const chainNow = Number((await client.getBlock({ blockTag: "latest" })).timestamp);
  for (const s of schedules) {
    if (Date.now() - started > RUN_BUDGET_MS) break; // the next run goes on
    try {
      const r = await payDue(client, account, s, chainNow, hooks);
      total.paid += r.paid;
      total.failed += r.failed;
    } catch (err) {
      if (hooks.afterBroadcast) throw err; // a test's simulated crash
      log.error({ recurringPaymentId: s.id, err: (err as Error).message }, "recurring relayer error");
    }
  }
  return total;
}

/** Networks the relayer serves: those with a recurring proxy and an RPC (every sandbox chain). */
function relayerNetworks(): EvmNetworkId[] {
  const config = getConfig();
  return EVM_NETWORK_IDS.filter((n) => recurringProxyAddress(n) && (config.sandbox || config.rpcUrls[n]));
}

export async function startRecurringRelayer(boss: PgBoss): Promise<ExclusiveLoop> {
  const config = getConfig();
  const account = relayerAccount();
  const networks = relayerNetworks();
  if (!account || networks.length === 0) {
    if (networks.length > 0)
      log.warn("recurring payouts: RECURRING_RELAYER_PRIVATE_KEY is not set, no instalment will be paid");
    return { stop: async () => {} };
  }
  const everyMs = config.RECURRING_INTERVAL_MS ?? (config.sandbox ? 1000 : 15_000);
  const loops = await Promise.all(
    networks.map((network) =>
      runExclusively(boss, `recurring-relayer-${network}`, everyMs, async () => void (await relayOnce(network)), {
        maxRunSeconds: LEASE_SECONDS,
      }),
    ),
  );
  log.info({ networks, relayer: account.address as Address, everyMs }, "recurring relayer started");
  return { stop: async () => void (await Promise.all(loops.map((l) => l.stop()))) };
}
