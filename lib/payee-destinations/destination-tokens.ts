// The tokens a payee destination can be registered in: the USDC and the USDT of its network
// (docs/interface.md "Networks"). USDT0 is an alias of USDT for paying, not a destination token: where it
// shares USDT's contract, that contract registers as USDT. Pure.
import { CURRENCIES, type Currency } from "../chains/currencies";
import type { NetworkId } from "../chains/networks";

export type DestinationSymbol = "USDC" | "USDT";

// Sepolia's test USDC and USDT are listed as fUSDC and fUSDT.
const ROLE: Record<string, DestinationSymbol> = { USDC: "USDC", USDT: "USDT", fUSDC: "USDC", fUSDT: "USDT" };

/** The destination tokens of a network, USDC first. */
export function destinationTokens(network: NetworkId): Currency[] {
  return CURRENCIES.filter(
    (c) => c.network === network && (c.type === "ERC20" || c.type === "TRC20") && ROLE[c.symbol] !== undefined,
  ).sort((a, b) => ROLE[a.symbol].localeCompare(ROLE[b.symbol]));
}

/** The destination token at this address (EVM: any case; Tron: base58 as written), if it is one. */
export function destinationToken(network: NetworkId, tokenAddress: string): Currency | undefined {
  const same =
    network === "tron"
      ? (a: string) => a === tokenAddress
      : (a: string) => a.toLowerCase() === tokenAddress.toLowerCase();
  return destinationTokens(network).find((c) => same(c.address));
}

/** USDC or USDT, whatever the currency list calls the network's test tokens. */
export function destinationSymbol(token: Currency): DestinationSymbol {
  return ROLE[token.symbol];
}

/** For error messages: "USDC (0x8335…) or USDT (0xfde4…)". */
export function describeDestinationTokens(network: NetworkId): string {
  return destinationTokens(network)
    .map((c) => `${destinationSymbol(c)} (${c.address})`)
    .join(" or ");
}
