import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { feePercentageToBasisPoints, normalizeFeePercentage } from "./fee-percentage";

describe("client ID fee percentage", () => {
  it("reads 0 to 100 with up to two decimals as basis points", () => {
    expect(feePercentageToBasisPoints("0")).toBe(0);
    expect(feePercentageToBasisPoints("1")).toBe(100);
    expect(feePercentageToBasisPoints("2.5")).toBe(250);
    expect(feePercentageToBasisPoints("2.55")).toBe(255);
    expect(feePercentageToBasisPoints("100")).toBe(10_000);
    expect(feePercentageToBasisPoints("0100.00")).toBe(10_000);
  });

  it("refuses more than two decimals, more than 100, signs, exponents and words", () => {
    for (const bad of [
      "2.555",
      "100.01",
      "101",
      "-1",
      "+1",
      "1e2",
      "1.",
      ".5",
      "abc",
      "",
      " 1",
      "1,5",
      "0x10",
      "9".repeat(400),
    ]) {
      expect(feePercentageToBasisPoints(bad), bad).toBeNull();
    }
  });

  it("writes the canonical form", () => {
    expect(normalizeFeePercentage("02.50")).toBe("2.5");
    expect(normalizeFeePercentage("2.00")).toBe("2");
    expect(normalizeFeePercentage("0.05")).toBe("0.05");
    expect(normalizeFeePercentage("000")).toBe("0");
  });

  it("round-trips every valid fee through its canonical form", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bps) => {
        const text = `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, "0")}`;
        const canonical = normalizeFeePercentage(text)!;
        expect(feePercentageToBasisPoints(canonical)).toBe(bps);
        expect(normalizeFeePercentage(canonical)).toBe(canonical);
      }),
    );
  });
});
