// Talking to an EVM wallet through its EIP-1193 provider: the wallet fills in gas and fees
// itself and sends through its own node, and receipts are read through it too, so the page
// needs no RPC endpoint of its own (a payer's wallet may be on any node). EIP-5792 batches
// (wallet_sendCalls) where the wallet has them.
import { valueOf, type WireTransaction } from "./checkout-steps";

export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function callOf(tx: WireTransaction): { to: string; data: string; value: string } {
  return { to: tx.to, data: tx.data, value: hex(valueOf(tx.value)) };
}

export async function sendTransaction(provider: Eip1193, from: string, tx: WireTransaction): Promise<string> {
  return String(await provider.request({ method: "eth_sendTransaction", params: [{ from, ...callOf(tx) }] }));
}

export interface MinedCall {
  transactionHash: string;
  success: boolean;
}

/** Polls the wallet's node until the transaction is mined (or `timeoutMs` passes). */
export async function waitForReceipt(provider: Eip1193, hash: string, timeoutMs = 10 * 60_000): Promise<MinedCall> {
  const until = Date.now() + timeoutMs;
  for (let delay = 500; ; delay = Math.min(delay * 1.5, 4000)) {
    const receipt = (await provider
      .request({ method: "eth_getTransactionReceipt", params: [hash] })
      .catch(() => null)) as { status?: string } | null;
    if (receipt?.status) return { transactionHash: hash, success: receipt.status === "0x1" };
    if (Date.now() > until)
      throw new Error("The transaction was not mined in time. It may still go through: check your wallet’s activity.");
    await sleep(delay);
  }
}

/** Whether the wallet takes EIP-5792 batches on this chain (it answers wallet_getCapabilities). */
export async function supportsCallBatches(provider: Eip1193, from: string, chainId: number): Promise<boolean> {
  try {
    await provider.request({ method: "wallet_getCapabilities", params: [from, [hex(chainId)]] });
    return true;
  } catch {
    return false;
  }
}

/** Hands every call to the wallet at once (EIP-5792); the wallet decides whether it runs them atomically. */
export async function sendCallBatch(
  provider: Eip1193,
  from: string,
  chainId: number,
  txs: readonly WireTransaction[],
): Promise<string> {
  const answer = (await provider.request({
    method: "wallet_sendCalls",
    params: [{ version: "2.0.0", chainId: hex(chainId), from, atomicRequired: false, calls: txs.map(callOf) }],
  })) as { id?: string } | string;
  const id = typeof answer === "string" ? answer : answer?.id;
  if (!id) throw new Error("The wallet did not return an id for the batch.");
  return id;
}

/** Polls wallet_getCallsStatus until the batch is final. 200: every call went through. */
export async function waitForCallBatch(
  provider: Eip1193,
  id: string,
  timeoutMs = 10 * 60_000,
): Promise<{ success: boolean; calls: MinedCall[] }> {
  const until = Date.now() + timeoutMs;
  for (let delay = 500; ; delay = Math.min(delay * 1.5, 4000)) {
    const s = (await provider.request({ method: "wallet_getCallsStatus", params: [id] })) as {
      status?: number;
      receipts?: { transactionHash: string; status: string }[];
    };
    if (typeof s.status === "number" && s.status >= 200) {
      const calls = (s.receipts ?? []).map((r) => ({
        transactionHash: r.transactionHash,
        success: r.status === "0x1",
      }));
      return { success: s.status === 200, calls };
    }
    if (Date.now() > until)
      throw new Error("The wallet did not finish the batch in time. Check your wallet’s activity.");
    await sleep(delay);
  }
}
