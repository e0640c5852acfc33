import { describe, expect, it } from "vitest";
import * as loginRoute from "@/app/v1/auth/login/route";
import * as twoFactorLoginRoute from "@/app/v1/auth/login/two-factor/route";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as statusRoute from "@/app/v1/auth/two-factor/route";
import * as confirmRoute from "@/app/v1/auth/two-factor/totp/confirm/route";
import * as disableRoute from "@/app/v1/auth/two-factor/totp/disable/route";
import * as startRoute from "@/app/v1/auth/two-factor/totp/route";
import * as policyRoute from "@/app/v1/platform/sign-in-policy/route";
import { call } from "../test/http";
import { FREE_LOGIN_FAILURES } from "./login-throttle";
import { totpCode } from "./totp";

const PASSWORD = "correct horse";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (email: string, password = PASSWORD) =>
  call(loginRoute, "POST", "/v1/auth/login", { body: { email, password } });
const secondStep = (ticket: string, code: string) =>
  call(twoFactorLoginRoute, "POST", "/v1/auth/login/two-factor", { body: { ticket, code } });
const codeAt = (secret: string, offsetSteps = 0) => totpCode(secret, new Date(Date.now() + offsetSteps * 30_000));

async function register(email: string) {
  const r = await call(registerRoute, "POST", "/v1/auth/register", { body: { email, password: PASSWORD } });
  expect(r.status, r.text).toBe(201);
  return r.json.token as string;
}

/** A user with TOTP on: its token, secret and recovery codes. The confirming code's step is used. */
async function enrolled(email: string) {
  const token = await register(email);
  const start = await call(startRoute, "POST", "/v1/auth/two-factor/totp", { headers: bearer(token) });
  expect(start.status, start.text).toBe(200);
  const secret = start.json.secret as string;
  expect(start.json.otpauthUrl).toContain(`secret=${secret}`);
  const confirm = await call(confirmRoute, "POST", "/v1/auth/two-factor/totp/confirm", {
    headers: bearer(token),
    body: { code: codeAt(secret, -1) },
  });
  expect(confirm.status, confirm.text).toBe(200);
  return { token, secret, recoveryCodes: confirm.json.recoveryCodes as string[] };
}

describe("TOTP set-up", () => {
  it("turns on with a code of the new secret and shows 10 distinct recovery codes", async () => {
    const { token, recoveryCodes } = await enrolled("enrol@example.com");
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await call(statusRoute, "GET", "/v1/auth/two-factor", { headers: bearer(token) });
    expect(status.json).toMatchObject({ enabled: true, recoveryCodesLeft: 10, requiredByPlatform: false });
  });

  it("refuses a wrong confirmation code and stays off", async () => {
    const token = await register("wrong-confirm@example.com");
    const start = await call(startRoute, "POST", "/v1/auth/two-factor/totp", { headers: bearer(token) });
    const wrong = String((Number(codeAt(start.json.secret)) + 1) % 1_000_000).padStart(6, "0");
    const r = await call(confirmRoute, "POST", "/v1/auth/two-factor/totp/confirm", {
      headers: bearer(token),
      body: { code: wrong },
    });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("two_factor_code_invalid");
    const status = await call(statusRoute, "GET", "/v1/auth/two-factor", { headers: bearer(token) });
    expect(status.json.enabled).toBe(false);
    expect((await login("wrong-confirm@example.com")).json.token).toBeTruthy(); // still one step
  });

  it("confirms nothing before a set-up is started, and refuses a second set-up once on", async () => {
    const token = await register("not-started@example.com");
    const r = await call(confirmRoute, "POST", "/v1/auth/two-factor/totp/confirm", {
      headers: bearer(token),
      body: { code: "123456" },
    });
    expect(r.json.code).toBe("two_factor_not_started");
    const on = await enrolled("twice@example.com");
    const again = await call(startRoute, "POST", "/v1/auth/two-factor/totp", { headers: bearer(on.token) });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("two_factor_enabled");
  });
});

