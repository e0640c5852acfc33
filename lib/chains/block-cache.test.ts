import { describe, expect, it } from "vitest";
import { atBlock } from "./block-cache";

describe("block-scoped cache", () => {
  it("computes a read once per block, shares it between concurrent callers, and reads again at a new block", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([atBlock("base", 10n, "k", load), atBlock("base", 10n, "k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await atBlock("base", 10n, "k", load)).toBe(1);
    expect(await atBlock("base", 11n, "k", load)).toBe(2);
    expect(await atBlock("base", 11n, "other", load)).toBe(3);
  });

  it("does not keep failures", async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error("rpc down");
      return "ok";
    };
    await expect(atBlock("bsc", 5n, "f", flaky)).rejects.toThrow("rpc down");
    expect(await atBlock("bsc", 5n, "f", flaky)).toBe("ok");
  });

  it("forgets blocks well behind the newest one", async () => {
    let loads = 0;
    const load = async () => ++loads;
    await atBlock("matic", 100n, "x", load);
    await atBlock("matic", 110n, "y", load); // moves the newest block on: block 100 is dropped
    expect(await atBlock("matic", 100n, "x", load)).toBe(3);
  });
});
