// The overview's volume chart as data: the last `days` UTC days, one series per currency
// symbol. Sums of one symbol on several networks (USDC on base, 6 decimals, and on bsc, 18)
// are added at 18 decimals, then written as decimal strings. Pure: no I/O.
import { getCurrency } from "../chains/currencies";
import type { DailyVolume } from "../payments";

const COMMON_DECIMALS = 18;

export interface VolumeSeries {
  symbol: string;
  /** Decimal string over the whole window. */
  total: string;
  count: number;
  /** One bar per day, oldest first; `share` is the bar's height relative to the highest day (0–1). */
  days: { day: string; amount: string; share: number }[];
}

/** The UTC days of the window ending today (`now`'s day), oldest first, and the instant it starts. */
export function volumeWindow(now: Date, days: number): { from: Date; to: Date; days: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const list = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  return { from: new Date(today - (days - 1) * 86_400_000), to: new Date(today + 86_400_000), days: list };
}

function toDecimal(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, "0");
  const fraction = digits.slice(-decimals).replace(/0+$/, "");
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ""}`;
}

export function volumeSeries(rows: DailyVolume[], days: string[]): VolumeSeries[] {
  const bySymbol = new Map<string, { perDay: Map<string, bigint>; count: number }>();
  for (const r of rows) {
    const currency = getCurrency(r.currency);
    const symbol = currency?.symbol ?? r.currency;
    const scaled =
      r.amount * 10n ** BigInt(COMMON_DECIMALS - Math.min(currency?.decimals ?? COMMON_DECIMALS, COMMON_DECIMALS));
    const series = bySymbol.get(symbol) ?? { perDay: new Map(), count: 0 };
    series.perDay.set(r.day, (series.perDay.get(r.day) ?? 0n) + scaled);
    series.count += r.count;
    bySymbol.set(symbol, series);
  }
  return [...bySymbol.entries()]
    .map(([symbol, { perDay, count }]) => {
      const amounts = days.map((day) => perDay.get(day) ?? 0n);
      const max = amounts.reduce((m, a) => (a > m ? a : m), 0n);
      const total = amounts.reduce((s, a) => s + a, 0n);
      return {
        symbol,
        total: toDecimal(total, COMMON_DECIMALS),
        count,
        // Heights need no precision: per mille of the highest day.
        days: days.map((day, i) => ({
          day,
          amount: toDecimal(amounts[i], COMMON_DECIMALS),
          share: max > 0n ? Number((amounts[i] * 1000n) / max) / 1000 : 0,
        })),
      };
    })
    .sort((a, b) => b.count - a.count || a.symbol.localeCompare(b.symbol));
}
