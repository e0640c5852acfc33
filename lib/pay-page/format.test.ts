import { formatUnits } from "viem";
import { describe, expect, it } from "vitest";
import { formatAmount, formatMoney, shortAddress, unitsToDecimal, usdValue } from "./format";

describe("amounts and addresses on the payment page", () => {
  it("gives a dollar stablecoin's amount in dollars, and no dollar value for other tokens", () => {
    expect(usdValue("1250.5", "USDC")).toBe("$1,250.50");
    expect(usdValue("0.000001", "USDT")).toBe("$0.000001");
    expect(usdValue("-3", "USDC")).toBe("-$3.00");
    expect(usdValue("0.5", "ETH")).toBeNull();
    expect(usdValue("10", "EURC")).toBeNull();
  });

  it("groups thousands and drops trailing zeros without rounding", () => {
    expect(formatAmount("1250.50")).toBe("1,250.5");
    expect(formatAmount("1000000")).toBe("1,000,000");
    expect(formatAmount("0.000000000000000001")).toBe("0.000000000000000001");
    expect(formatAmount("25.000000")).toBe("25");
    expect(formatAmount("007.10")).toBe("7.1");
    expect(formatMoney("25.25", "USDC")).toBe("25.25 USDC");
  });

  it("writes dollar stablecoins with cents, and more decimals only when needed", () => {
    expect(formatMoney("42.5", "USDC")).toBe("42.50 USDC");
    expect(formatMoney("42.500000", "USDT")).toBe("42.50 USDT");
    expect(formatMoney("25", "USDC")).toBe("25.00 USDC");
    expect(formatMoney("1250", "USDC")).toBe("1,250.00 USDC");
    expect(formatMoney("0.123456", "USDC")).toBe("0.123456 USDC");
    expect(formatMoney("0.5", "ETH")).toBe("0.5 ETH");
  });

  it("leaves anything that is not a decimal as it is", () => {
    expect(formatAmount("n/a")).toBe("n/a");
  });

  it("turns smallest units into the decimals viem would write", () => {
    for (const [v, d] of [
      [25_000_000n, 6],
      [1n, 18],
      [0n, 6],
      [10n ** 24n + 5n, 18],
      [123n, 0],
      [-1500n, 3],
    ] as const)
      expect(unitsToDecimal(v, d)).toBe(formatUnits(v, d));
  });

  it("shortens long addresses only", () => {
    expect(shortAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBe("0x7099…79C8");
    expect(shortAddress("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7")).toBe("TLa2f6…YjU7");
    expect(shortAddress("short")).toBe("short");
  });
});
