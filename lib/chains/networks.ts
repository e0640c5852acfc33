// The eight payment networks of docs/interface.md "Networks". Pure data: no I/O here.

export const NETWORK_IDS = ["mainnet", "arbitrum-one", "optimism", "base", "matic", "bsc", "tron", "sepolia"] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];
export const EVM_NETWORK_IDS = NETWORK_IDS.filter((n) => n !== "tron") as Exclude<NetworkId, "tron">[];
export type EvmNetworkId = Exclude<NetworkId, "tron">;

export interface Network {
  id: NetworkId;
  name: string;
  chainId: number;
  family: "evm" | "tron";
  nativeCurrencyId: string | null; // currency id of the native coin, as in the currency list
  nativeSymbol: string;
  explorerUrl: string; // links to transactions and addresses: lib/chains/explorer.ts
  testnet: boolean;
}

export const NETWORKS: Record<NetworkId, Network> = {
  mainnet: {
    id: "mainnet",
    name: "Ethereum",
    chainId: 1,
    family: "evm",
    nativeCurrencyId: "ETH-mainnet",
    nativeSymbol: "ETH",
    explorerUrl: "https://etherscan.io",
    testnet: false,
  },
  "arbitrum-one": {
    id: "arbitrum-one",
    name: "Arbitrum One",
    chainId: 42161,
    family: "evm",
    nativeCurrencyId: "AETH-arbitrum-one",
    nativeSymbol: "ETH",
    explorerUrl: "https://arbiscan.io",
    testnet: false,
  },
  optimism: {
    id: "optimism",
    name: "Optimism",
    chainId: 10,
    family: "evm",
    nativeCurrencyId: "ETH-optimism-optimism",
    nativeSymbol: "ETH",
    explorerUrl: "https://optimistic.etherscan.io",
    testnet: false,
  },
  base: {
    id: "base",
    name: "Base",
    chainId: 8453,
    family: "evm",
    nativeCurrencyId: "ETH-base-base",
    nativeSymbol: "ETH",
    explorerUrl: "https://basescan.org",
    testnet: false,
  },
  matic: {
    id: "matic",
    name: "Polygon",
    chainId: 137,
    family: "evm",
    nativeCurrencyId: "MATIC-matic",
    nativeSymbol: "POL",
    explorerUrl: "https://polygonscan.com",
    testnet: false,
  },
  bsc: {
    id: "bsc",
    name: "BNB Smart Chain",
    chainId: 56,
    family: "evm",
    nativeCurrencyId: "BNB-bsc",
    nativeSymbol: "BNB",
    explorerUrl: "https://bscscan.com",
    testnet: false,
  },
  tron: {
    id: "tron",
    name: "Tron",
    chainId: 728126428,
    family: "tron",
    nativeCurrencyId: null,
    nativeSymbol: "TRX",
    explorerUrl: "https://tronscan.org/#",
    testnet: false,
  },
  sepolia: {
    id: "sepolia",
    name: "Sepolia",
    chainId: 11155111,
    family: "evm",
    nativeCurrencyId: "ETH-sepolia-sepolia",
    nativeSymbol: "ETH",
    explorerUrl: "https://sepolia.etherscan.io",
    testnet: true,
  },
};

export function isNetworkId(value: string): value is NetworkId {
  return (NETWORK_IDS as readonly string[]).includes(value);
}

export function networkByChainId(chainId: number): Network | undefined {
  return Object.values(NETWORKS).find((n) => n.chainId === chainId);
}
