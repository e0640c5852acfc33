// The batch fee BatchConversionPayments charges on top of the payments (1/10 000 units; 0 as
// deployed). An owner setting that changes rarely: read once per network every few minutes.
import { getPublicClient } from "../chains/clients";
import { batchConversionPaymentsAbi, getContract } from "../chains/contracts";
import type { EvmNetworkId } from "../chains/networks";

const TTL_MS = 5 * 60_000;
const cache = new Map<EvmNetworkId, { fee: bigint; until: number }>();

export async function readBatchFee(network: EvmNetworkId, now = Date.now()): Promise<bigint> {
  const hit = cache.get(network);
  if (hit && hit.until > now) return hit.fee;
  const fee = BigInt(
    await getPublicClient(network).readContract({ address: getContract(network, "BatchConversionPayments").address, abi: batchConversionPaymentsAbi, functionName: "batchFee" }),
  );
  cache.set(network, { fee, until: now + TTL_MS });
  return fee;
}
