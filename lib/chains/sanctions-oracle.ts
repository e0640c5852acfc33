// The sanctions oracle Chainalysis deploys on EVM chains (docs/protocol.md "Sanctions
// screening"): where it is, per network we serve, and the one function we read. Read by the
// kyt domain's on-chain source; placed at these addresses in the sandbox (lib/devnet).
import { type Address, parseAbi } from "viem";
import type { EvmNetworkId } from "./networks";

const MOST_CHAINS: Address = "0x40C57923924B5c5c5455c48D93317139ADDaC8fb";

/** Networks without an entry (sepolia) have no oracle: the on-chain source does not cover them. */
export const SANCTIONS_ORACLE_ADDRESSES: Partial<Record<EvmNetworkId, Address>> = {
  mainnet: MOST_CHAINS,
  "arbitrum-one": MOST_CHAINS,
  optimism: MOST_CHAINS,
  matic: MOST_CHAINS,
  bsc: MOST_CHAINS,
  base: "0x3A91A31cB3dC49b4db9Ce721F50a9D076c8D739B",
};

export const sanctionsOracleAbi = parseAbi(["function isSanctioned(address addr) view returns (bool)"]);
