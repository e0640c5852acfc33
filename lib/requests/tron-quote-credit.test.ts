// What a Tron payment of a fiat request is credited, from the quotes /pay recorded: the
// boundaries of expiry and grace, pro rata when short, the late discount, no quote at all.
import { describe, expect, it } from "vitest";
import {
  LATE_PAYMENT_DISCOUNT_BPS,
  QUOTE_GRACE_MS,
  QUOTE_TTL_MS,
  type TronQuote,
  tronQuoteCredit,
} from "./tron-quotes";

const T0 = Date.parse("2026-11-28T00:00:00Z");

function quote(id: string, createdAt: number, invoiceAmount: bigint, amount: bigint): TronQuote {
  return {
    id,
    requestId: "r",
    invoiceAmount,
    amount,
    feeAmount: 0n,
    feeAddress: null,
    rate: "1",
    rateNetwork: "mainnet",
    createdAt: new Date(createdAt),
    expiresAt: new Date(createdAt + QUOTE_TTL_MS),
  };
}

describe("tronQuoteCredit", () => {
  const q = quote("a", T0, 1000n, 10_800_000n); // 10 EUR at 10.8 USDT

  it("credits the whole quoted invoice amount for the quoted amount, up to the last millisecond of the grace", () => {
    const lastMoment = new Date(T0 + QUOTE_TTL_MS + QUOTE_GRACE_MS);
    expect(tronQuoteCredit([q], 10_800_000n, lastMoment)).toMatchObject({ invoiceAmount: 1000n, late: false });
  });

  it("credits a short payment pro rata at the quote's rate", () => {
    expect(tronQuoteCredit([q], 5_400_000n, new Date(T0 + 1000))).toMatchObject({ invoiceAmount: 500n, late: false });
  });

  it("credits a payment mined after expiry and grace at the quote's rate less the late discount", () => {
    const late = new Date(T0 + QUOTE_TTL_MS + QUOTE_GRACE_MS + 1);
    expect(tronQuoteCredit([q], 10_800_000n, late)).toEqual({
      invoiceAmount: (1000n * (10_000n - LATE_PAYMENT_DISCOUNT_BPS)) / 10_000n,
      quote: q,
      late: true,
    });
  });

  it("uses the newest quote live at the block, not one answered after it", () => {
    const renewed = quote("b", T0 + QUOTE_TTL_MS + QUOTE_GRACE_MS + 10 * 60_000, 20n, 216_000n);
    expect(tronQuoteCredit([q, renewed], 10_800_000n, new Date(T0 + 1000))?.quote.id).toBe("a");
    expect(tronQuoteCredit([q, renewed], 216_000n, new Date(renewed.createdAt.getTime() + 3000))).toMatchObject({
      invoiceAmount: 20n,
      late: false,
    });
  });

  it("answers null for a request never quoted", () => {
    expect(tronQuoteCredit([], 1n, new Date(T0))).toBeNull();
  });
});
