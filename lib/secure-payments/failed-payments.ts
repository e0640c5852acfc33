// `payment.failed` for a reported payment that reverted on chain (issue 29): a transaction the
// page reported (POST /pay/{token}/intent, POST /v2/secure-payments/{token}/intent) whose
// calldata pays the link (docs/decisions/intent-lock-verified-on-chain.md) and that the chain
// mined as reverted sends `payment.failed` once, with a `subStatus` saying why, read from the
// chain state before its block: `insufficient_allowance` or `insufficient_funds` for a fee-proxy
// payment that could not pull the tokens, `insufficient_funds` for a native payment short of its
// value, `transaction_reverted` otherwise. Once: the verdict `reverted` is final and stored by
// one conditional update, in the transaction that emits the event. Both ways an intent is judged
// store their verdict here: a read of the link (intent-lock.ts) and the worker's sweep of recent
// reports (checkReportedPayments), so a payer who closes the page still gets the event sent.
import { type Address, decodeFunctionData, type Hex } from "viem";
import { getPublicClient } from "../chains/clients";
import { erc20Abi, erc20FeeProxyAbi, findContract } from "../chains/contracts";
import type { EvmNetworkId } from "../chains/networks";
import { db } from "../db/client";
import { log } from "../log";
import { emitEvents, ON_CHAIN_PAYMENT_PROCESSOR, webhookEvent } from "../webhooks";
import { eventOwnerOf } from "./event-owner";
import { type IntentVerification, OPEN, paysLinkCalldata } from "./intent-verdict";
import { type LoadedSecurePayment, loadSecurePayment } from "./load-secure-payment";
import { requestsOfAll } from "./request-views";
import { findChildren } from "./secure-payment-store";
import { verifyIntentTransaction } from "./verify-intent";

/** Reports younger than this are swept by the worker; an older one is judged only by a read of its link. */
const WATCH_MS = 60 * 60_000;
/** A report not judged yet is asked about again after this long (as a read does, intent-lock.ts). */
const SWEEP_RECHECK_MS = 5_000;
/** Reports looked up by one sweep at most, the least recently asked first. */
const SWEEP_BATCH = 20;

export type FailureReason = "insufficient_allowance" | "insufficient_funds" | "transaction_reverted";

/** The link's requests whose references a paying transaction carries (a multicall's are its children's). */
export async function requestsToPay(loaded: LoadedSecurePayment) {
  if (loaded.sp.paymentType !== "multicall") return loaded.requests;
  return (await requestsOfAll(await findChildren(loaded.sp.token))).flat();
}

/**
 * Why a mined, reverted transaction could not pay, and the references its calldata carries; null
 * when it does not pay these references at all (a reverted transaction of anything else).
 */
async function failureOf(
  network: EvmNetworkId,
  txHash: Hex,
  references: readonly string[],
): Promise<{ reason: FailureReason; carried: string[] } | null> {
  const client = getPublicClient(network);
  const tx = await client.getTransaction({ hash: txHash });
  const contracts = (
    [
      "ERC20FeeProxy",
      "EthereumFeeProxy",
      "Erc20ConversionProxy",
      "EthConversionProxy",
      "BatchConversionPayments",
    ] as const
  )
    .map((n) => findContract(network, n)?.address)
    .filter((a): a is Address => a !== undefined);
  if (!paysLinkCalldata(tx, contracts, references) || tx.blockNumber === null) return null;
  const input = tx.input.toLowerCase();
  const carried = references.filter((r) => input.includes(r.replace(/^0x/i, "").toLowerCase()));
  return { reason: await reasonOf(network, tx), carried };
}

async function reasonOf(
  network: EvmNetworkId,
  tx: { to: Address | null; from: Address; input: Hex; value: bigint; blockNumber: bigint },
): Promise<FailureReason> {
  const client = getPublicClient(network);
  const before = tx.blockNumber - 1n;
  const feeProxy = findContract(network, "ERC20FeeProxy")?.address;
  if (feeProxy && tx.to?.toLowerCase() === feeProxy.toLowerCase()) {
    const { args } = decodeFunctionData({ abi: erc20FeeProxyAbi, data: tx.input });
    const [token, , amount, , feeAmount] = args as readonly [Address, Address, bigint, Hex, bigint, Address];
    const needed = amount + feeAmount;
    const read = (functionName: "allowance" | "balanceOf", args: readonly Address[]) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName,
        args: args as never,
        blockNumber: before,
      }) as Promise<bigint>;
    if ((await read("allowance", [tx.from, feeProxy])) < needed) return "insufficient_allowance";
    if ((await read("balanceOf", [tx.from])) < needed) return "insufficient_funds";
    return "transaction_reverted";
  }
  if (tx.value > 0n && (await client.getBalance({ address: tx.from, blockNumber: before })) < tx.value)
    return "insufficient_funds";
  return "transaction_reverted";
}

