// What a payer reports broadcasting for a secure payment (POST /v2/secure-payments/{token}/intent,
// and the payment page's own /pay/{token}/intent): recorded once per token and transaction. A
// report alone holds nothing: the link answers 423 only once the chain shows the transaction
// paying it (intent-lock.ts). Recording never settles anything: detection alone does.

import type { NetworkId } from "../chains/networks";
import { getConfig } from "../config";
import { db } from "../db/client";
import { badRequest } from "../http/errors";
import type { IntentVerification } from "./intent-verdict";
import { type LoadedSecurePayment, loadSecurePayment } from "./load-secure-payment";
import { assertPayable } from "./payment-state";
import type { IntentBody, IntentResponse } from "./schemas";

const CHAIN_OF: Partial<Record<NetworkId, string>> = {
  mainnet: "ETHEREUM",
  "arbitrum-one": "ARBITRUM",
  optimism: "OPTIMISM",
  base: "BASE",
  matic: "POLYGON",
  bsc: "BNB",
};

type IntentRow = { id: string; createdAt: Date };

async function upsertIntent(
  token: string,
  kind: "payment" | "multicall",
  dedupKey: string,
  data: { txHash?: string; safeTxHash?: string; payerAddress?: string; payload: object },
  verification: IntentVerification | null = data.txHash ? null : "no_tx_hash",
): Promise<IntentRow> {
  const prisma = await db();
  const key = dedupKey.toLowerCase();
  const existing = await prisma.securePaymentIntent.findUnique({ where: { token_dedupKey: { token, dedupKey: key } } });
  if (existing) return existing;
  try {
    return await prisma.securePaymentIntent.create({
      data: {
        token,
        kind,
        dedupKey: key,
        txHash: data.txHash ?? null,
        safeTxHash: data.safeTxHash ?? null,
        payerAddress: data.payerAddress ?? null,
        payload: data.payload,
        verification,
        verifiedAt: verification === null ? null : new Date(),
      },
    });
  } catch {
    // The same report arriving twice at once: the other one stored it.
    return prisma.securePaymentIntent.findUniqueOrThrow({ where: { token_dedupKey: { token, dedupKey: key } } });
  }
}

/**
 * Records a reported broadcast. `scope.platformId` for API callers (another platform's token is
 * 404); the page passes the token alone. The link must still be payable (409 completed, 403
 * expired or cancelled), and the chain must be the payment's.
 */
export async function recordIntent(
  token: string,
  body: IntentBody,
  scope: { platformId?: string } = {},
): Promise<IntentResponse> {
  const loaded = await loadSecurePayment(token, scope);
  assertPayable(loaded.status);
  const network = loaded.requests[0]?.network;
  const crosschain =
    !("userOpHash" in body) && (body.executionKind === "evm_cross_chain" || body.routeKind === "crosschain");
  // A crosschain report names its source chain, which is not the payment's network by design.
  if (network && !crosschain && CHAIN_OF[network] !== body.chain) {
    throw badRequest(
      "intent_chain_mismatch",
      `chain ${body.chain} is not this payment's network (${network === "tron" ? "tron, reported by the Tron relay" : (CHAIN_OF[network] ?? network)})`,
    );
  }
  const isListening = network !== undefined && getConfig().detection.networks.includes(network);
  if ("userOpHash" in body) {
    if (loaded.sp.paymentType !== "multicall")
      throw badRequest(
        "intent_not_multicall",
        "userOpHash and transactionIndices are for multicall payout tokens; this token is not one",
      );
    const row = await upsertIntent(loaded.sp.token, "multicall", body.userOpHash, {
      txHash: body.txHash,
      safeTxHash: body.safeTxHash,
      payerAddress: body.payerEoaAddress,
      payload: body,
    });
    return {
      receiptId: row.id,
      multicallId: loaded.sp.token,
      parentToken: loaded.sp.token,
      ...(body.txHash ? { txHash: body.txHash } : {}),
      ...(body.safeTxHash ? { safeTxHash: body.safeTxHash } : {}),
      ...(body.safePaymentDeadline !== undefined ? { safePaymentDeadline: body.safePaymentDeadline } : {}),
      sourceChain: body.chain,
      smartAccountAddress: body.smartAccountAddress,
      userOpHash: body.userOpHash,
      transactionIndices: body.transactionIndices.map(({ childPosition, transactionIndex }) => ({
        childPosition,
        transactionIndex,
      })),
      isListening: false,
    };
  }
  // A crosschain report (the published safePendingIntent: a Safe paying from POLYGON) is
  // source-side metadata: recorded, but it never holds the link, since its hash is on another
  // chain and pays a bridge, not this link's contracts; the payment holds the link once it
  // reaches the payment's network and detection records it
  // (docs/decisions/intent-lock-verified-on-chain.md).
  const row = await upsertIntent(
    loaded.sp.token,
    "payment",
    (body.txHash ?? body.safeTxHash)!,
    { txHash: body.txHash, safeTxHash: body.safeTxHash, payerAddress: body.payerAddress, payload: body },
    crosschain ? "crosschain" : body.txHash ? null : "no_tx_hash",
  );
  return intentAnswer(loaded, row, body, isListening);
}

function intentAnswer(
  loaded: LoadedSecurePayment,
  row: IntentRow,
  body: { txHash?: string; safeTxHash?: string; safePaymentDeadline?: number; payerAddress?: string },
  isListening: boolean,
): IntentResponse {
  return {
    intentId: row.id,
    paymentReference: loaded.requests[0]?.paymentReference ?? "",
    ...(body.txHash ? { txHash: body.txHash } : {}),
    ...(body.safeTxHash ? { safeTxHash: body.safeTxHash } : {}),
    ...(body.safePaymentDeadline !== undefined ? { safePaymentDeadline: body.safePaymentDeadline } : {}),
    isListening,
    ...(body.payerAddress ? { payerAddress: body.payerAddress } : {}),
  };
}

/**
 * A Tron transaction the relay broadcast: recorded like a reported one, already judged — the
 * relay checked that it is this link's call for its signer before broadcasting it.
 */
export async function recordTronBroadcast(loaded: LoadedSecurePayment, txId: string, owner: string): Promise<void> {
  await upsertIntent(
    loaded.sp.token,
    "payment",
    `0x${txId}`,
    { txHash: `0x${txId}`, payerAddress: owner, payload: { chain: "TRON", txHash: `0x${txId}`, payerAddress: owner } },
    "relayed",
  );
}
