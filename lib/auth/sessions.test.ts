import { afterEach, describe, expect, it } from "vitest";
import * as apiKeysRoute from "@/app/v1/api-keys/route";
import * as logoutRoute from "@/app/v1/auth/logout/route";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as sessionRoute from "@/app/v1/auth/session/route";
import * as challengeRoute from "@/app/v1/auth/wallet/challenge/route";
import * as verifyRoute from "@/app/v1/auth/wallet/verify/route";
import { resetConfigForTests } from "../config";
import { call } from "../test/http";
import { setClockForTests } from "./clock";
import { evmWallet } from "./wallet-test-helpers";

const ORIGIN = "http://localhost:3000";
let clockMs = 0;
const at = (ms: number) => {
  clockMs = ms;
  setClockForTests(() => new Date(clockMs));
};

afterEach(() => {
  setClockForTests(undefined);
  delete process.env.APP_URL;
  resetConfigForTests();
});

async function walletSession() {
  const wallet = evmWallet();
  const c = (await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", { body: { address: wallet.address } }))
    .json;
  const r = await call(verifyRoute, "POST", "/v1/auth/wallet/verify", {
    body: { challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature: await wallet.sign(c.message) },
  });
  expect(r.status, r.text).toBe(200);
  return r.json as { token: string; expiresAt: string };
}

const whoAmI = (token: string) =>
  call(sessionRoute, "GET", "/v1/auth/session", { headers: { authorization: `Bearer ${token}` } });

describe("session lifetime", () => {
  it("ends a wallet session after 15 idle minutes", async () => {
    const t0 = Date.parse("2026-05-01T12:00:00Z");
    at(t0);
    const s = await walletSession();
    expect(s.expiresAt).toBe("2026-05-01T12:15:00.000Z");
    at(t0 + 15 * 60_000 - 1_000);
    expect((await whoAmI(s.token)).status).toBe(200);
    at(t0 + 15 * 60_000 - 1_000 + 15 * 60_000 + 1);
    const expired = await whoAmI(s.token);
    expect(expired.status).toBe(401);
    expect(expired.json.message).toBe("Session expired or signed out");
    at(t0); // the session is gone for good, not just out of date
    expect((await whoAmI(s.token)).status).toBe(401);
  });

  it("keeps a wallet session alive while it is used", async () => {
    const t0 = Date.parse("2026-05-02T12:00:00Z");
    at(t0);
    const s = await walletSession();
    for (let minute = 10; minute <= 60; minute += 10) {
      at(t0 + minute * 60_000);
      const r = await whoAmI(s.token);
      expect(r.status, `minute ${minute}`).toBe(200);
      expect(Date.parse(r.json.expiresAt)).toBe(t0 + (minute + 15) * 60_000);
    }
    at(t0 + 76 * 60_000);
    expect((await whoAmI(s.token)).status).toBe(401);
  });

  it("keeps an email session 30 days whether it is used or not", async () => {
    const t0 = Date.parse("2026-05-03T12:00:00Z");
    at(t0);
    const r = await call(registerRoute, "POST", "/v1/auth/register", {
      body: { email: "idle@example.com", password: "long-enough" },
    });
    const day = 86_400_000;
    at(t0 + 29 * day);
    const s = await whoAmI(r.json.token);
    expect(s.status).toBe(200);
    expect(s.json.expiresAt).toBe(new Date(t0 + 30 * day).toISOString());
    at(t0 + 30 * day);
    expect((await whoAmI(r.json.token)).status).toBe(401);
  });
});

describe("POST /v1/auth/logout", () => {
  it("ends the session everywhere: the token is refused as Bearer and as cookie afterwards", async () => {
    const s = await walletSession();
    const bearer = { authorization: `Bearer ${s.token}` };
    const cookie = { cookie: `session_token=${s.token}`, origin: ORIGIN };
    expect((await call(apiKeysRoute, "GET", "/v1/api-keys", { headers: bearer })).status).toBe(200);

    const out = await call(logoutRoute, "POST", "/v1/auth/logout", { headers: cookie });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ signedOut: true });
    expect(out.headers.get("set-cookie")).toMatch(/^session_token=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);

    expect((await whoAmI(s.token)).status).toBe(401);
    expect((await call(sessionRoute, "GET", "/v1/auth/session", { headers: cookie })).status).toBe(401);
    expect((await call(apiKeysRoute, "GET", "/v1/api-keys", { headers: bearer })).status).toBe(401);
    expect(
      (await call(apiKeysRoute, "POST", "/v1/api-keys", { headers: cookie, body: { name: "after logout" } })).status,
    ).toBe(401);
  });

  it("signs out a Bearer token and leaves the user's other sessions alone", async () => {
    const wallet = evmWallet();
    const signIn = async () => {
      const c = (await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", { body: { address: wallet.address } }))
        .json;
      return (
        await call(verifyRoute, "POST", "/v1/auth/wallet/verify", {
          body: {
            challengeId: c.challengeId,
            nonce: c.nonce,
            message: c.message,
            signature: await wallet.sign(c.message),
          },
        })
      ).json.token as string;
    };
    const laptop = await signIn();
    const phone = await signIn();
    expect(
      (await call(logoutRoute, "POST", "/v1/auth/logout", { headers: { authorization: `Bearer ${laptop}` } })).status,
    ).toBe(200);
    expect((await whoAmI(laptop)).status).toBe(401);
    expect((await whoAmI(phone)).status).toBe(200);
  });

  it("refuses a cookie logout from another site (CSRF) and leaves the session signed in", async () => {
    const s = await walletSession();
    for (const origin of ["https://evil.example", undefined]) {
      const headers: Record<string, string> = { cookie: `session_token=${s.token}`, ...(origin ? { origin } : {}) };
      const r = await call(logoutRoute, "POST", "/v1/auth/logout", { headers });
      expect(r.status, String(origin)).toBe(403);
      expect(r.json).toMatchObject({ statusCode: 403, error: "Forbidden" });
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    expect((await whoAmI(s.token)).status).toBe(200);
    // A Bearer token is not sent by browsers on their own: no Origin needed.
    expect(
      (
        await call(logoutRoute, "POST", "/v1/auth/logout", {
          headers: { authorization: `Bearer ${s.token}`, origin: "https://evil.example" },
        })
      ).status,
    ).toBe(200);
  });

  it("answers the same and clears the cookie without a session, or with one already ended", async () => {
    expect((await call(logoutRoute, "POST", "/v1/auth/logout")).status).toBe(200);
    const stale = await call(logoutRoute, "POST", "/v1/auth/logout", {
      headers: { cookie: "session_token=sls_unknown", origin: ORIGIN },
    });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("set-cookie")).toContain("Max-Age=0");
  });
});

