import { afterEach, describe, expect, it } from "vitest";
import * as sessionRoute from "@/app/v1/auth/session/route";
import * as challengeRoute from "@/app/v1/auth/wallet/challenge/route";
import * as verifyRoute from "@/app/v1/auth/wallet/verify/route";
import { resetConfigForTests } from "../config";
import { call } from "../test/http";
import { setClockForTests } from "./clock";
import { evmWallet, type TestWallet, tronWallet } from "./wallet-test-helpers";

async function challenge(address: string, extra: Record<string, unknown> = {}) {
  const r = await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", { body: { address, ...extra } });
  expect(r.status, r.text).toBe(201);
  return r.json as { challengeId: string; nonce: string; message: string; expiresAt: string };
}

function verify(body: Record<string, unknown>) {
  return call(verifyRoute, "POST", "/v1/auth/wallet/verify", { body });
}

async function signIn(wallet: TestWallet) {
  const c = await challenge(wallet.address);
  return verify({
    challengeId: c.challengeId,
    nonce: c.nonce,
    message: c.message,
    signature: await wallet.sign(c.message),
  });
}

function useAppUrl(url: string | undefined) {
  if (url === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = url;
  resetConfigForTests();
}

afterEach(() => {
  setClockForTests(undefined);
  useAppUrl(undefined);
});

describe("POST /v1/auth/wallet/challenge", () => {
  it("answers an EIP-4361 message for this service, the address checksummed, valid 5 minutes", async () => {
    const wallet = evmWallet();
    const t0 = Date.parse("2026-03-01T10:00:00.000Z");
    setClockForTests(() => new Date(t0));
    const c = await challenge(wallet.address.toLowerCase());
    expect(c.challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    const lines = c.message.split("\n");
    expect(lines[0]).toBe("http://localhost:3000 wants you to sign in with your Ethereum account:");
    expect(lines[1]).toBe(wallet.address);
    expect(lines).toEqual(
      expect.arrayContaining(["URI: http://localhost:3000", "Version: 1", "Chain ID: 1", `Nonce: ${c.nonce}`]),
    );
    expect(lines).toContain("Issued At: 2026-03-01T10:00:00.000Z");
    expect(lines).toContain("Expiration Time: 2026-03-01T10:05:00.000Z");
    expect(c.expiresAt).toBe("2026-03-01T10:05:00.000Z");
  });

  it("detects a Tron address and asks for a Tron signature", async () => {
    const wallet = tronWallet();
    const c = await challenge(wallet.address);
    expect(c.message.split("\n").slice(0, 2)).toEqual([
      "http://localhost:3000 wants you to sign in with your Tron account:",
      wallet.address,
    ]);
    expect(c.message).toContain("Chain ID: 728126428");
  });

  it("writes the requested EVM chain id into the message", async () => {
    const c = await challenge(evmWallet().address, { chainId: 8453 });
    expect(c.message).toContain("Chain ID: 8453");
  });

  it("refuses what is not a wallet address, a mistyped checksum and an unknown chain", async () => {
    const wallet = evmWallet();
    const badChecksum =
      wallet.address.slice(0, -1) + (wallet.address.endsWith("a") ? "B" : wallet.address.at(-1) === "A" ? "b" : "A");
    for (const address of ["", "hello", "0x1234", "T" + "1".repeat(33), badChecksum]) {
      const r = await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", { body: { address } });
      expect(r.status, address).toBe(400);
      expect(r.json.errors[0].field).toBe("address");
    }
    const chain = await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", {
      body: { address: wallet.address, chainId: 999 },
    });
    expect(chain.status).toBe(400);
    expect((await call(challengeRoute, "POST", "/v1/auth/wallet/challenge", {})).status).toBe(400);
  });
});

