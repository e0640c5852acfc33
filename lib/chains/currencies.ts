// The currency list served by `GET /v2/currencies`, built by scripts/build-currencies.mjs. Pure: no I/O.
import { keccak256, toBytes } from "viem";
import data from "./currencies.json";
import { EVM_NETWORK_IDS, type NetworkId } from "./networks";

export type CurrencyType = "ERC20" | "TRC20" | "ETH" | "ISO4217";

export interface Currency {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  address: string;
  network: NetworkId | "fiat"; // fiat records carry "fiat" (and chainId 0), as the published list does
  type: CurrencyType;
  hash: string;
  chainId: number;
}

export const CURRENCIES: readonly Currency[] = data as Currency[];

export const SUPPORTED_FIAT_INVOICE = ["USD", "EUR", "CNY", "GBP", "JPY"] as const;

// Tokens that have a Chainlink path from the supported fiat currencies.
const CONVERSION_SYMBOLS = ["USDC", "USDT", "USDT0", "DAI", "FAU", "fUSDC", "fUSDT"]; // Sepolia names its test USDC/USDT fUSDC/fUSDT

// USDT and its USDT0 alias are one contract: paying in one is paying in the other.
const ALIAS_SYMBOLS: Record<string, string> = { USDT: "USDT0", USDT0: "USDT" };

const byId = new Map(CURRENCIES.map((c) => [c.id, c]));

export function getCurrency(id: string): Currency | undefined {
  return byId.get(id);
}

export function findCurrencies(filter: { network?: string; symbol?: string; id?: string }): Currency[] {
  const symbol = filter.symbol?.toLowerCase();
  return CURRENCIES.filter(
    (c) =>
      (filter.network === undefined || c.network === filter.network) &&
      (symbol === undefined || c.symbol.toLowerCase() === symbol) &&
      (filter.id === undefined || c.id === filter.id),
  );
}

export function isFiat(c: Currency): boolean {
  return c.type === "ISO4217";
}

export function isNative(c: Currency): boolean {
  return c.type === "ETH";
}

export function isToken(c: Currency): boolean {
  return c.type === "ERC20" || c.type === "TRC20";
}

// Request Network's hash of a fiat or native currency: keys sorted (`type` < `value`
// already) and the whole JSON lowercased; `value` is the record's symbol.
export function typeValueHash(type: CurrencyType, value: string): string {
  return "0x" + keccak256(toBytes(JSON.stringify({ type, value }).toLowerCase())).slice(-40);
}

// The identifier used in conversion paths: a token's own address, otherwise the computed hash.
export function currencyHash(c: Currency): string {
  return isToken(c) ? c.address : typeValueHash(c.type, c.symbol);
}

// Tron base58 addresses are case-sensitive; EVM hex addresses are not. Where USDT and its
// USDT0 alias share an address, the USDT record (listed first) is the answer.
export function tokenByAddress(network: NetworkId, address: string): Currency | undefined {
  const same =
    network === "tron" ? (a: string) => a === address : (a: string) => a.toLowerCase() === address.toLowerCase();
  return CURRENCIES.find((c) => c.network === network && isToken(c) && same(c.address));
}

function isSupportedFiat(c: Currency): boolean {
  return isFiat(c) && (SUPPORTED_FIAT_INVOICE as readonly string[]).includes(c.id);
}

// EVM stablecoins convert through Erc20ConversionProxy; Tron has none, so its USDT and USDC
// are priced by a quote recorded at pay time (docs/decisions/tron-conversion-quotes.md).
function fiatRoutes(fiat: Currency): Currency[] {
  if (!isSupportedFiat(fiat)) return [];
  const evm = EVM_NETWORK_IDS as readonly string[];
  return CURRENCIES.filter(
    (c) =>
      CONVERSION_SYMBOLS.includes(c.symbol) &&
      ((c.type === "ERC20" && evm.includes(c.network)) || (c.type === "TRC20" && c.network === "tron")),
  );
}

function aliasOf(token: Currency): Currency | undefined {
  const symbol: string | undefined = ALIAS_SYMBOLS[token.symbol];
  if (symbol === undefined) return undefined;
  return CURRENCIES.find((c) => c.network === token.network && c.symbol === symbol && c.address === token.address);
}

function tokenRoutes(token: Currency): Currency[] {
  const alias = aliasOf(token);
  return alias ? [token, alias] : [token];
}

export function conversionRoutes(currencyId: string, networks?: readonly NetworkId[]): Currency[] | undefined {
  const currency = getCurrency(currencyId);
  if (!currency) return undefined;
  const routes = isFiat(currency) ? fiatRoutes(currency) : tokenRoutes(currency);
  return networks ? routes.filter((c) => (networks as readonly string[]).includes(c.network)) : routes;
}

// Tether on Ethereum refuses to change a non-zero allowance to another non-zero value; the
// sandbox's USDT does so on every chain. Treating the whole USDT family alike costs at most
// one extra approval (to 0) in production and keeps calldata valid everywhere.
const APPROVE_ZERO_FIRST_SYMBOLS = ["USDT", "USDT0", "fUSDT"];

/** True when a non-zero allowance must be set to 0 before it can be changed. */
export function requiresAllowanceReset(c: Currency): boolean {
  return APPROVE_ZERO_FIRST_SYMBOLS.includes(c.symbol);
}

/** The currency a native coin of `network` is listed as (ETH-base-base, BNB-bsc…). */
export function nativeCurrencyOf(network: NetworkId): Currency | undefined {
  return CURRENCIES.find((c) => c.network === network && isNative(c));
}

/** True when paying in `payment` settles a request invoiced in `invoice` without conversion. */
export function isSameAsset(invoice: Currency, payment: Currency): boolean {
  if (invoice.id === payment.id) return true;
  return aliasOf(invoice)?.id === payment.id;
}

/** True when `token` is a payment currency of requests invoiced in the fiat `fiat`. */
export function isConversionRoute(fiat: Currency, token: Currency): boolean {
  return fiatRoutes(fiat).some((c) => c.id === token.id);
}
