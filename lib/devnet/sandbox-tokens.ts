// The test stablecoins placed at the production token addresses of each sandbox chain.
// Addresses, decimals and currency ids come from reference/token-list.json (the data behind
// lib/chains/currencies.json); sandbox-tokens.test.ts checks them against that list.
//
// Kinds: "permit" is USDC-like (EIP-2612, domain name = token name, version "2"), "tether"
// is USDT-like (approve 0 before changing a non-zero allowance; no permit), "plain" is a bare
// ERC-20 (DAI, FAU). Every USDC gets permit, also Binance-peg USDC on bsc, which has none in
// production: a superset, harmless unless a caller probes the chain for permit support.
import type { Address } from "viem";
import type { EvmNetworkId } from "../chains/networks";

export type TestTokenKind = "permit" | "tether" | "plain";

export interface TestToken {
  currencyId: string; // id in the currency list
  symbol: string;
  name: string; // on-chain name(); for "permit" tokens also the EIP-712 domain name
  address: Address;
  decimals: number;
  kind: TestTokenKind;
  /** "tether" only: false on mainnet, whose USDT returns no data from transfer/approve. */
  returnsBool?: boolean;
}

const usdc = (currencyId: string, address: Address, decimals = 6, name = "USD Coin"): TestToken => ({
  currencyId,
  symbol: "USDC",
  name,
  address,
  decimals,
  kind: "permit",
});
const usdt = (currencyId: string, address: Address, name: string, decimals = 6, returnsBool = true): TestToken => ({
  currencyId,
  symbol: "USDT",
  name,
  address,
  decimals,
  kind: "tether",
  returnsBool,
});
const dai = (currencyId: string, address: Address, name = "Dai Stablecoin"): TestToken => ({
  currencyId,
  symbol: "DAI",
  name,
  address,
  decimals: 18,
  kind: "plain",
});

/** The EIP-712 domain version of every "permit" token (Circle's USDC FiatTokenV2). */
export const PERMIT_VERSION = "2";

export const TEST_TOKENS: Record<EvmNetworkId, readonly TestToken[]> = {
  mainnet: [
    usdc("USDC-mainnet", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
    usdt("USDT-mainnet", "0xdAC17F958D2ee523a2206206994597C13D831ec7", "Tether USD", 6, false),
    dai("DAI-mainnet", "0x6B175474E89094C44Da98b954EedeAC495271d0F"),
  ],
  "arbitrum-one": [
    usdc("USDC-arbitrum-one", "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
    usdt("USDT-arbitrum-one", "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", "USD₮0"),
    dai("DAI-arbitrum-one", "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1"),
  ],
  optimism: [
    usdc("USDCn-optimism", "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85"),
    usdt("USDT-optimism", "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58", "Tether USD"),
    dai("DAI-optimism", "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1"),
  ],
  base: [
    usdc("USDC-base", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
    usdt("USDT-base", "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2", "Tether USD"),
    dai("DAI-base", "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb"),
  ],
  matic: [
    usdc("USDCn-matic", "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"),
    usdt("USDT-matic", "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", "(PoS) Tether USD"),
    dai("DAI-matic", "0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063", "(PoS) Dai Stablecoin"),
  ],
  bsc: [
    usdc("USDC-bsc", "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", 18),
    usdt("USDT-bsc", "0x55d398326f99059fF775485246999027B3197955", "Tether USD", 18),
    dai("DAI-bsc", "0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3", "Dai Token"),
  ],
  sepolia: [
    { ...usdc("fUSDC-sepolia", "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238", 6, "USDC"), symbol: "fUSDC" },
    { ...usdt("fUSDT-sepolia", "0xF046b3CA5ae2879c6bAcC4D42fAF363eE8379F78", "fUSDT"), symbol: "fUSDT" },
    {
      currencyId: "FAU-sepolia",
      symbol: "FAU",
      name: "Faucet Token",
      address: "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C",
      decimals: 18,
      kind: "plain",
    },
  ],
};

export function testToken(network: EvmNetworkId, symbol: string): TestToken {
  const token = TEST_TOKENS[network].find((t) => t.symbol === symbol);
  if (!token) throw new Error(`no test token ${symbol} on ${network}`);
  return token;
}
