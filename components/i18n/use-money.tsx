// Amounts and times in the payer's language, for server and browser components alike
// (next-intl's locale; times in UTC, as lib/i18n/request.ts sets, so both renders agree).
import { useFormatter, useLocale } from "next-intl";
import { formatLocaleMoney } from "@/lib/i18n/format";

/** `money("1250.5", "USDC")` → "1,250.50 USDC" (en), "1.250,50 USDC" (de), "1 250,50 USDC" (fr). */
export function useMoney(): (decimal: string, symbol: string) => string {
  const locale = useLocale();
  return (decimal, symbol) => formatLocaleMoney(locale, decimal, symbol);
}

/** A date and time in the payer's words ("27 nov 2026, 10:46 UTC"), with the ISO value for machines. */
export function LocalTime({ value }: { value: Date }) {
  const format = useFormatter();
  return (
    <time dateTime={value.toISOString()}>
      {format.dateTime(value, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC
    </time>
  );
}
