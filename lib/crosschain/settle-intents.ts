// The operator's settlement of signed intents (docs/decisions/crosschain-settlement.md),
// run by one instance at a time (runExclusively) and safe to kill at any point:
//
//   signed ──(EIP-2612 permit if given)──(gateway.collect: source pull)──► collected
//   collected ──(approve ERC20FeeProxy once)──(payout with the request's reference)──► paid
//   signed, expired or pull reverted ──► failed (payment.failed: nothing moved)
//   collected, treasury short on the destination ──(transfer back on the source)──► refunded
//
// Every transaction is signed with an explicit nonce and stored (pendingTx) *before* it is
// broadcast; a worker that restarts finds it and re-broadcasts the same bytes, whose nonce can
// be mined once, so a crash between sending and recording never pays twice. Status changes are
// conditional on the status they leave, and the events go out in the same transaction.
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  keccak256,
  maxUint256,
  parseAbi,
  parseSignature,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getPublicClient } from "../chains/clients";
import { erc20FeeProxyAbi, getContract, PERMIT2_ADDRESS } from "../chains/contracts";
import { GATEWAY_ABI, operatorKey } from "../chains/crosschain-gateway";
import { getConfig } from "../config";
import { db } from "../db/client";
import { log } from "../log";
import { findRequest, lockRequestsByReferenceHash, paymentReferenceHash } from "../requests";
import { emitEvent, ON_CHAIN_PAYMENT_PROCESSOR, webhookEvent } from "../webhooks";
import {
  changeIntent,
  type IntentStatus,
  openIntents,
  type PendingTx,
  readIntent,
  type StoredIntent,
} from "./intent-store";
import { intentPermitted, intentWitness } from "./intent-typed-data";

const permitAbi = parseAbi([
  "function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)",
]);

class Reverted extends Error {}

function isRevert(err: unknown): boolean {
  if (err instanceof Reverted) return true;
  if (!(err instanceof BaseError)) return false;
  return (
    err.walk((e) => e instanceof ContractFunctionRevertedError || (e as Error).name === "ExecutionRevertedError") !==
    null
  );
}

function operator() {
  const key = operatorKey(getConfig().sandbox);
  if (!key) throw new Error("no crosschain operator key (CROSSCHAIN_OPERATOR_PRIVATE_KEY)");
  return privateKeyToAccount(key);
}

/**
 * Sends the step's transaction once: the stored one when the intent has it (a restart), else a
 * new one, signed and stored before it is broadcast. Resolves with its receipt after the
 * network's confirmations; throws Reverted when it reverts (in simulation or on chain).
 */
async function sendStep(
  intent: StoredIntent,
  step: PendingTx["step"],
  network: PendingTx["network"],
  call: { to: Address; data: Hex },
): Promise<TransactionReceipt> {
  const client = getPublicClient(network);
  let pending = intent.pendingTx?.step === step ? intent.pendingTx : null;
  if (!pending) {
    const account = operator();
    const prepared = await client.prepareTransactionRequest({
      account,
      to: call.to,
      data: call.data,
      chain: client.chain,
    });
    const raw = await account.signTransaction(prepared as Parameters<typeof account.signTransaction>[0]);
    pending = { step, network, hash: keccak256(raw), raw };
    if (!(await changeIntent(intent.id, intent.status, { pendingTx: pending })))
      throw new Error(`intent ${intent.id} changed under the settlement`);
    intent.pendingTx = pending;
  }
  await client.sendRawTransaction({ serializedTransaction: pending.raw }).catch((err: Error) => {
    // Already in the pool or mined (a restart re-broadcasting): the receipt below tells.
    log.debug({ intent: intent.id, step, err: err.message.split("\n")[0] }, "crosschain re-broadcast");
  });
  const confirmations = Math.max(1, getConfig().detection.confirmations[network] ?? 1);
  const receipt = await client.waitForTransactionReceipt({ hash: pending.hash, confirmations, timeout: 120_000 });
  if (receipt.status !== "success") throw new Reverted(`${step} reverted (${pending.hash})`);
  return receipt;
}

async function ownerOf(intent: StoredIntent) {
  const request = await findRequest(intent.platformId, intent.requestId);
  if (!request) throw new Error(`request ${intent.requestId} of intent ${intent.id} is gone`);
  return request;
}

/** Ends an intent (failed or refunded) and tells the platform, in one transaction. */
async function finish(
  intent: StoredIntent,
  from: IntentStatus,
  to: "failed" | "refunded",
  reason: string,
  extra: { refundTxHash?: string } = {},
): Promise<void> {
  const request = await ownerOf(intent);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    if (!(await changeIntent(intent.id, from, { status: to, failureReason: reason, pendingTx: null, ...extra }, tx)))
      return;
    const [settling] = await lockRequestsByReferenceHash(tx, request.network, [
      paymentReferenceHash(request.paymentReference),
    ]);
    if (!settling) return;
    const owner = {
      platformId: settling.platformId,
      clientIdId: settling.clientIdId,
      clientId: settling.clientId,
      orchestratorId: settling.orchestratorId,
    };
    const base = { requestId: request.requestId, paymentReference: request.paymentReference };
    if (to === "failed") {
      await emitEvent(
        tx,
        webhookEvent("payment.failed", owner, {
          ...base,
          subStatus: reason,
          paymentProcessor: ON_CHAIN_PAYMENT_PROCESSOR,
        }),
      );
    } else {
      const total = intent.terms.amount + intent.terms.fee;
      await emitEvent(
        tx,
        webhookEvent("payment.refunded", owner, {
          ...base,
          amount: formatUnits(total, await tokenDecimals(intent)),
          currency: intent.terms.sourceToken,
          txHash: extra.refundTxHash!,
          network: intent.sourceNetwork,
          timestamp: new Date(),
        }),
      );
    }
  });
  log.info({ intent: intent.id, status: to, reason }, "crosschain intent ended");
}

