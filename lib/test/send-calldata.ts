// Sends the transactions an API answer lists, in order, from a funded sandbox wallet, the way
// a payer's wallet would: whatever `to`, `data` and `value` say, nothing else.
import { type Address, createPublicClient, createWalletClient, type Hex, http, type TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { viemChain } from "../chains/clients";
import type { EvmNetworkId } from "../chains/networks";

export interface ApiTransaction {
  to: string;
  data: string;
  value: number | string | { type: "BigNumber"; hex: string };
}

export function valueOf(v: ApiTransaction["value"]): bigint {
  if (typeof v === "number") return BigInt(v);
  if (typeof v === "string") return BigInt(v);
  return BigInt(v.hex);
}

export function chainClients(network: EvmNetworkId, url: string) {
  const chain = viemChain(network);
  const publicClient = createPublicClient({ chain, transport: http(url), pollingInterval: 20 });
  const walletOf = (privateKey: Hex) =>
    createWalletClient({ chain, transport: http(url), account: privateKeyToAccount(privateKey) });
  return { publicClient, walletOf };
}

/** Sends each transaction after the previous one is mined; throws if one reverts. */
export async function sendAll(
  network: EvmNetworkId,
  url: string,
  privateKey: Hex,
  transactions: readonly ApiTransaction[],
): Promise<TransactionReceipt[]> {
  const { publicClient, walletOf } = chainClients(network, url);
  const wallet = walletOf(privateKey);
  const receipts: TransactionReceipt[] = [];
  for (const tx of transactions) {
    const hash = await wallet.sendTransaction({ to: tx.to as Address, data: tx.data as Hex, value: valueOf(tx.value) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction to ${tx.to} reverted (${hash})`);
    receipts.push(receipt);
  }
  return receipts;
}

/** Gas paid for these receipts, in wei. */
export function gasPaid(receipts: readonly TransactionReceipt[]): bigint {
  return receipts.reduce((sum, r) => sum + r.gasUsed * r.effectiveGasPrice, 0n);
}
