// Failed logins per account: the first few are free, then each new try of that email waits a
// delay that doubles (up to 15 minutes), whichever address it comes from, known email or not;
// a correct password after the wait signs in and starts over.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as loginRoute from "@/app/v1/auth/login/route";
import * as registerRoute from "@/app/v1/auth/register/route";
import { call } from "../test/http";
import { setClockForTests } from "./clock";
import { FREE_LOGIN_FAILURES, loginDelayMs } from "./login-throttle";

let clockMs = Date.parse("2030-03-01T09:00:00Z");
const advance = (ms: number) => {
  clockMs += ms;
};
beforeAll(() => setClockForTests(() => new Date(clockMs)));
afterAll(() => setClockForTests(undefined));

let source = 0;
// Every try from another address: the per-IP limit is not what stops these.
const login = (email: string, password: string) =>
  call(loginRoute, "POST", "/v1/auth/login", {
    body: { email, password },
    headers: { "x-forwarded-for": `198.51.100.${++source % 250}` },
  });

describe("the delay per account", () => {
  it("is free for the first failures, then doubles up to 15 minutes", () => {
    expect(FREE_LOGIN_FAILURES).toBe(5);
    expect([1, 4, 5, 6, 7, 10].map(loginDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 32_000]);
    expect(loginDelayMs(15)).toBe(15 * 60_000);
    expect(loginDelayMs(1000)).toBe(15 * 60_000);
  });
});

describe("POST /v1/auth/login after failed tries", () => {
  it("makes a guesser wait a growing delay, even with the right password, and lets the owner in after it", async () => {
    expect(
      (
        await call(registerRoute, "POST", "/v1/auth/register", {
          body: { email: "target@example.com", password: "the-right-one" },
        })
      ).status,
    ).toBe(201);
    for (let i = 0; i < 5; i++) expect((await login("target@example.com", `guess-${i}`)).status).toBe(401);

    const waiting = await login("target@example.com", "the-right-one");
    expect(waiting.status).toBe(429);
    expect(waiting.json).toEqual({
      statusCode: 429,
      message: "Too many failed sign-ins for this email; retry after the time in Retry-After",
      error: "Too Many Requests",
      code: "rate_limited",
    });
    expect(waiting.headers.get("retry-after")).toBe("1");
    expect(waiting.headers.get("set-cookie")).toBeNull();

    advance(1000);
    expect((await login("target@example.com", "guess-5")).status).toBe(401);
    const longer = await login("target@example.com", "guess-6");
    expect(longer.status).toBe(429);
    expect(longer.headers.get("retry-after")).toBe("2");

    advance(2000);
    expect((await login("target@example.com", "the-right-one")).status).toBe(200);
    // Signed in: the count starts over.
    for (let i = 0; i < 5; i++) expect((await login("target@example.com", `again-${i}`)).status).toBe(401);
  });

  it("treats an unknown email exactly like a known one (nothing to learn from the 429)", async () => {
    for (let i = 0; i < 5; i++) expect((await login("nobody-here@example.com", `guess-${i}`)).status).toBe(401);
    const r = await login("nobody-here@example.com", "guess-5");
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("1");
  });

  it("lets one try at a time through once delays apply, however many arrive together", async () => {
    for (let i = 0; i < 4; i++) expect((await login("burst@example.com", `guess-${i}`)).status).toBe(401);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login("burst@example.com", `burst-${i}`)));
    expect(burst.map((r) => r.status).sort()).toEqual([401, ...Array(9).fill(429)]);
  });

  it("keeps other accounts and an account's old failures apart", async () => {
    for (let i = 0; i < 5; i++) await login("busy@example.com", `guess-${i}`);
    expect((await login("calm@example.com", "whatever-1")).status).toBe(401);
    advance(24 * 3600_000 + 1);
    expect((await login("busy@example.com", "guess-after-a-day")).status).toBe(401);
    expect((await login("busy@example.com", "guess-after-a-day-2")).status).toBe(401);
  });
});
