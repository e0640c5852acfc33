// Password reset and email verification by email, end to end through the API and a real SMTP
// server: the mail the outbox sends is read back from the server, its link's token used.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as resendRoute from "@/app/v1/auth/email/verification/route";
import * as verifyRoute from "@/app/v1/auth/email/verify/route";
import * as loginRoute from "@/app/v1/auth/login/route";
import * as confirmRoute from "@/app/v1/auth/password-reset/confirm/route";
import * as resetRoute from "@/app/v1/auth/password-reset/route";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as sessionRoute from "@/app/v1/auth/session/route";
import { getConfig } from "../config";
import { db } from "../db/client";
import { sendDueMails } from "../mail/outbox";
import { type ReceivedMail, startTestSmtp } from "../mail/test-smtp";
import { type MailTransport, smtpTransport } from "../mail/transport";
import { call } from "../test/http";
import { setClockForTests } from "./clock";

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let transport: MailTransport;
let seen = 0;
beforeAll(async () => {
  smtp = await startTestSmtp();
  transport = smtpTransport(smtp.url);
});
afterAll(async () => {
  setClockForTests(undefined);
  transport.close();
  await smtp.stop();
});

/** Runs the outbox once and answers the mails that arrived since the last look. */
async function newMails(): Promise<ReceivedMail[]> {
  await sendDueMails(transport, getConfig().SMTP_FROM, new Date(Date.now() + 1));
  const all = await smtp.received();
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

function linkIn(mail: ReceivedMail, page: string): { url: string; token: string } {
  const match = mail.text.match(new RegExp(`(\\S+/dashboard/${page}#token=(\\S+))`));
  if (!match) throw new Error(`no ${page} link in the mail`);
  return { url: match[1], token: match[2] };
}

const register = (email: string, password: string) =>
  call(registerRoute, "POST", "/v1/auth/register", { body: { email, password } });
const login = (email: string, password: string) =>
  call(loginRoute, "POST", "/v1/auth/login", { body: { email, password } });
const askReset = (email: string) => call(resetRoute, "POST", "/v1/auth/password-reset", { body: { email } });
const confirm = (token: string, password: string) =>
  call(confirmRoute, "POST", "/v1/auth/password-reset/confirm", { body: { token, password } });
const session = (token: string) =>
  call(sessionRoute, "GET", "/v1/auth/session", { headers: { authorization: `Bearer ${token}` } });

describe("password reset by email", () => {
  it("mails a link that sets a new password once, and ends every session", async () => {
    const account = await register("reset@example.com", "old password 1");
    expect(account.status, account.text).toBe(201);
    await newMails(); // the sign-up's verification mail
    const other = await login("reset@example.com", "old password 1");
    expect(other.status).toBe(200);

    const asked = await askReset("Reset@Example.com");
    expect(asked.status, asked.text).toBe(202);
    expect(asked.json).toEqual({ requested: true });
    const [mail, ...more] = await newMails();
    expect(more).toHaveLength(0);
    expect(mail.to).toBe("reset@example.com");
    const { url, token } = linkIn(mail, "reset-password");
    expect(url.startsWith(`${getConfig().APP_URL}/dashboard/reset-password#token=slr_`)).toBe(true);
    // Only the token's hash is stored.
    const stored = await (await db()).emailToken.findMany({ where: { purpose: "password_reset" } });
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await confirm(token, "new password 2");
    expect(done.status, done.text).toBe(200);
    expect(done.json).toEqual({ passwordReset: true });
    expect((await session(account.json.token)).status).toBe(401);
    expect((await session(other.json.token)).status).toBe(401);
    expect((await login("reset@example.com", "old password 1")).status).toBe(401);
    const signedIn = await login("reset@example.com", "new password 2");
    expect(signedIn.status).toBe(200);
    // The link went to the email: it counts as verified.
    expect(signedIn.json.user).toMatchObject({ email: "reset@example.com", emailVerified: true });

    const again = await confirm(token, "third password 3");
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ code: "reset_link_invalid" });
    expect((await login("reset@example.com", "new password 2")).status).toBe(200);
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const unknown = await askReset("nobody-here@example.com");
    expect(unknown.status).toBe(202);
    expect(unknown.json).toEqual({ requested: true });
    expect(await newMails()).toHaveLength(0);
  });

  it("refuses a link after 30 minutes, and a made-up token", async () => {
    await register("late@example.com", "old password 1");
    await askReset("late@example.com");
    const mails = await newMails();
    const { token } = linkIn(mails.find((m) => m.subject.includes("Reset"))!, "reset-password");
    const issued = Date.now();
    setClockForTests(() => new Date(issued + 31 * 60_000));
    const late = await confirm(token, "new password 2");
    setClockForTests(undefined);
    expect(late.status).toBe(404);
    expect(late.json).toMatchObject({ code: "reset_link_invalid" });
    expect((await login("late@example.com", "old password 1")).status).toBe(200);
    expect((await confirm("slr_made-up", "new password 2")).json).toMatchObject({ code: "reset_link_invalid" });
  });

  it("sends at most 3 live links per account", async () => {
    await register("flood@example.com", "old password 1");
    await newMails();
    for (let i = 0; i < 5; i++) expect((await askReset("flood@example.com")).status).toBe(202);
    expect(await newMails()).toHaveLength(3);
  });
});

describe("email verification", () => {
  it("mails a link at sign-up that verifies the email once; Settings can send it again", async () => {
    const account = await register("verify@example.com", "password 123");
    expect(account.json.user).toMatchObject({ emailVerified: false });
    const auth = { authorization: `Bearer ${account.json.token}` };
    // A link went out just now: asking again within a minute sends nothing.
    const soon = await call(resendRoute, "POST", "/v1/auth/email/verification", { headers: auth });
    expect(soon.json).toEqual({ sent: false });

    const [mail] = await newMails();
    expect(mail.to).toBe("verify@example.com");
    const { token } = linkIn(mail, "verify-email");
    const verified = await call(verifyRoute, "POST", "/v1/auth/email/verify", { body: { token } });
    expect(verified.status, verified.text).toBe(200);
    expect((await session(account.json.token)).json.user).toMatchObject({ emailVerified: true });
    const twice = await call(verifyRoute, "POST", "/v1/auth/email/verify", { body: { token } });
    expect(twice.json).toMatchObject({ code: "verification_link_invalid" });
    const after = await call(resendRoute, "POST", "/v1/auth/email/verification", { headers: auth });
    expect(after.json).toEqual({ sent: false });
  });

  it("resends after a minute to an unverified email", async () => {
    const account = await register("resend@example.com", "password 123");
    await newMails();
    const t0 = Date.now();
    setClockForTests(() => new Date(t0 + 61_000));
    const again = await call(resendRoute, "POST", "/v1/auth/email/verification", {
      headers: { authorization: `Bearer ${account.json.token}` },
    });
    setClockForTests(undefined);
    expect(again.json).toEqual({ sent: true });
    const [mail] = await newMails();
    const { token } = linkIn(mail, "verify-email");
    expect((await call(verifyRoute, "POST", "/v1/auth/email/verify", { body: { token } })).status).toBe(200);
  });
});
