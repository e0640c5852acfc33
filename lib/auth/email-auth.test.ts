import { describe, expect, it } from "vitest";
import * as loginRoute from "@/app/v1/auth/login/route";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as sessionRoute from "@/app/v1/auth/session/route";
import { call } from "../test/http";

const register = (body: unknown) => call(registerRoute, "POST", "/v1/auth/register", { body });
const login = (body: unknown) => call(loginRoute, "POST", "/v1/auth/login", { body });

describe("POST /v1/auth/register", () => {
  it("creates the account and its platform and signs in for 30 days", async () => {
    const before = Date.now();
    const r = await register({ email: "Alice@Example.com ", password: "correct horse" });
    expect(r.status, r.text).toBe(201);
    expect(r.json.user).toMatchObject({ email: "alice@example.com", walletAddress: null, walletType: null });
    expect(r.json.platformId).toMatch(/^[0-9a-f-]{36}$/);
    const days = (Date.parse(r.json.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(r.headers.get("set-cookie")).toMatch(/^session_token=.+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const s = await call(sessionRoute, "GET", "/v1/auth/session", {
      headers: { authorization: `Bearer ${r.json.token}` },
    });
    expect(s.json).toMatchObject({
      user: { email: "alice@example.com" },
      platform: { id: r.json.platformId, name: "alice@example.com", isDemo: false },
      sessionKind: "email",
    });
  });

  it("accepts passwords of 8 and of 100 characters", async () => {
    expect((await register({ email: "eight@example.com", password: "8".repeat(8) })).status).toBe(201);
    expect((await register({ email: "hundred@example.com", password: "h".repeat(100) })).status).toBe(201);
    expect((await login({ email: "hundred@example.com", password: "h".repeat(100) })).status).toBe(200);
  });

  it("refuses a password shorter than 8 or longer than 100 characters", async () => {
    const short = await register({ email: "short@example.com", password: "7".repeat(7) });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      message: "Validation failed",
      errors: [{ field: "password", message: "must be at least 8 characters" }],
    });
    const long = await register({ email: "long@example.com", password: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual([{ field: "password", message: "must be at most 100 characters" }]);
    expect((await login({ email: "short@example.com", password: "7".repeat(7) })).status).toBe(401); // never created
  });

  it("refuses a second account for the same email, whatever its case", async () => {
    expect((await register({ email: "bob@example.com", password: "password-1" })).status).toBe(201);
    const dup = await register({ email: " BOB@example.COM", password: "password-2" });
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({
      statusCode: 409,
      message: "An account with this email already exists",
      error: "Conflict",
      code: "email_taken",
    });
    expect(dup.headers.get("set-cookie")).toBeNull();
    // the first password still works, the second does not
    expect((await login({ email: "bob@example.com", password: "password-1" })).status).toBe(200);
    expect((await login({ email: "bob@example.com", password: "password-2" })).status).toBe(401);
  });

  it("gives one account to simultaneous registrations of one email", async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) => register({ email: "race@example.com", password: `password-${i}` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("refuses a missing or malformed email", async () => {
    expect((await register({ email: "not-an-email", password: "password-1" })).json.errors[0].field).toBe("email");
    expect((await register({ password: "password-1" })).status).toBe(400);
    expect((await register({ email: `${"a".repeat(250)}@example.com`, password: "password-1" })).status).toBe(400);
  });
});

describe("POST /v1/auth/login", () => {
  it("signs in with the email in any case and answers a working session token", async () => {
    await register({ email: "carol@example.com", password: "carol-password" });
    const r = await login({ email: "CAROL@example.com", password: "carol-password" });
    expect(r.status).toBe(200);
    expect(r.json.user.email).toBe("carol@example.com");
    expect(r.headers.get("set-cookie")).toContain(`session_token=${encodeURIComponent(r.json.token)}`);
    const s = await call(sessionRoute, "GET", "/v1/auth/session", {
      headers: { cookie: `session_token=${r.json.token}` },
    });
    expect(s.status).toBe(200);
  });

  it("answers a wrong password exactly like an unknown email", async () => {
    await register({ email: "dave@example.com", password: "dave-password" });
    const wrong = await login({ email: "dave@example.com", password: "not-daves-password" });
    const unknown = await login({ email: "nobody@example.com", password: "dave-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      statusCode: 401,
      message: "Invalid email or password",
      error: "Unauthorized",
      code: "email_password_invalid",
    });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(unknown.headers.get("set-cookie")).toBeNull();
  });

  it("takes comparable time for an unknown email and a wrong password (both run scrypt)", async () => {
    await register({ email: "erin@example.com", password: "erin-password" });
    await login({ email: "warm-up@example.com", password: "x" }); // first use prepares the comparison hash
    const time = async (email: string) => {
      const t = performance.now();
      await login({ email, password: "wrong-password" });
      return performance.now() - t;
    };
    // Interleaved, and the fastest of each kind compared: other processes on a busy machine slow
    // single logins at random, but cannot make an unknown email's scrypt run faster than it does.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time("erin@example.com"));
      unknown.push(await time("nobody-else@example.com"));
    }
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.4);
  });
});
