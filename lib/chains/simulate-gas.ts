// Gas of a sequence of transactions, simulated on the current chain state with
// eth_simulateV1: each transaction sees the effects of the ones before it, so a payment
// that follows its approval is estimated as it will run, not guessed.
import type { Address, Hex } from "viem";
import { atBlock } from "./block-cache";
import { getPublicClient } from "./clients";
import type { EvmNetworkId } from "./networks";

export interface SimulatedTransaction {
  to: Address;
  data: Hex;
  value: bigint;
}

export type GasSimulation =
  | { ok: true; gas: bigint; perTransaction: bigint[] }
  | { ok: false; failedIndex: number; reason: string };

/** Simulated on top of `block` (and cached for it, see block-cache.ts). */
export function simulateGas(
  network: EvmNetworkId,
  from: Address,
  transactions: readonly SimulatedTransaction[],
  block: bigint,
): Promise<GasSimulation> {
  const key = `sim:${from}:${transactions.map((t) => `${t.to}:${t.value}:${t.data}`).join("|")}`.toLowerCase();
  return atBlock(network, block, key, () => simulate(network, from, transactions, block));
}

async function simulate(
  network: EvmNetworkId,
  from: Address,
  transactions: readonly SimulatedTransaction[],
  blockNumber: bigint,
): Promise<GasSimulation> {
  const { results } = await getPublicClient(network).simulateCalls({
    account: from,
    calls: transactions.map((t) => ({ to: t.to, data: t.data, value: t.value })),
    blockNumber,
  });
  const perTransaction: bigint[] = [];
  for (const [i, r] of results.entries()) {
    if (r.status !== "success")
      return { ok: false, failedIndex: i, reason: r.error?.message.split("\n")[0] ?? "reverted" };
    perTransaction.push(r.gasUsed);
  }
  return { ok: true, gas: perTransaction.reduce((a, b) => a + b, 0n), perTransaction };
}
