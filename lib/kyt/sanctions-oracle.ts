// The built-in on-chain source: the sanctions oracle Chainalysis deploys on EVM chains
// (docs/protocol.md "Sanctions screening"), `isSanctioned(address) → bool`, read with an
// eth_call on the network's RPC. In the sandbox, setUpChain places an oracle of ours
// (contracts/SandboxSanctionsOracle.sol) at the same address, seeded with test wallets
// (SANDBOX_SANCTIONED_WALLET).
// Networks without a deployment (sepolia, Tron) are not covered: the answer is null.
import { getAddress } from "viem";
import { getPublicClient } from "../chains/clients";
import type { EvmNetworkId, NetworkId } from "../chains/networks";
import { SANCTIONS_ORACLE_ADDRESSES, sanctionsOracleAbi } from "../chains/sanctions-oracle";
import { type ScreeningProvider, ScreeningUnavailable } from "./screening-provider";

export const SANCTIONS_ORACLE_PROVIDER = "sanctions-oracle";

export function sanctionsOracleProvider(
  clientOf: (network: EvmNetworkId) => Pick<ReturnType<typeof getPublicClient>, "readContract"> = getPublicClient,
): ScreeningProvider {
  return {
    name: SANCTIONS_ORACLE_PROVIDER,
    screen: async (wallet, network: NetworkId) => {
      if (network === "tron") return null;
      const oracle = SANCTIONS_ORACLE_ADDRESSES[network];
      if (!oracle) return null;
      let sanctioned: boolean;
      try {
        sanctioned = await clientOf(network).readContract({
          address: oracle,
          abi: sanctionsOracleAbi,
          functionName: "isSanctioned",
          args: [getAddress(wallet.toLowerCase())],
        });
      } catch (error) {
        throw new ScreeningUnavailable(
          SANCTIONS_ORACLE_PROVIDER,
          `the oracle on ${network} could not be read (${(error as Error).name})`,
        );
      }
      return sanctioned
        ? { status: "rejected", reasonCode: "sanctioned" }
        : { status: "approved", reasonCode: "clear" };
    },
  };
}