describe("POST /v1/auth/wallet/verify", () => {
  it("signs an EVM wallet in: cookie and Bearer token, a new user with a platform, the same one next time", async () => {
    const wallet = evmWallet();
    const r = await signIn(wallet);
    expect(r.status, r.text).toBe(200);
    expect(r.json.user).toMatchObject({ walletAddress: wallet.address, walletType: "evm", email: null });
    expect(r.json.platformId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.json.token).toMatch(/^sls_/);
    const cookie = r.headers.get("set-cookie")!;
    expect(cookie).toContain(`session_token=${encodeURIComponent(r.json.token)}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http://localhost

    const viaBearer = await call(sessionRoute, "GET", "/v1/auth/session", {
      headers: { authorization: `Bearer ${r.json.token}` },
    });
    expect(viaBearer.json).toMatchObject({
      user: { walletAddress: wallet.address },
      platformId: r.json.platformId,
      sessionKind: "wallet",
    });
    const viaCookie = await call(sessionRoute, "GET", "/v1/auth/session", {
      headers: { cookie: `session_token=${r.json.token}` },
    });
    expect(viaCookie.status).toBe(200);

    const again = await signIn(wallet);
    expect(again.json.user.id).toBe(r.json.user.id);
    expect(again.json.platformId).toBe(r.json.platformId);
    expect(again.json.token).not.toBe(r.json.token);
  });

  it("signs a Tron wallet in with a TronWeb signMessageV2 signature", async () => {
    const wallet = tronWallet();
    const r = await signIn(wallet);
    expect(r.status, r.text).toBe(200);
    expect(r.json.user).toMatchObject({ walletAddress: wallet.address, walletType: "tron" });
    const s = await call(sessionRoute, "GET", "/v1/auth/session", {
      headers: { authorization: `Bearer ${r.json.token}` },
    });
    expect(s.json.platform.name).toBe(wallet.address);
  });

  it("refuses a replayed challenge", async () => {
    const wallet = evmWallet();
    const c = await challenge(wallet.address);
    const body = {
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: c.message,
      signature: await wallet.sign(c.message),
    };
    expect((await verify(body)).status).toBe(200);
    const replay = await verify(body);
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({
      statusCode: 401,
      error: "Unauthorized",
      message: expect.stringMatching(/already used/),
    });
    expect(replay.headers.get("set-cookie")).toBeNull();
  });

  it("lets only one of two simultaneous verifications of one challenge through", async () => {
    const wallet = evmWallet();
    const c = await challenge(wallet.address);
    const body = {
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: c.message,
      signature: await wallet.sign(c.message),
    };
    const results = await Promise.all([verify(body), verify(body), verify(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it("refuses an expired challenge", async () => {
    const wallet = evmWallet();
    const start = Date.now();
    setClockForTests(() => new Date(start));
    const c = await challenge(wallet.address);
    const body = {
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: c.message,
      signature: await wallet.sign(c.message),
    };
    setClockForTests(() => new Date(start + 5 * 60_000 + 1));
    const r = await verify(body);
    expect(r.status).toBe(401);
    expect(r.json.message).toMatch(/expired/);
    setClockForTests(() => new Date(start + 4 * 60_000 + 59_000)); // a moment before, the same challenge works
    const c2 = await challenge(wallet.address);
    setClockForTests(() => new Date(start + 9 * 60_000 + 58_000));
    expect(
      (
        await verify({
          challengeId: c2.challengeId,
          nonce: c2.nonce,
          message: c2.message,
          signature: await wallet.sign(c2.message),
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a message issued for another domain", async () => {
    const wallet = evmWallet();
    useAppUrl("https://phishing.example");
    const c = await challenge(wallet.address);
    expect(c.message.startsWith("phishing.example wants you")).toBe(true);
    const body = {
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: c.message,
      signature: await wallet.sign(c.message),
    };
    useAppUrl("https://pay.example.com");
    const r = await verify(body);
    expect(r.status).toBe(401);
    expect(r.json.message).toMatch(/issued for phishing\.example, not for this service/);
  });

  it("refuses a message naming another URI of the same host", async () => {
    const wallet = evmWallet();
    useAppUrl("http://pay.example.com");
    const c = await challenge(wallet.address);
    const body = {
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: c.message,
      signature: await wallet.sign(c.message),
    };
    useAppUrl("https://pay.example.com");
    const r = await verify(body);
    expect(r.status).toBe(401);
    expect(r.json.message).toMatch(/not for this service/);
  });

  it("refuses a domain or URI changed in the message, even when the wallet signed the changed text", async () => {
    const wallet = evmWallet();
    const c = await challenge(wallet.address);
    for (const message of [
      c.message.replace("http://localhost:3000 wants", "http://evil.example wants"),
      c.message.replace("URI: http://localhost:3000", "URI: https://evil.example"),
    ]) {
      expect(message).not.toBe(c.message);
      const r = await verify({
        challengeId: c.challengeId,
        nonce: c.nonce,
        message,
        signature: await wallet.sign(message),
      });
      expect(r.status).toBe(401);
      expect(r.json.message).toMatch(/not the challenge's message/);
    }
  });

  it("refuses a signature made by another address", async () => {
    const wallet = evmWallet();
    const c = await challenge(wallet.address);
    const r = await verify({
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: c.message,
      signature: await evmWallet().sign(c.message),
    });
    expect(r.status).toBe(401);
    expect(r.json.message).toBe(`The signature was not made by ${wallet.address}`);
    // the challenge is not used up by a failed attempt: its own wallet can still sign in
    expect(
      (
        await verify({
          challengeId: c.challengeId,
          nonce: c.nonce,
          message: c.message,
          signature: await wallet.sign(c.message),
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a Tron signature made by another Tron address", async () => {
    const wallet = tronWallet();
    const c = await challenge(wallet.address);
    const r = await verify({
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: c.message,
      signature: await tronWallet().sign(c.message),
    });
    expect(r.status).toBe(401);
  });

  it("refuses a tampered message: a later expiration signed by the right wallet", async () => {
    const wallet = evmWallet();
    const c = await challenge(wallet.address);
    const later = new Date(Date.parse(c.expiresAt) + 24 * 3600_000).toISOString();
    const tampered = c.message.replace(/Expiration Time: .*/, `Expiration Time: ${later}`);
    const r = await verify({
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: tampered,
      signature: await wallet.sign(tampered),
    });
    expect(r.status).toBe(401);
    // and a signature of the original message does not cover the tampered text either
    const r2 = await verify({
      challengeId: c.challengeId,
      nonce: c.nonce,
      message: c.message,
      signature: await wallet.sign(tampered),
    });
    expect(r2.status).toBe(401);
  });

  it("refuses a wrong nonce, an unknown challenge and malformed signatures without a 500", async () => {
    const wallet = evmWallet();
    const c = await challenge(wallet.address);
    const signature = await wallet.sign(c.message);
    expect(
      (await verify({ challengeId: c.challengeId, nonce: "0".repeat(32), message: c.message, signature })).status,
    ).toBe(401);
    expect(
      (
        await verify({
          challengeId: "00000000-0000-4000-8000-000000000000",
          nonce: c.nonce,
          message: c.message,
          signature,
        })
      ).status,
    ).toBe(401);
    for (const bad of ["0xdead", "0xdea", "0x" + "00".repeat(65), "0x" + "ff".repeat(65), "0x" + "ab".repeat(300)]) {
      const r = await verify({ challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature: bad });
      expect(r.status, bad).toBe(401);
    }
    const tron = tronWallet();
    const tc = await challenge(tron.address);
    for (const bad of ["0xdead", "0x" + "00".repeat(65), "0x" + "ff".repeat(65)]) {
      expect(
        (await verify({ challengeId: tc.challengeId, nonce: tc.nonce, message: tc.message, signature: bad })).status,
        bad,
      ).toBe(401);
    }
    const invalid = await verify({ challengeId: "not-a-uuid", nonce: c.nonce, message: c.message, signature: "0x" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["challengeId", "signature"]);
  });
});
