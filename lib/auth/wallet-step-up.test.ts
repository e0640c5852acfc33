// The step-up of an email session to a wallet session of the same platform
// (docs/decisions/wallet-step-up.md): the wallet that signs is linked when the user has none,
// the new session is a wallet session of the same user and platform, never a second platform,
// and the cookie session it replaces ends.
import { describe, expect, it } from "vitest";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as sessionRoute from "@/app/v1/auth/session/route";
import * as challengeRoute from "@/app/v1/auth/wallet/challenge/route";
import * as stepUpRoute from "@/app/v1/auth/wallet/step-up/route";
import * as verifyRoute from "@/app/v1/auth/wallet/verify/route";
import * as signingDataRoute from "@/app/v2/payee-destination/signing-data/route";
import { db } from "../db/client";
import { call } from "../test/http";
import { evmWallet, type TestWallet } from "./wallet-test-helpers";

const OWN_ORIGIN = "http://localhost:3000"; // APP_URL of the tests
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function signedChallenge(wallet: TestWallet, sign = wallet.sign) {
  const c = (await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", { body: { address: wallet.address } }))
    .json;
  return { challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature: await sign(c.message) };
}

async function register(email: string) {
  const r = await call(registerRoute, "POST", "/v1/auth/register", { body: { email, password: "password-123" } });
  expect(r.status, r.text).toBe(201);
  return r.json as { token: string; platformId: string };
}

const stepUp = async (headers: Record<string, string>, wallet: TestWallet, sign?: TestWallet["sign"]) =>
  call(stepUpRoute, "POST", "/v1/auth/wallet/step-up", { headers, body: await signedChallenge(wallet, sign) });
const session = (token: string) => call(sessionRoute, "GET", "/v1/auth/session", { headers: auth(token) });
const signingData = (token: string, wallet: TestWallet) =>
  call(
    signingDataRoute,
    "GET",
    `/v2/payee-destination/signing-data?walletAddress=${wallet.address}&chainId=8453&tokenAddress=0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913&action=add`,
    { headers: auth(token) },
  );

describe("stepping up from an email session to a wallet session", () => {
  it("links the wallet, starts a wallet session of the same platform, and the destinations API takes it", async () => {
    const account = await register("step-up@example.com");
    const wallet = evmWallet();
    expect((await signingData(account.token, wallet)).status).toBe(403); // an email session may not
    const platformsBefore = await (await db()).platform.count();

    const r = await stepUp(auth(account.token), wallet);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      platformId: account.platformId,
      user: { email: "step-up@example.com", walletAddress: wallet.address },
    });
    expect(r.headers.get("set-cookie")).toContain("session_token=");
    expect(await (await db()).platform.count()).toBe(platformsBefore); // no second platform
    const now = await session(r.json.token);
    expect(now.json).toMatchObject({ platformId: account.platformId, sessionKind: "wallet" });
    expect((await signingData(r.json.token, wallet)).status).toBe(200);
    // A Bearer email session is the client's to end: it stays valid.
    expect((await session(account.token)).status).toBe(200);

    // Afterwards the same wallet steps up again (it is this user's), and signs in to the same platform.
    expect((await stepUp(auth(account.token), wallet)).status).toBe(200);
    const signIn = await call(verifyRoute, "POST", "/v1/auth/wallet/verify", { body: await signedChallenge(wallet) });
    expect(signIn.json.platformId).toBe(account.platformId);
  });

  it("ends the cookie session it replaces", async () => {
    const account = await register("step-up-cookie@example.com");
    const r = await stepUp({ cookie: `session_token=${account.token}`, origin: OWN_ORIGIN }, evmWallet());
    expect(r.status, r.text).toBe(200);
    expect((await session(account.token)).status).toBe(401);
    expect((await session(r.json.token)).json.sessionKind).toBe("wallet");
  });

  it("refuses another platform's wallet, a second wallet and a signature not the wallet's, changing nothing", async () => {
    const other = evmWallet();
    const otherSignIn = await call(verifyRoute, "POST", "/v1/auth/wallet/verify", {
      body: await signedChallenge(other),
    });
    const account = await register("step-up-refused@example.com");
    const taken = await stepUp(auth(account.token), other);
    expect(taken.status, taken.text).toBe(409);
    expect(taken.json.code).toBe("wallet_taken");
    expect((await session(account.token)).json.user.walletAddress).toBeNull();
    expect((await session(otherSignIn.json.token)).json.platformId).not.toBe(account.platformId);

    const mine = evmWallet();
    const forged = await stepUp(auth(account.token), mine, other.sign);
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe("signature_invalid");
    expect((await stepUp(auth(account.token), mine)).status).toBe(200);
    const second = await stepUp(auth(account.token), evmWallet());
    expect(second.status).toBe(409);
    expect(second.json.code).toBe("sign_in_method_exists");
  });

  it("needs a session", async () => {
    const r = await stepUp({}, evmWallet());
    expect(r.status).toBe(401);
  });
});
