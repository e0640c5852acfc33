// Networks in the upper-case `chain` naming of the pay and routes interfaces (BASE, ETHEREUM…).
import type { NetworkId } from "../chains/networks";

export const CHAIN_NAMES: Record<NetworkId, string> = {
  mainnet: "ETHEREUM",
  "arbitrum-one": "ARBITRUM",
  optimism: "OPTIMISM",
  base: "BASE",
  matic: "POLYGON",
  bsc: "BNB",
  tron: "TRON",
  sepolia: "SEPOLIA",
};

export const CHAIN_NAME_VALUES = Object.values(CHAIN_NAMES) as [string, ...string[]];
