import { describe, expect, it } from "vitest";
import { AUTO_REFRESH, allDue, nextRefreshDelay, watchedTooLong } from "./refresh-schedule";

const now = Date.parse("2026-03-01T10:00:00.000Z");
const at = (ms: number) => new Date(now + ms).toISOString();

describe("the delivery log's auto-refresh", () => {
  it("reads again just after the earliest scheduled retry", () => {
    expect(nextRefreshDelay([at(5_000), at(1_000), null], now, 0)).toBe(1_000 + AUTO_REFRESH.afterDueMs);
    expect(nextRefreshDelay([at(5_000)], now, 3)).toBe(5_000 + AUTO_REFRESH.afterDueMs);
  });

  it("never reads more often than every 1.5 s, nor waits more than 15 s", () => {
    expect(nextRefreshDelay([at(10)], now, 0)).toBe(1_500);
    expect(nextRefreshDelay([at(60_000)], now, 0)).toBe(15_000);
  });

  it("backs off while every attempt is already due, up to 15 s", () => {
    const due = [at(-2_000), null];
    expect(allDue(due, now)).toBe(true);
    expect([0, 1, 2, 3, 4, 9].map((n) => nextRefreshDelay(due, now, n))).toEqual([
      1_500, 3_000, 6_000, 12_000, 15_000, 15_000,
    ]);
    expect(allDue([at(-1), at(1)], now)).toBe(false);
  });

  it("stops watching after three minutes", () => {
    expect(watchedTooLong(now - AUTO_REFRESH.stopAfterMs, now)).toBe(false);
    expect(watchedTooLong(now - AUTO_REFRESH.stopAfterMs - 1, now)).toBe(true);
  });
});
