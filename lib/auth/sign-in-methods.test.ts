// One platform, several sign-in methods: an email account links a wallet and a wallet adds an
// email; afterwards either signs in to the same platform. A method of another platform is
// refused, never merged; the last method cannot be removed.
import { describe, expect, it } from "vitest";
import * as loginRoute from "@/app/v1/auth/login/route";
import * as emailMethodRoute from "@/app/v1/auth/methods/email/route";
import * as walletMethodRoute from "@/app/v1/auth/methods/wallet/route";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as sessionRoute from "@/app/v1/auth/session/route";
import * as challengeRoute from "@/app/v1/auth/wallet/challenge/route";
import * as verifyRoute from "@/app/v1/auth/wallet/verify/route";
import { call } from "../test/http";
import { evmWallet, type TestWallet, tronWallet } from "./wallet-test-helpers";

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function signedChallenge(wallet: TestWallet, sign = wallet.sign) {
  const c = (await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", { body: { address: wallet.address } }))
    .json;
  return { challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature: await sign(c.message) };
}

async function walletSignIn(wallet: TestWallet) {
  return call(verifyRoute, "POST", "/v1/auth/wallet/verify", { body: await signedChallenge(wallet) });
}

async function register(email: string, password = "password-123") {
  const r = await call(registerRoute, "POST", "/v1/auth/register", { body: { email, password } });
  expect(r.status, r.text).toBe(201);
  return r.json as { token: string; platformId: string };
}

const login = (email: string, password = "password-123") =>
  call(loginRoute, "POST", "/v1/auth/login", { body: { email, password } });
const linkWallet = async (token: string, wallet: TestWallet) =>
  call(walletMethodRoute, "POST", "/v1/auth/methods/wallet", {
    headers: auth(token),
    body: await signedChallenge(wallet),
  });
const addEmail = (token: string, email: string, password = "password-456") =>
  call(emailMethodRoute, "POST", "/v1/auth/methods/email", { headers: auth(token), body: { email, password } });
const removeWallet = (token: string) =>
  call(walletMethodRoute, "DELETE", "/v1/auth/methods/wallet", { headers: auth(token) });
const removeEmail = (token: string) =>
  call(emailMethodRoute, "DELETE", "/v1/auth/methods/email", { headers: auth(token) });
const session = (token: string) => call(sessionRoute, "GET", "/v1/auth/session", { headers: auth(token) });

describe("an email account links a wallet", () => {
  it("then the wallet signs in to the same platform, as the same user", async () => {
    const account = await register("links@example.com");
    const wallet = evmWallet();
    const linked = await linkWallet(account.token, wallet);
    expect(linked.status, linked.text).toBe(200);
    expect(linked.json.user).toMatchObject({
      email: "links@example.com",
      walletAddress: wallet.address,
      walletType: "evm",
    });

    const viaWallet = await walletSignIn(wallet);
    expect(viaWallet.status, viaWallet.text).toBe(200);
    expect(viaWallet.json.platformId).toBe(account.platformId);
    expect(viaWallet.json.user).toMatchObject({
      id: linked.json.user.id,
      email: "links@example.com",
      walletAddress: wallet.address,
    });
    expect((await session(viaWallet.json.token)).json).toMatchObject({
      platformId: account.platformId,
      sessionKind: "wallet",
    });
    // and the email still signs in there
    expect((await login("links@example.com")).json.platformId).toBe(account.platformId);
  });

  it("links a Tron wallet the same way", async () => {
    const account = await register("tron-link@example.com");
    const wallet = tronWallet();
    expect((await linkWallet(account.token, wallet)).json.user).toMatchObject({
      walletAddress: wallet.address,
      walletType: "tron",
    });
    expect((await walletSignIn(wallet)).json.platformId).toBe(account.platformId);
  });

  it("refuses a wallet that signs in to another platform, and leaves both platforms as they were", async () => {
    const wallet = evmWallet();
    const own = await walletSignIn(wallet);
    expect(own.status).toBe(200);
    const account = await register("taken-wallet@example.com");
    const r = await linkWallet(account.token, wallet);
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ code: "wallet_taken", message: expect.stringMatching(/another platform/) });
    expect((await walletSignIn(wallet)).json.platformId).toBe(own.json.platformId);
    expect((await session(account.token)).json.user.walletAddress).toBeNull();
  });

  it("refuses a signature that is not the wallet's, and a second wallet", async () => {
    const account = await register("second-wallet@example.com");
    const wallet = evmWallet();
    const forged = await call(walletMethodRoute, "POST", "/v1/auth/methods/wallet", {
      headers: auth(account.token),
      body: await signedChallenge(wallet, evmWallet().sign),
    });
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe("signature_invalid");
    expect((await linkWallet(account.token, wallet)).status).toBe(200);
    expect((await linkWallet(account.token, wallet)).status).toBe(200); // the same wallet again: unchanged
    const second = await linkWallet(account.token, evmWallet());
    expect(second.status).toBe(409);
    expect(second.json.code).toBe("sign_in_method_exists");
  });

  it("needs a session", async () => {
    const r = await call(walletMethodRoute, "POST", "/v1/auth/methods/wallet", {
      body: await signedChallenge(evmWallet()),
    });
    expect(r.status).toBe(401);
  });
});