async function tokenDecimals(intent: StoredIntent): Promise<number> {
  return getPublicClient(intent.sourceNetwork).readContract({
    address: intent.terms.sourceToken,
    abi: erc20Abi,
    functionName: "decimals",
  });
}

async function collect(intent: StoredIntent, now: Date): Promise<void> {
  const { terms } = intent;
  if (!intent.pendingTx && now > intent.expiresAt) return finish(intent, "signed", "failed", "expired");
  try {
    if (intent.approvalPermit && !intent.permitTxHash) {
      const client = getPublicClient(intent.sourceNetwork);
      const allowance = await client.readContract({
        address: terms.sourceToken,
        abi: erc20Abi,
        functionName: "allowance",
        args: [terms.payer, PERMIT2_ADDRESS],
      });
      if (allowance < terms.amount + terms.fee || intent.pendingTx?.step === "permit") {
        const { v, r, s, yParity } = parseSignature(intent.approvalPermit.signature);
        const data = encodeFunctionData({
          abi: permitAbi,
          functionName: "permit",
          args: [
            terms.payer,
            PERMIT2_ADDRESS,
            maxUint256,
            BigInt(intent.approvalPermit.deadline),
            Number(v ?? BigInt(yParity + 27)),
            r,
            s,
          ],
        });
        const receipt = await sendStep(intent, "permit", intent.sourceNetwork, { to: terms.sourceToken, data });
        await changeIntent(intent.id, "signed", { permitTxHash: receipt.transactionHash, pendingTx: null });
        intent = await readIntent(intent.id);
      }
    }
    const data = encodeFunctionData({
      abi: GATEWAY_ABI,
      functionName: "collect",
      args: [
        { permitted: intentPermitted(terms), nonce: terms.nonce, deadline: terms.deadline },
        intentWitness(terms),
        intent.signature!,
      ],
    });
    const receipt = await sendStep(intent, "collect", intent.sourceNetwork, { to: terms.gateway, data });
    await changeIntent(intent.id, "signed", {
      status: "collected",
      sourceTxHash: receipt.transactionHash,
      pendingTx: null,
    });
    log.info({ intent: intent.id, tx: receipt.transactionHash }, "crosschain source pull confirmed");
  } catch (err) {
    if (!isRevert(err)) throw err;
    await finish(await readIntent(intent.id), "signed", "failed", "source_pull_reverted");
  }
}

async function refund(intent: StoredIntent): Promise<void> {
  const { terms } = intent;
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [terms.payer, terms.amount + terms.fee],
  });
  const receipt = await sendStep(intent, "refund", intent.sourceNetwork, { to: terms.sourceToken, data });
  await finish(intent, "collected", "refunded", "treasury_short", { refundTxHash: receipt.transactionHash });
}

async function payOut(intent: StoredIntent): Promise<void> {
  const { terms } = intent;
  const network = intent.destinationNetwork;
  if (intent.pendingTx?.step === "refund") return refund(intent);
  const client = getPublicClient(network);
  const proxy = getContract(network, "ERC20FeeProxy").address;
  const token = terms.destinationToken;
  if (intent.pendingTx?.step !== "payout") {
    const balance = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [terms.treasury],
    });
    if (balance < intent.destinationAmount) return refund(intent);
    const allowance = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "allowance",
      args: [terms.treasury, proxy],
    });
    if (allowance < intent.destinationAmount || intent.pendingTx?.step === "approve") {
      await sendStep(intent, "approve", network, {
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [proxy, maxUint256] }),
      });
      await changeIntent(intent.id, "collected", { pendingTx: null });
      intent = await readIntent(intent.id);
    }
  }
  const request = await ownerOf(intent);
  const data = encodeFunctionData({
    abi: erc20FeeProxyAbi,
    functionName: "transferFromWithReferenceAndFee",
    args: [token, terms.payee, intent.destinationAmount, request.paymentReference, 0n, terms.treasury],
  });
  try {
    const receipt = await sendStep(intent, "payout", network, { to: proxy, data });
    await changeIntent(intent.id, "collected", {
      status: "paid",
      destinationTxHash: receipt.transactionHash,
      pendingTx: null,
    });
    log.info({ intent: intent.id, tx: receipt.transactionHash }, "crosschain payout confirmed");
  } catch (err) {
    if (!isRevert(err)) throw err;
    await changeIntent(intent.id, "collected", { pendingTx: null });
    await refund(await readIntent(intent.id));
  }
}

/** One pass over the open intents, oldest first; an error on one is logged and retried next pass. */
export async function settleOpenIntents(now = new Date()): Promise<void> {
  for (const intent of await openIntents()) {
    try {
      if (intent.status === "signed") await collect(intent, now);
      else await payOut(intent);
    } catch (err) {
      log.warn(
        { intent: intent.id, err: (err as Error).message.split("\n")[0] },
        "crosschain settlement step failed; retried on the next pass",
      );
    }
  }
}
