// Amount, fee and conversion arithmetic, in bigint smallest units. Pure: no I/O.

/** Chainlink aggregators (and the conversion proxies) express fiat amounts with 8 decimals. */
export const CHAINLINK_DECIMALS = 8;

/** Margin added to the converted amount a payer allows the conversion proxy to spend: 2 %. */
export const CONVERSION_SLIPPAGE_BPS = 200n;

/** Upper bound of any amount: the recurring proxy stores amounts as uint128, so we do too. */
export const MAX_AMOUNT = 2n ** 128n - 1n;

export type ParsedAmount = { ok: true; value: bigint } | { ok: false; message: string };

/**
 * A human-readable decimal amount ("12.5") in the smallest unit of a currency with `decimals`
 * places. Refuses signs, exponents, zero, more decimal places than the currency has (trailing
 * zeros excepted) and values beyond MAX_AMOUNT.
 */
export function parseAmount(text: string, decimals: number, currencyLabel = "this currency"): ParsedAmount {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'must be a positive decimal number such as "12.5"' };
  const [whole, rawFraction = ""] = trimmed.split(".");
  const fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length > decimals) {
    return {
      ok: false,
      message: `has more than ${decimals} decimal place${decimals === 1 ? "" : "s"}, the precision of ${currencyLabel}`,
    };
  }
  if (whole.replace(/^0+/, "").length > 60) return { ok: false, message: "is too large" };
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
  if (value <= 0n) return { ok: false, message: "must be greater than 0" };
  if (value > MAX_AMOUNT) return { ok: false, message: "is too large" };
  return { ok: true, value };
}

/** A fee in basis points (hundredths of a percent) of `amount`, rounded down. */
export function feeAmountOf(amount: bigint, basisPoints: number): bigint {
  return (amount * BigInt(basisPoints)) / 10_000n;
}

/** A fiat amount with `fiatDecimals` places, scaled to the 8 decimals of Chainlink. */
export function toChainlinkUnits(amount: bigint, fiatDecimals: number): bigint {
  if (fiatDecimals > CHAINLINK_DECIMALS) throw new Error(`fiat currencies have at most ${CHAINLINK_DECIMALS} decimals`);
  return amount * 10n ** BigInt(CHAINLINK_DECIMALS - fiatDecimals);
}

/** The conversion proxies' own formula: `amount * rate / decimals` (ChainlinkConversionPath.getRate). */
export function convertWithRate(amount: bigint, rate: bigint, decimals: bigint): bigint {
  if (decimals <= 0n) throw new Error("conversion decimals must be positive");
  return (amount * rate) / decimals;
}

/** `amount` plus a margin in basis points, rounded up. */
export function withMargin(amount: bigint, basisPoints: bigint): bigint {
  const scaled = amount * (10_000n + basisPoints);
  return (scaled + 9_999n) / 10_000n;
}

/** The `{type: "BigNumber", hex}` value shape of native payments (ethers v5 style: even-length hex). */
export function bigNumberValue(amount: bigint): { type: "BigNumber"; hex: string } {
  const digits = amount.toString(16);
  return { type: "BigNumber", hex: `0x${digits.length % 2 === 0 ? digits : `0${digits}`}` };
}

export interface ConversionAmounts {
  /** Invoice amount and fee in Chainlink units (what the conversion proxy takes). */
  requestAmount: bigint;
  requestFee: bigint;
  /** Token units at the given rate: to the payee, to the fee address. */
  amount: bigint;
  feeAmount: bigint;
  /** What the payer allows the proxy to pull: amount + fee plus the slippage margin. */
  maxToSpend: bigint;
}

/** A fiat-denominated payment at `rate` (ChainlinkConversionPath.getRate: rate and decimals divisor). */
export function conversionAmounts(
  invoiceAmount: bigint,
  fiatDecimals: number,
  feeBasisPoints: number,
  rate: { rate: bigint; decimals: bigint },
): ConversionAmounts {
  const requestAmount = toChainlinkUnits(invoiceAmount, fiatDecimals);
  const requestFee = feeAmountOf(requestAmount, feeBasisPoints);
  const amount = convertWithRate(requestAmount, rate.rate, rate.decimals);
  const feeAmount = convertWithRate(requestFee, rate.rate, rate.decimals);
  return {
    requestAmount,
    requestFee,
    amount,
    feeAmount,
    maxToSpend: withMargin(amount + feeAmount, CONVERSION_SLIPPAGE_BPS),
  };
}