describe("email sign-in with TOTP on", () => {
  it("answers a ticket and no session for the password, then a session for the code", async () => {
    const { secret } = await enrolled("two-step@example.com");
    const first = await login("two-step@example.com");
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ twoFactor: "code" });
    expect(first.json.token).toBeUndefined();
    expect(first.headers.get("set-cookie")).toBeNull();
    const second = await secondStep(first.json.ticket, codeAt(secret));
    expect(second.status, second.text).toBe(200);
    expect(second.json.user.email).toBe("two-step@example.com");
    expect(second.headers.get("set-cookie")).toMatch(/^session_token=sls_/);
    expect(second.json.recoveryCodes).toBeUndefined();
  });

  it("accepts a code once: the same code again is refused (no replay within its window)", async () => {
    const { secret } = await enrolled("replay@example.com");
    const code = codeAt(secret);
    expect((await secondStep((await login("replay@example.com")).json.ticket, code)).status).toBe(200);
    const again = await secondStep((await login("replay@example.com")).json.ticket, code);
    expect(again.status).toBe(401);
    expect(again.json.code).toBe("two_factor_code_invalid");
    // The code of the set-up's step (one before) is older than the last accepted one, too.
    expect((await secondStep((await login("replay@example.com")).json.ticket, codeAt(secret, -1))).status).toBe(401);
  });

  it("accepts each recovery code once, whatever its case and dash", async () => {
    const { token, recoveryCodes } = await enrolled("recovery@example.com");
    const typed = recoveryCodes[0].toUpperCase().replace("-", " ");
    expect((await secondStep((await login("recovery@example.com")).json.ticket, typed)).status).toBe(200);
    const reused = await secondStep((await login("recovery@example.com")).json.ticket, recoveryCodes[0]);
    expect(reused.status).toBe(401);
    expect((await secondStep((await login("recovery@example.com")).json.ticket, recoveryCodes[1])).status).toBe(200);
    const status = await call(statusRoute, "GET", "/v1/auth/two-factor", { headers: bearer(token) });
    expect(status.json.recoveryCodesLeft).toBe(8);
  });

  it("refuses a ticket that is not one of ours", async () => {
    const r = await secondStep("forged.ticket.value", "123456");
    expect(r.status).toBe(401);
    expect(r.json.code).toBe("two_factor_ticket_invalid");
  });

  it("counts wrong codes toward the email's login throttle, which a right password does not reset", async () => {
    const { secret } = await enrolled("guesser@example.com");
    const wrong = String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const held = (await login("guesser@example.com")).json.ticket; // a ticket kept aside
    for (let i = 0; i < FREE_LOGIN_FAILURES; i++) {
      const ticket = (await login("guesser@example.com")).json.ticket;
      expect((await secondStep(ticket, wrong)).status).toBe(401);
    }
    // The next try waits: a ticket in hand does not skip it, even with the right code.
    const blocked = await secondStep(held, codeAt(secret));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login("guesser@example.com")).status).toBe(429);
  });

  it("turns off with a current code, after which the password alone signs in", async () => {
    const { token, secret } = await enrolled("disable@example.com");
    const wrong = await call(disableRoute, "POST", "/v1/auth/two-factor/totp/disable", {
      headers: bearer(token),
      body: { code: "000000" === codeAt(secret) ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(400);
    const r = await call(disableRoute, "POST", "/v1/auth/two-factor/totp/disable", {
      headers: bearer(token),
      body: { code: codeAt(secret) },
    });
    expect(r.status, r.text).toBe(200);
    const plain = await login("disable@example.com");
    expect(plain.json.token).toMatch(/^sls_/);
  });
});

describe("a platform that requires two-factor email sign-in", () => {
  it("sends a user without TOTP to enrol before any session, then signs in with its first code", async () => {
    const token = await register("policy@example.com");
    const set = await call(policyRoute, "PUT", "/v1/platform/sign-in-policy", {
      headers: bearer(token),
      body: { requireTwoFactor: true },
    });
    expect(set.json).toEqual({ requireTwoFactor: true });
    const first = await login("policy@example.com");
    expect(first.json).toMatchObject({ twoFactor: "enrol", enrolment: { secret: expect.any(String) } });
    expect(first.headers.get("set-cookie")).toBeNull();
    const second = await secondStep(first.json.ticket, codeAt(first.json.enrolment.secret));
    expect(second.status, second.text).toBe(200);
    expect(second.json.recoveryCodes).toHaveLength(10);
    // Now on, and it cannot be turned off while the platform requires it.
    const off = await call(disableRoute, "POST", "/v1/auth/two-factor/totp/disable", {
      headers: bearer(second.json.token),
      body: { code: codeAt(first.json.enrolment.secret, 1) },
    });
    expect(off.status).toBe(409);
    expect(off.json.code).toBe("two_factor_required_by_platform");
    expect((await login("policy@example.com")).json.twoFactor).toBe("code");
  });

  it("refuses the setting with unknown fields or an API key-less caller", async () => {
    const token = await register("policy-input@example.com");
    const bad = await call(policyRoute, "PUT", "/v1/platform/sign-in-policy", {
      headers: bearer(token),
      body: { requireTwoFactor: true, extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json.errors)).toContain("extra");
    const none = await call(policyRoute, "PUT", "/v1/platform/sign-in-policy", { body: { requireTwoFactor: true } });
    expect(none.status).toBe(401);
  });
});
