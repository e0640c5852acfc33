import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bigNumberValue,
  convertWithRate,
  feeAmountOf,
  MAX_AMOUNT,
  parseAmount,
  toChainlinkUnits,
  withMargin,
} from "./payment-maths";

describe("parseAmount", () => {
  it("reads decimal strings into smallest units", () => {
    expect(parseAmount("12.5", 6)).toEqual({ ok: true, value: 12_500_000n });
    expect(parseAmount("0.000001", 6)).toEqual({ ok: true, value: 1n });
    expect(parseAmount("1", 18)).toEqual({ ok: true, value: 10n ** 18n });
    expect(parseAmount("10.50", 2)).toEqual({ ok: true, value: 1050n });
    expect(parseAmount("10.500000", 2)).toEqual({ ok: true, value: 1050n }); // trailing zeros add no precision
    expect(parseAmount(" 7 ", 0)).toEqual({ ok: true, value: 7n });
  });

  it("refuses zero, signs, exponents, junk and too many decimals", () => {
    for (const bad of ["0", "0.0", "-1", "+1", "1e3", "", ".5", "5.", "1,5", "0x10", "NaN", "Infinity", "1 2"]) {
      expect(parseAmount(bad, 6).ok, bad).toBe(false);
    }
    expect(parseAmount("0.0000001", 6)).toEqual({
      ok: false,
      message: "has more than 6 decimal places, the precision of this currency",
    });
    expect(parseAmount("10.123", 2, "USD")).toEqual({
      ok: false,
      message: "has more than 2 decimal places, the precision of USD",
    });
    expect(parseAmount("0", 6)).toEqual({ ok: false, message: "must be greater than 0" });
  });

  it("refuses amounts beyond uint128", () => {
    expect(parseAmount(MAX_AMOUNT.toString(), 0).ok).toBe(true);
    expect(parseAmount((MAX_AMOUNT + 1n).toString(), 0).ok).toBe(false);
    expect(parseAmount("9".repeat(200), 0).ok).toBe(false);
  });

  it("round-trips any amount it accepts", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (units, decimals) => {
        const s = units.toString().padStart(decimals + 1, "0");
        const text = decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
        expect(parseAmount(text, decimals)).toEqual({ ok: true, value: units });
      }),
    );
  });
});

describe("fees and conversions", () => {
  it("takes a fee in basis points, rounding down", () => {
    expect(feeAmountOf(10_000_000n, 250)).toBe(250_000n); // 2.5 % of 10 USDC
    expect(feeAmountOf(1n, 9_999)).toBe(0n);
    expect(feeAmountOf(10n ** 18n, 1)).toBe(10n ** 14n);
  });

  it("pads fiat amounts to Chainlink's 8 decimals", () => {
    expect(toChainlinkUnits(1050n, 2)).toBe(1_050_000_000n); // 10.50 USD
    expect(toChainlinkUnits(5n, 0)).toBe(500_000_000n); // 5 JPY
  });

  it("converts with the proxies' formula and adds the margin rounding up", () => {
    // 10 EUR at 1.08 USD/EUR into a 6-decimal token: rate and decimals as getRate answers them
    expect(convertWithRate(10n * 10n ** 8n, 108_000_000n * 10n ** 6n, 10n ** 16n)).toBe(10_800_000n);
    expect(withMargin(10_000_000n, 200n)).toBe(10_200_000n);
    expect(withMargin(1n, 200n)).toBe(2n);
    expect(withMargin(0n, 200n)).toBe(0n);
  });

  it("writes native values as even-length BigNumber hex", () => {
    expect(bigNumberValue(1_000_000_000_000_000n)).toEqual({ type: "BigNumber", hex: "0x038d7ea4c68000" });
    expect(bigNumberValue(255n)).toEqual({ type: "BigNumber", hex: "0xff" });
    expect(bigNumberValue(0n)).toEqual({ type: "BigNumber", hex: "0x00" });
  });
});
