// Asks the payment's chain about a reported transaction: eth_getTransactionByHash (a pending one
// is in the node's mempool), then, once mined, its receipt; intent-verdict.ts judges the answer.
// Never called inside a database transaction: a slow node must not hold locks.
import { type Hex, TransactionNotFoundError, TransactionReceiptNotFoundError } from "viem";
import { getPublicClient } from "../chains/clients";
import { type ContractName, findContract } from "../chains/contracts";
import type { EvmNetworkId } from "../chains/networks";
import { log } from "../log";
import { type ChainReceipt, type ChainTransaction, type IntentVerification, judgeIntent } from "./intent-verdict";

// What the page's calldata sends a payment to (build-secure-payment-calls.ts: a proxy for one
// request, BatchConversionPayments for a batch or multicall), and the contracts whose events carry it.
const EMITTERS = ["ERC20FeeProxy", "EthereumFeeProxy", "Erc20ConversionProxy", "EthConversionProxy"] as const;
const PAYMENT_CONTRACTS: readonly ContractName[] = [...EMITTERS, "BatchConversionPayments"];

/** A lock check waits this long for the node at most; no answer holds nothing. */
const LOOKUP_TIMEOUT_MS = 3_000;

function addressesOf(network: EvmNetworkId, names: readonly ContractName[]): string[] {
  return names.map((n) => findContract(network, n)?.address).filter((a): a is `0x${string}` => a !== undefined);
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_TIMEOUT_MS} ms`)), LOOKUP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function lookUp(network: EvmNetworkId, hash: Hex): Promise<[ChainTransaction | null, ChainReceipt | null]> {
  const client = getPublicClient(network);
  let tx: ChainTransaction;
  try {
    tx = await client.getTransaction({ hash });
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return [null, null];
    throw error;
  }
  if (tx.blockNumber === null) return [tx, null];
  try {
    return [tx, await client.getTransactionReceipt({ hash })];
  } catch (error) {
    // Mined in a block the node has not finished indexing: judged as still pending.
    if (error instanceof TransactionReceiptNotFoundError) return [{ ...tx, blockNumber: null }, null];
    throw error;
  }
}

/**
 * The verdict on `txHash` for a link whose requests carry `references` on `network`; null when
 * the node could not be asked (the caller keeps the previous verdict).
 */
export async function verifyIntentTransaction(
  network: EvmNetworkId,
  txHash: string,
  references: readonly string[],
): Promise<IntentVerification | null> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) return "unproven";
  try {
    const [tx, receipt] = await withTimeout(lookUp(network, txHash as Hex));
    return judgeIntent(tx, receipt, {
      contracts: addressesOf(network, PAYMENT_CONTRACTS),
      emitters: addressesOf(network, EMITTERS),
      references,
    });
  } catch (error) {
    log.warn(
      { network, txHash, err: error instanceof Error ? error.message : String(error) },
      "intent verification: the node could not be asked",
    );
    return null;
  }
}