describe("a wallet's platform adds an email", () => {
  it("then email and password sign in to the same platform", async () => {
    const wallet = evmWallet();
    const viaWallet = (await walletSignIn(wallet)).json;
    const added = await addEmail(viaWallet.token, " Wallet.Owner@Example.com");
    expect(added.status, added.text).toBe(200);
    expect(added.json.user).toMatchObject({ email: "wallet.owner@example.com", walletAddress: wallet.address });
    const viaEmail = await login("wallet.owner@example.com", "password-456");
    expect(viaEmail.status).toBe(200);
    expect(viaEmail.json.platformId).toBe(viaWallet.platformId);
    expect((await session(viaEmail.json.token)).json).toMatchObject({
      sessionKind: "email",
      user: { walletAddress: wallet.address },
    });
  });

  it("refuses an email that has an account, a short password and unknown fields", async () => {
    await register("has-account@example.com");
    const viaWallet = (await walletSignIn(evmWallet())).json;
    const taken = await addEmail(viaWallet.token, "HAS-ACCOUNT@example.com");
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("email_taken");
    const short = await addEmail(viaWallet.token, "short-pw@example.com", "short");
    expect(short.status).toBe(400);
    expect(short.json.errors).toEqual([{ field: "password", message: "must be at least 8 characters" }]);
    const extra = await call(emailMethodRoute, "POST", "/v1/auth/methods/email", {
      headers: auth(viaWallet.token),
      body: { email: "x@example.com", password: "password-1", platformId: "p" },
    });
    expect(extra.status).toBe(400);
    expect(extra.json.errors).toEqual([expect.objectContaining({ field: "platformId" })]);
    expect((await session(viaWallet.token)).json.user.email).toBeNull();
  });
});

describe("removing a sign-in method", () => {
  it("keeps at least one, and ends the removed method's other sessions", async () => {
    const account = await register("remove@example.com");
    expect((await removeEmail(account.token)).json).toMatchObject({ code: "last_sign_in_method" });
    expect((await removeWallet(account.token)).json).toMatchObject({ code: "sign_in_method_not_found" });

    const wallet = evmWallet();
    await linkWallet(account.token, wallet);
    const walletSession = (await walletSignIn(wallet)).json.token;
    const otherEmailSession = (await login("remove@example.com")).json.token;

    // Removing the email from the wallet session: the other email session ends, this one stays.
    const removed = await removeEmail(walletSession);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.user).toMatchObject({ email: null, walletAddress: wallet.address });
    expect((await login("remove@example.com")).status).toBe(401);
    expect((await session(walletSession)).status).toBe(200);
    expect((await session(otherEmailSession)).status).toBe(401);
    expect((await removeWallet(walletSession)).json.code).toBe("last_sign_in_method");
    // The wallet still signs in to the platform.
    expect((await walletSignIn(wallet)).json.platformId).toBe(account.platformId);
  });

  it("frees the wallet for another platform once removed", async () => {
    const first = await register("frees-a@example.com");
    const wallet = evmWallet();
    await linkWallet(first.token, wallet);
    expect((await removeWallet(first.token)).status).toBe(200);
    const second = await register("frees-b@example.com");
    expect((await linkWallet(second.token, wallet)).status).toBe(200);
    expect((await walletSignIn(wallet)).json.platformId).toBe(second.platformId);
  });

  it("never leaves a user without a method when both are removed at once", async () => {
    const account = await register("race-remove@example.com");
    await linkWallet(account.token, evmWallet());
    const both = await Promise.all([removeWallet(account.token), removeEmail(account.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const user = (await session(account.token)).json.user;
    expect([user.email, user.walletAddress].filter(Boolean)).toHaveLength(1);
  });
});
