// The overview's money figures against a real database: the volume query sums per UTC day
// and currency inside the window only, for the platform only; symbols across networks add up
// at their own decimals.
import { beforeAll, describe, expect, it } from "vitest";
import { dailyVolume } from "../payments/payment-volume";
import { insertFixturePayment, insertFixtureRequest } from "../payments/search-fixtures";
import { createTestPlatform } from "../test/fixtures";
import { loadOverview } from "./overview";
import { volumeSeries, volumeWindow } from "./volume-chart";

const NOW = new Date("2024-05-30T15:00:00.000Z");
let platformId: string;

beforeAll(async () => {
  platformId = (await createTestPlatform("overview shop")).platformId;
  const base = await insertFixtureRequest({ platformId });
  const bsc = await insertFixtureRequest({
    platformId,
    network: "bsc",
    invoiceCurrency: "USDC-bsc",
    paymentCurrency: "USDC-bsc",
  });
  const at = (iso: string) => new Date(iso);
  await insertFixturePayment({
    platformId,
    requestId: base.requestId,
    amount: 1_500_000n,
    blockTime: at("2024-05-30T00:00:00.000Z"),
  });
  await insertFixturePayment({
    platformId,
    requestId: base.requestId,
    amount: 2_000_000n,
    blockTime: at("2024-05-30T14:59:59.000Z"),
  });
  await insertFixturePayment({
    platformId,
    requestId: bsc.requestId,
    network: "bsc",
    currency: "USDC-bsc",
    amount: 3n * 10n ** 18n,
    blockTime: at("2024-05-30T01:00:00.000Z"),
  });
  await insertFixturePayment({
    platformId,
    requestId: base.requestId,
    amount: 7_000_000n,
    blockTime: at("2024-05-01T00:00:00.000Z"),
  }); // first day of the window
  await insertFixturePayment({
    platformId,
    requestId: base.requestId,
    amount: 9_000_000n,
    blockTime: at("2024-04-30T23:59:59.999Z"),
  }); // the day before it
  const other = await createTestPlatform("other shop");
  const foreign = await insertFixtureRequest({ platformId: other.platformId });
  await insertFixturePayment({
    platformId: other.platformId,
    requestId: foreign.requestId,
    amount: 5_000_000n,
    blockTime: at("2024-05-30T02:00:00.000Z"),
  });
});

describe("overview volume", () => {
  it("sums per UTC day and currency id over the window, for this platform only", async () => {
    const w = volumeWindow(NOW, 30);
    expect(w.days[0]).toBe("2024-05-01");
    expect(w.days.at(-1)).toBe("2024-05-30");
    expect(await dailyVolume(platformId, w.from, w.to)).toEqual([
      { day: "2024-05-01", currency: "USDC-base", amount: 7_000_000n, count: 1 },
      { day: "2024-05-30", currency: "USDC-base", amount: 3_500_000n, count: 2 },
      { day: "2024-05-30", currency: "USDC-bsc", amount: 3n * 10n ** 18n, count: 1 },
    ]);
  });

  it("adds one symbol's networks at their own decimals", () => {
    const days = ["2024-05-29", "2024-05-30"];
    const [usdc] = volumeSeries(
      [
        { day: "2024-05-29", currency: "USDC-base", amount: 1_250_000n, count: 1 },
        { day: "2024-05-30", currency: "USDC-base", amount: 3_500_000n, count: 2 },
        { day: "2024-05-30", currency: "USDC-bsc", amount: 3n * 10n ** 18n + 1n, count: 1 },
      ],
      days,
    );
    expect(usdc).toEqual({
      symbol: "USDC",
      total: "7.750000000000000001",
      count: 4,
      days: [
        { day: "2024-05-29", amount: "1.25", share: 0.192 },
        { day: "2024-05-30", amount: "6.500000000000000001", share: 1 },
      ],
    });
  });

  it("loads the overview: count, newest five, volume", async () => {
    const o = await loadOverview(platformId, NOW);
    expect(o.paymentsCount).toBe(5);
    expect(o.recent.map((p) => p.timestamp)).toEqual([
      "2024-05-30T14:59:59.000Z",
      "2024-05-30T01:00:00.000Z",
      "2024-05-30T00:00:00.000Z",
      "2024-05-01T00:00:00.000Z",
      "2024-04-30T23:59:59.999Z",
    ]);
    expect(o.volume.map((s) => [s.symbol, s.total, s.count])).toEqual([["USDC", "13.5", 4]]);
    expect(o.openLinks).toBe(0);
  });
});
