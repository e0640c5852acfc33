// Gas of a sequence of transactions, simulated on the current chain state with
// eth_simulateV1: each transaction sees the effects of the ones before it, so a payment
// that follows its approval is estimated as it will run, not guessed.
import type { Address, Hex } from "viem";
import { getPublicClient } from "./clients";
import type { EvmNetworkId } from "./networks";

export interface SimulatedTransaction {
  to: Address;
  data: Hex;
  value: bigint;
}

export type GasSimulation = { ok: true; gas: bigint; perTransaction: bigint[] } | { ok: false; failedIndex: number; reason: string };

export async function simulateGas(network: EvmNetworkId, from: Address, transactions: readonly SimulatedTransaction[]): Promise<GasSimulation> {
  const { results } = await getPublicClient(network).simulateCalls({
    account: from,
    calls: transactions.map((t) => ({ to: t.to, data: t.data, value: t.value })),
  });
  const perTransaction: bigint[] = [];
  for (const [i, r] of results.entries()) {
    if (r.status !== "success") return { ok: false, failedIndex: i, reason: r.error?.message.split("\n")[0] ?? "reverted" };
    perTransaction.push(r.gasUsed);
  }
  return { ok: true, gas: perTransaction.reduce((a, b) => a + b, 0n), perTransaction };
}
