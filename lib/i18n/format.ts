// Amounts in the payer's language: grouping and decimal marks by locale ("1.250,50 USDC" in
// German, "1,250.50 USDC" in English), from the decimal string itself (never a float, never
// rounded). Dollar stablecoins keep two decimals, as formatMoney does.
import { DOLLAR_SYMBOLS } from "@/lib/pay-page/browser";
import { FORMAT_LOCALES, isPayerLocale } from "./locales";

function formatLocaleAmount(locale: string, decimal: string, minimumFractionDigits = 0): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const tag = isPayerLocale(locale) ? FORMAT_LOCALES[locale] : locale;
  // Intl formats a decimal string exactly (no float on the way) when given as a string.
  const digits = Math.min(20, Math.max(minimumFractionDigits, (m[3] ?? "").replace(/0+$/, "").length));
  const format = new Intl.NumberFormat(tag, { minimumFractionDigits, maximumFractionDigits: digits })
    .format as unknown as (value: string) => string;
  return format(decimal.trim());
}

export function formatLocaleMoney(locale: string, decimal: string, symbol: string): string {
  return `${formatLocaleAmount(locale, decimal, DOLLAR_SYMBOLS.has(symbol) ? 2 : 0)}\u00a0${symbol}`;
}