/**
 * Stores what the chain said of an intent; a first `reverted` of a transaction that pays the link
 * also sends `payment.failed` for each of the link's requests it carries, in the same transaction.
 */
export async function storeVerdict(
  intent: { id: string; txHash: string },
  verdict: IntentVerification,
  loaded: LoadedSecurePayment,
  network: EvmNetworkId,
): Promise<void> {
  const prisma = await db();
  if (verdict !== "reverted") {
    await prisma.securePaymentIntent.update({ where: { id: intent.id }, data: { verification: verdict } });
    return;
  }
  const requests = await requestsToPay(loaded);
  let failure: { reason: FailureReason; carried: string[] } | null = null;
  try {
    failure = await failureOf(
      network,
      intent.txHash as Hex,
      requests.map((r) => r.paymentReference),
    );
  } catch (error) {
    // The node did not answer: judged again later, the verdict is not stored yet.
    log.warn({ network, txHash: intent.txHash, err: (error as Error).message }, "reverted payment: not read");
    return;
  }
  const owner = failure ? await eventOwnerOf(loaded.sp) : null;
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.securePaymentIntent.updateMany({
      where: { id: intent.id, OR: [{ verification: null }, { verification: { not: "reverted" } }] },
      data: { verification: "reverted" },
    });
    if (count !== 1 || !failure || !owner) return;
    const { reason, carried } = failure;
    await emitEvents(
      tx,
      requests
        .filter((r) => carried.includes(r.paymentReference))
        .map((r) =>
          webhookEvent("payment.failed", owner, {
            requestId: r.requestId,
            paymentReference: r.paymentReference,
            subStatus: reason,
            paymentProcessor: ON_CHAIN_PAYMENT_PROCESSOR,
          }),
        ),
    );
    log.info({ token: loaded.sp.token, txHash: intent.txHash, reason }, "reported payment reverted: payment.failed");
  });
}

/**
 * The worker's sweep: recent reports with a txHash not judged for good yet are asked about (each
 * at most every few seconds), so a reverted one sends `payment.failed` without a read of its link.
 */
export async function checkReportedPayments(now = new Date()): Promise<{ checked: number }> {
  const prisma = await db();
  const due = await prisma.securePaymentIntent.findMany({
    where: {
      createdAt: { gt: new Date(now.getTime() - WATCH_MS) },
      txHash: { not: null },
      AND: [
        { OR: [{ verification: null }, { verification: { in: [...OPEN] } }] },
        { OR: [{ verifiedAt: null }, { verifiedAt: { lte: new Date(now.getTime() - SWEEP_RECHECK_MS) } }] },
      ],
    },
    orderBy: [{ verifiedAt: { sort: "asc", nulls: "first" } }, { createdAt: "asc" }],
    take: SWEEP_BATCH,
    select: { id: true, token: true, txHash: true, verifiedAt: true },
  });
  let checked = 0;
  for (const row of due) {
    // Claimed by moving verifiedAt, as a read claims it: one asker per intent.
    const { count } = await prisma.securePaymentIntent.updateMany({
      where: { id: row.id, verifiedAt: row.verifiedAt },
      data: { verifiedAt: now },
    });
    if (count !== 1) continue;
    let loaded: LoadedSecurePayment;
    try {
      loaded = await loadSecurePayment(row.token, {}, now);
    } catch {
      continue; // the link is gone
    }
    const requests = await requestsToPay(loaded);
    const network = requests[0]?.network;
    if (!network || network === "tron") continue;
    const verdict = await verifyIntentTransaction(
      network as EvmNetworkId,
      row.txHash!,
      requests.map((r) => r.paymentReference),
    );
    if (verdict === null) continue;
    await storeVerdict({ id: row.id, txHash: row.txHash! }, verdict, loaded, network as EvmNetworkId);
    checked++;
  }
  return { checked };
}
