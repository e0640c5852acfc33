import { describe, expect, it } from "vitest";
import { ttlCache } from "./ttl-cache";

describe("ttlCache", () => {
  it("forgets an entry when its time is up", () => {
    const c = ttlCache<string>(1_000);
    c.set("a", "x", 0);
    expect(c.get("a", 999)).toBe("x");
    expect(c.get("a", 1_000)).toBeUndefined();
  });

  it("keeps at most maxEntries, dropping the oldest", () => {
    const c = ttlCache<number>(60_000, 2);
    c.set("a", 1, 0);
    c.set("b", 2, 0);
    c.set("c", 3, 0);
    expect([c.get("a", 1), c.get("b", 1), c.get("c", 1)]).toEqual([undefined, 2, 3]);
    expect(c.size).toBe(2);
  });

  it("clear() forgets everything", () => {
    const c = ttlCache<number>(60_000);
    c.set("a", 1);
    c.clear();
    expect(c.get("a")).toBeUndefined();
  });
});
