// The batch fee BatchConversionPayments charges on top of the payments (1/10 000 units; 0 as
// deployed, but an owner setting): read at the quote's block, with the other reads.
import { atBlock } from "../chains/block-cache";
import { getPublicClient } from "../chains/clients";
import { batchConversionPaymentsAbi, getContract } from "../chains/contracts";
import type { EvmNetworkId } from "../chains/networks";

export function readBatchFee(network: EvmNetworkId, block: bigint): Promise<bigint> {
  return atBlock(network, block, "batchFee", async () =>
    BigInt(
      await getPublicClient(network).readContract({
        address: getContract(network, "BatchConversionPayments").address,
        abi: batchConversionPaymentsAbi,
        functionName: "batchFee",
        blockNumber: block,
      }),
    ),
  );
}