describe("GET /v1/auth/session", () => {
  it("answers 401 when not signed in or with an unknown token", async () => {
    expect((await call(sessionRoute, "GET", "/v1/auth/session")).status).toBe(401);
    expect((await whoAmI("sls_made-up")).status).toBe(401);
  });

  it("answers a malformed cookie with 401, and logout with 200, never a server error", async () => {
    for (const cookie of ["session_token=%", "session_token=%E0%A4%A", "session_token=", "session_token"]) {
      expect((await call(sessionRoute, "GET", "/v1/auth/session", { headers: { cookie } })).status, cookie).toBe(401);
      expect(
        (await call(logoutRoute, "POST", "/v1/auth/logout", { headers: { cookie, origin: ORIGIN } })).status,
        cookie,
      ).toBe(200);
    }
  });
});

describe("session cookie", () => {
  it("is Secure when the service is not on http://localhost", async () => {
    process.env.APP_URL = "https://pay.example.com";
    resetConfigForTests();
    const r = await call(registerRoute, "POST", "/v1/auth/register", {
      body: { email: "secure@example.com", password: "long-enough" },
    });
    expect(r.headers.get("set-cookie")).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const out = await call(logoutRoute, "POST", "/v1/auth/logout", {
      headers: { authorization: `Bearer ${r.json.token}` },
    });
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0; Secure$/);
  });
});
