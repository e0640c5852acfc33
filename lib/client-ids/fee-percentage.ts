// A client ID's fee: a percentage from 0 to 100 as a decimal string with at most two decimal
// places ("1" = 1 %, "2.55" = 2.55 %). Kept as a string end to end; it is applied to bigint
// amounts as basis points (hundredths of a percent), never through floating point.

const SHAPE = /^\d+(?:\.\d{1,2})?$/;

/** Hundredths of a percent (basis points), or null when the text is not a valid fee. */
export function feePercentageToBasisPoints(text: string): number | null {
  if (!SHAPE.test(text)) return null;
  const [whole, frac = ""] = text.split(".");
  const w = whole.replace(/^0+(?=\d)/, "");
  if (w.length > 3) return null;
  const bps = Number(w) * 100 + Number(frac.padEnd(2, "0"));
  return bps <= 10_000 ? bps : null;
}

/** The canonical text of a valid fee: no leading zeros, no trailing zero decimals ("02.50" → "2.5"). */
export function normalizeFeePercentage(text: string): string | null {
  const bps = feePercentageToBasisPoints(text);
  if (bps === null) return null;
  const whole = Math.floor(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}
