import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { consumeRateLimit, flushRateLimits } from "./rate-limit";

// A fixed minute, so no test straddles a window boundary.
const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, second));
const WINDOW = at(0);

describe("rate limits shared between instances", () => {
  it("starts a window from the count other instances already stored", async () => {
    await (await db()).rateLimitBucket.create({ data: { key: "k-shared", windowStart: WINDOW, count: 9 } });
    const first = await consumeRateLimit("k-shared", 10, at(5));
    expect(first).toMatchObject({ allowed: true, remaining: 0 });
    expect((await consumeRateLimit("k-shared", 10, at(6))).allowed).toBe(false);
  });

  it("adds this instance's requests to the shared row, so other instances see them", async () => {
    for (let i = 0; i < 7; i++) expect((await consumeRateLimit("k-mine", 100, at(10))).allowed).toBe(true);
    await flushRateLimits();
    const row = await (await db()).rateLimitBucket.findUnique({ where: { key: "k-mine" } });
    expect(row).toMatchObject({ count: 7, windowStart: WINDOW });
  });

  it("learns at the next exchange what other instances counted meanwhile", async () => {
    await consumeRateLimit("k-busy", 5, at(20));
    await (await db()).rateLimitBucket.update({ where: { key: "k-busy" }, data: { count: { increment: 3 } } }); // another instance
    await consumeRateLimit("k-busy", 5, at(21));
    await flushRateLimits();
    // 1 + 3 (elsewhere) + 1 + this one = 6 > 5
    expect((await consumeRateLimit("k-busy", 5, at(22))).allowed).toBe(false);
  });

  it("counts a new window from zero", async () => {
    await (await db()).rateLimitBucket.create({
      data: { key: "k-old", windowStart: new Date(WINDOW.getTime() - 60_000), count: 50 },
    });
    expect(await consumeRateLimit("k-old", 10, at(30))).toMatchObject({ allowed: true, remaining: 9 });
  });
});
