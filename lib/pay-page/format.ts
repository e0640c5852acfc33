// Amounts and addresses as the payment page writes them, the same on the server and in the
// browser (no locale): "1,250.50 USDC", "0.5 ETH", "0x7099…79C8". Amounts stay decimal strings throughout.

/** "1250.50" → "1,250.5": thousands grouped, trailing fraction zeros dropped, never rounded. */
export function formatAmount(decimal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const [, sign, whole, fraction = ""] = m;
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const frac = fraction.replace(/0+$/, "");
  return `${sign}${grouped}${frac ? `.${frac}` : ""}`;
}

/** Dollar stablecoins are written as dollars: cents always shown ("42.50"), more digits only when they are not zero. */
export const DOLLAR_SYMBOLS = new Set(["USDC", "USDT", "USDT0", "USDbC", "USDC.e", "DAI", "fUSDC", "fUSDT", "USD"]);

/** An amount in a currency: "42.50 USDC" (dollar stablecoins keep two decimals), "0.5 ETH". */
export function formatMoney(decimal: string, symbol: string): string {
  const plain = formatAmount(decimal);
  if (!DOLLAR_SYMBOLS.has(symbol) || !/^-?[\d,]+(\.\d*)?$/.test(plain)) return `${plain} ${symbol}`;
  const [whole, fraction = ""] = plain.split(".");
  return `${whole}.${fraction.padEnd(2, "0")} ${symbol}`;
}

/** What a payment is worth in US dollars, when that needs no exchange rate: "$1,250.50" for a dollar stablecoin, null otherwise. */
export function usdValue(decimal: string, symbol: string): string | null {
  if (!DOLLAR_SYMBOLS.has(symbol)) return null;
  const money = formatMoney(decimal, "USD");
  return money.startsWith("-") ? `-$${money.slice(1, -4)}` : `$${money.slice(0, -4)}`;
}

/** The start and end of an address, for places where the whole one does not fit. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Smallest units → decimal string (what viem's formatUnits does, without loading viem). */
export function unitsToDecimal(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(-decimals).replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
