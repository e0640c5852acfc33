// The payee-destination API end to end through its routes: signing data, registering,
// reading, deactivating; nonces (single use, expiry, binding); tokens and chains; which
// credentials manage and which read. Signatures are real (viem and TronWeb keys); the
// verification paths that need a chain are in signatures.test.ts.
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as byId from "@/app/v2/payee-destination/[destinationId]/route";
import * as collection from "@/app/v2/payee-destination/route";
import * as signingDataRoute from "@/app/v2/payee-destination/signing-data/route";
import * as listRoute from "@/app/v2/payee-destinations/route";
import { setClockForTests } from "../auth/clock";
import { createTestSession } from "../orchestrators/fixtures";
import { createTestPlatform, createTestWalletSession, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { evmPayee, type TestPayee, tronPayee, USDC_BASE } from "./fixtures";
import { resolvePayeeDestination } from "./resolve-destination";
import type { PayeeDestinationView, SigningDataView } from "./schemas";

const USDT_BASE = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
const USDC_TRON = "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8";
const USDT0_ARBITRUM = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9";

interface Actor {
  platformId: string;
  apiKey: string;
  clientId: string;
  wallet: Record<string, string>; // wallet-session headers
}

async function actor(name: string): Promise<Actor> {
  const p = await createTestPlatform(name);
  const s = await createTestWalletSession(p.platformId);
  return {
    platformId: p.platformId,
    apiKey: p.apiKey,
    clientId: p.clientId,
    wallet: { authorization: `Bearer ${s.token}` },
  };
}

let shop: Actor;
let other: Actor;
beforeAll(async () => {
  shop = await actor("shop");
  other = await actor("other");
});
afterEach(() => setClockForTests(undefined));

type Query = { walletAddress: string; chainId?: string | number; tokenAddress?: string; action?: string };

function getSigningData(q: Query, headers: Record<string, string> = shop.wallet) {
  const qs = new URLSearchParams({
    walletAddress: q.walletAddress,
    chainId: String(q.chainId ?? 8453),
    tokenAddress: q.tokenAddress ?? USDC_BASE,
    action: q.action ?? "add",
  });
  return call(signingDataRoute, "GET", `/v2/payee-destination/signing-data?${qs}`, { headers });
}

async function signingData(q: Query, headers?: Record<string, string>): Promise<SigningDataView> {
  const r = await getSigningData(q, headers);
  expect(r.status, r.text).toBe(200);
  return r.json;
}

function post(body: unknown, headers: Record<string, string> = shop.wallet) {
  return call(collection, "POST", "/v2/payee-destination", { headers, body });
}

const path = (id: string) => `/v2/payee-destination/${encodeURIComponent(id)}`;

function remove(id: string, body: unknown, headers: Record<string, string> = shop.wallet) {
  return call(byId, "DELETE", path(id), { headers, params: { destinationId: id }, body });
}

function get(id: string, headers: Record<string, string>) {
  return call(byId, "GET", path(id), { headers, params: { destinationId: id } });
}

async function register(
  payee: TestPayee,
  q: Omit<Query, "walletAddress"> = {},
  headers = shop.wallet,
): Promise<PayeeDestinationView> {
  const data = await signingData({ ...q, walletAddress: payee.address }, headers);
  const r = await post({ nonce: data.nonce, signature: await payee.sign(data.typedData) }, headers);
  expect(r.status, r.text).toBe(201);
  return r.json;
}

async function deactivate(d: PayeeDestinationView, payee: TestPayee, headers = shop.wallet) {
  const data = await signingData(
    { walletAddress: d.walletAddress, chainId: d.chainId, tokenAddress: d.tokenAddress, action: "deactivate" },
    headers,
  );
  return remove(d.destinationId, { nonce: data.nonce, signature: await payee.sign(data.typedData) }, headers);
}

describe("GET /v2/payee-destination/signing-data", () => {
  it("answers typed data for eth_signTypedData_v4 bound to the wallet, chain, token, a fresh nonce and a 10-minute expiry", async () => {
    const t0 = Date.parse("2026-05-01T12:00:00.000Z");
    setClockForTests(() => new Date(t0));
    const payee = evmPayee();
    const data = await signingData({ walletAddress: payee.address.toLowerCase() });
    expect(data).toMatchObject({
      action: "add",
      walletAddress: payee.address,
      chainId: 8453,
      network: "base",
      tokenAddress: USDC_BASE,
      currency: "USDC-base",
      expiresAt: "2026-05-01T12:10:00.000Z",
      destinationId: expect.stringMatching(new RegExp(`^${payee.address}@eip155:8453#[0-9A-F]{8}:${USDC_BASE}$`)),
    });
    expect(data.payeeAddress).toBe(data.destinationId.slice(0, data.destinationId.lastIndexOf(":")));
    expect(data.nonce).toMatch(/^0x[0-9a-f]{64}$/);
    expect(data.typedData).toEqual({
      domain: { name: "Stablelink", version: "1", chainId: 8453 },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
        ],
        PayeeDestination: [
          { name: "action", type: "string" },
          { name: "walletAddress", type: "address" },
          { name: "chainId", type: "uint256" },
          { name: "tokenAddress", type: "address" },
          { name: "nonce", type: "bytes32" },
          { name: "expiresAt", type: "uint256" },
        ],
      },
      primaryType: "PayeeDestination",
      message: {
        action: "add",
        walletAddress: payee.address,
        chainId: 8453,
        tokenAddress: USDC_BASE,
        nonce: data.nonce,
        expiresAt: t0 / 1000 + 600,
      },
    });
    expect((await signingData({ walletAddress: payee.address })).nonce).not.toBe(data.nonce);
  });

  it("refuses tokens other than the chain's USDC and USDT, unknown chains and wallets of another chain family", async () => {
    const wallet = evmPayee().address;
    const cases: [Query, string, RegExp][] = [
      [
        { walletAddress: wallet, tokenAddress: "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb" },
        "tokenAddress",
        /must be USDC \(0x8335.*\) or USDT \(0xfde4.*\) on Base: destinations are registered in USDC or USDT/,
      ],
      [{ walletAddress: wallet, chainId: 1, tokenAddress: USDC_BASE }, "tokenAddress", /on Ethereum/],
      [
        { walletAddress: wallet, chainId: 11155111, tokenAddress: "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C" },
        "tokenAddress",
        /USDC .* or USDT/,
      ], // FAU
      [
        { walletAddress: wallet, chainId: 84532 },
        "chainId",
        /must be one of 1 \(mainnet\), 42161 \(arbitrum-one\).*728126428 \(tron\), 11155111 \(sepolia\)/,
      ],
      [{ walletAddress: wallet, chainId: "base" }, "chainId", /must be one of/],
      [{ walletAddress: wallet, chainId: "08453" }, "chainId", /must be one of/],
      [
        { walletAddress: wallet, chainId: 728126428, tokenAddress: USDC_TRON },
        "walletAddress",
        /must be a Tron address/,
      ],
      [{ walletAddress: tronPayee().address }, "walletAddress", /must be an EVM address/],
      [{ walletAddress: "0x0000000000000000000000000000000000000000" }, "walletAddress", /zero address/],
      [{ walletAddress: wallet, action: "remove" }, "action", /must be add or deactivate/],
    ];
    for (const [q, field, message] of cases) {
      const r = await getSigningData(q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.json.message).toBe("Validation failed");
      expect(r.json.errors.find((e: { field: string }) => e.field === field)?.message, JSON.stringify(q)).toMatch(
        message,
      );
    }
  });

  it("accepts USDT0's contract as USDT, and Sepolia's test USDC", async () => {
    const wallet = evmPayee().address;
    expect(await signingData({ walletAddress: wallet, chainId: 42161, tokenAddress: USDT0_ARBITRUM })).toMatchObject({
      currency: "USDT-arbitrum-one",
    });
    expect(
      await signingData({
        walletAddress: wallet,
        chainId: 11155111,
        tokenAddress: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238",
      }),
    ).toMatchObject({
      currency: "fUSDC-sepolia",
      network: "sepolia",
    });
  });

  it("answers 404 for deactivation data of a destination that is not active here", async () => {
    const r = await getSigningData({ walletAddress: evmPayee().address, action: "deactivate" });
    expect(r.status).toBe(404);
    expect(r.json.message).toMatch(/^No active payee destination 0x.*@eip155:8453#[0-9A-F]{8}:0x.* on this platform$/);
  });
});

describe("POST /v2/payee-destination", () => {
  it("registers the destination; it is then found by id, as the wallet's active one and in the list", async () => {
    const payee = evmPayee();
    const d = await register(payee);
    expect(d).toEqual({
      destinationId: expect.stringMatching(/@eip155:8453#/),
      payeeAddress: expect.stringMatching(new RegExp(`^${payee.address}@eip155:8453#[0-9A-F]{8}$`)),
      humanReadableInteropAddress: expect.stringMatching(new RegExp(`^${payee.address}@eip155:8453#[0-9A-F]{8}$`)),
      // ERC-7930 v1: version 0001, eip155 0000, chain reference of 2 bytes 2105 (8453), 20 address bytes.
      binaryInteropAddress: `0x0001000002210514${payee.address.slice(2).toLowerCase()}`,
      walletAddress: payee.address,
      chainId: 8453,
      network: "base",
      tokenAddress: USDC_BASE,
      currency: "USDC-base",
      symbol: "USDC",
      decimals: 6,
      active: true,
      createdAt: expect.any(String),
      deactivatedAt: null,
    });
    // Clients of the hosted interface build the id from the record: its name, ":", the token.
    expect(`${d.humanReadableInteropAddress}:${d.tokenAddress}`).toBe(d.destinationId);
    for (const headers of [
      shop.wallet,
      { "x-api-key": shop.apiKey },
      { "x-client-id": shop.clientId, origin: TEST_ORIGIN },
    ]) {
      const r = await get(d.destinationId, headers);
      expect(r.status, r.text).toBe(200);
      expect(r.json).toEqual(d);
      const active = await call(
        collection,
        "GET",
        `/v2/payee-destination?walletAddress=${payee.address.toLowerCase()}`,
        { headers },
      );
      expect(active.json).toEqual(d);
    }
    const list = await call(listRoute, "GET", "/v2/payee-destinations", { headers: { "x-api-key": shop.apiKey } });
    expect(list.json).toContainEqual(d);
    // The id as a secure payment would name it resolves to where the money goes.
    expect(await resolvePayeeDestination(shop.platformId, d.destinationId)).toMatchObject({
      walletAddress: payee.address,
      network: "base",
      chainId: 8453,
      currency: { id: "USDC-base", decimals: 6 },
    });
  });

  it("registers a Tron destination signed by a Tron wallet", async () => {
    const payee = tronPayee();
    const d = await register(payee, { chainId: 728126428, tokenAddress: USDC_TRON });
    expect(d).toMatchObject({
      walletAddress: payee.address,
      network: "tron",
      chainId: 728126428,
      currency: "USDC-tron",
      active: true,
    });
    expect(d.humanReadableInteropAddress).toMatch(new RegExp(`^${payee.address}@eip155:728126428#[0-9A-F]{8}$`));
    expect(`${d.humanReadableInteropAddress}:${d.tokenAddress}`).toBe(d.destinationId);
    expect((await get(d.destinationId, shop.wallet)).json).toEqual(d);
  });

  it("refuses a replayed nonce: a signature counts once", async () => {
    const payee = evmPayee();
    const data = await signingData({ walletAddress: payee.address });
    const body = { nonce: data.nonce, signature: await payee.sign(data.typedData) };
    expect((await post(body)).status).toBe(201);
    const again = await post(body);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      message: expect.stringMatching(/^This nonce was already used/),
      errors: [{ field: "nonce" }],
    });
  });

  it("of two requests racing with one nonce, exactly one succeeds", async () => {
    const payee = evmPayee();
    const data = await signingData({ walletAddress: payee.address });
    const body = { nonce: data.nonce, signature: await payee.sign(data.typedData) };
    const results = await Promise.all([post(body), post(body), post(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    const list = await call(listRoute, "GET", `/v2/payee-destinations?walletAddress=${payee.address}`, {
      headers: shop.wallet,
    });
    expect(list.json).toHaveLength(1);
  });

  it("refuses expired signing data", async () => {
    const t0 = Date.now();
    setClockForTests(() => new Date(t0));
    const payee = evmPayee();
    const data = await signingData({ walletAddress: payee.address });
    const body = { nonce: data.nonce, signature: await payee.sign(data.typedData) };
    setClockForTests(() => new Date(t0 + 10 * 60_000 + 1));
    const r = await post(body);
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(`The signing data expired at ${data.expiresAt}: get new signing data and sign it`);
    setClockForTests(() => new Date(t0 + 10 * 60_000 - 1000));
    expect((await post(body)).status).toBe(201);
  });

  it("refuses an unknown nonce, another platform's nonce and a deactivation nonce", async () => {
    const payee = evmPayee();
    const data = await signingData({ walletAddress: payee.address }, other.wallet);
    const signature = await payee.sign(data.typedData);
    for (const nonce of [`0x${"ab".repeat(32)}`, data.nonce]) {
      const r = await post({ nonce, signature });
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/^Unknown nonce: get signing data from GET \/v2\/payee-destination\/signing-data/);
    }
    // The owner of the nonce can still use it: a refusal elsewhere does not spend it.
    expect((await post({ nonce: data.nonce, signature }, other.wallet)).status).toBe(201);

    const d = await register(evmPayee());
    const off = await signingData({ walletAddress: d.walletAddress, action: "deactivate" });
    const r = await post({ nonce: off.nonce, signature: "0x" + "11".repeat(65) });
    expect(r.json.message).toBe(
      "This nonce was issued to deactivate a destination: send it with DELETE /v2/payee-destination/{destinationId}",
    );
  });

  it("refuses malformed bodies in the validation shape", async () => {
    for (const body of [
      {},
      { nonce: "x" },
      { nonce: "x", signature: "zz" },
      { nonce: "", signature: "0x00" },
      { nonce: "x", signature: "0x0" },
    ]) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toBe("Validation failed");
    }
  });

  it("re-registering a deactivated destination re-activates the same record", async () => {
    const payee = evmPayee();
    const d = await register(payee);
    expect((await deactivate(d, payee)).json.active).toBe(false);
    const again = await register(payee);
    expect(again).toEqual({ ...d, active: true, deactivatedAt: null });
    const list = await call(listRoute, "GET", `/v2/payee-destinations?walletAddress=${payee.address}`, {
      headers: shop.wallet,
    });
    expect(list.json).toEqual([again]);
  });

  it("keeps one active destination per wallet: registering another one deactivates the previous one", async () => {
    const payee = evmPayee();
    const usdc = await register(payee);
    expect((await get(usdc.destinationId, shop.wallet)).json.active).toBe(true); // read (and cached) before the change
    const usdt = await register(payee, { tokenAddress: USDT_BASE });
    expect(usdt.currency).toBe("USDT-base");
    const active = await call(collection, "GET", `/v2/payee-destination?walletAddress=${payee.address}`, {
      headers: shop.wallet,
    });
    expect(active.json).toEqual(usdt);
    expect((await get(usdc.destinationId, shop.wallet)).json).toMatchObject({
      active: false,
      deactivatedAt: expect.any(String),
    });
    // Another wallet's destination is untouched.
    const second = await register(evmPayee());
    expect((await get(usdt.destinationId, shop.wallet)).json.active).toBe(true);
    expect(second.active).toBe(true);
  });

  it("keeps one active destination per wallet when two registrations race", async () => {
    const payee = evmPayee();
    const signed = await Promise.all(
      [USDC_BASE, USDT_BASE].map(async (tokenAddress) => {
        const data = await signingData({ walletAddress: payee.address, tokenAddress });
        return { nonce: data.nonce, signature: await payee.sign(data.typedData) };
      }),
    );
    const results = await Promise.all(signed.map((body) => post(body)));
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    const list = await call(listRoute, "GET", `/v2/payee-destinations?walletAddress=${payee.address}`, {
      headers: shop.wallet,
    });
    expect(list.json.filter((d: PayeeDestinationView) => d.active)).toHaveLength(1);
  });
});

describe("DELETE /v2/payee-destination/{destinationId}", () => {
  it("deactivates with the wallet's signature; the record stays, the wallet has no active destination", async () => {
    const payee = evmPayee();
    const d = await register(payee);
    expect((await get(d.destinationId, shop.wallet)).json.active).toBe(true); // read (and cached) before the change
    const r = await deactivate(d, payee);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ destinationId: d.destinationId, active: false, deactivatedAt: expect.any(String) });
    const active = await call(collection, "GET", `/v2/payee-destination?walletAddress=${payee.address}`, {
      headers: shop.wallet,
    });
    expect(active.status).toBe(200);
    expect(active.json).toBeNull();
    expect((await get(d.destinationId, shop.wallet)).json.active).toBe(false);
    await expect(resolvePayeeDestination(shop.platformId, d.destinationId)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/is deactivated/),
    });
  });

  it("refuses a nonce issued for another destination or for adding", async () => {
    const payee = evmPayee();
    const d = await register(payee);
    const e = await register(evmPayee());
    const forE = await signingData({ walletAddress: e.walletAddress, action: "deactivate" });
    const r1 = await remove(d.destinationId, { nonce: forE.nonce, signature: "0x" + "11".repeat(65) });
    expect(r1.status).toBe(400);
    expect(r1.json.message).toMatch(/^This nonce was issued to deactivate another destination/);

    const add = await signingData({ walletAddress: payee.address });
    const r2 = await remove(d.destinationId, { nonce: add.nonce, signature: await payee.sign(add.typedData) });
    expect(r2.json.message).toBe("This nonce was issued to add a destination: send it with POST /v2/payee-destination");
    expect((await get(d.destinationId, shop.wallet)).json.active).toBe(true);
  });

  it("deactivates a Tron destination with the Tron wallet's signature", async () => {
    const payee = tronPayee();
    const d = await register(payee, { chainId: 728126428, tokenAddress: USDC_TRON });
    const r = await deactivate(d, payee);
    expect(r.status, r.text).toBe(200);
    expect(r.json.active).toBe(false);
  });
});

describe("destination ids", () => {
  it("answers another platform's destination id with 404, exactly like an unknown one", async () => {
    const payee = evmPayee();
    const d = await register(payee, {}, other.wallet);
    for (const headers of [
      shop.wallet,
      { "x-api-key": shop.apiKey },
      { "x-client-id": shop.clientId, origin: TEST_ORIGIN },
    ]) {
      const r = await get(d.destinationId, headers);
      expect(r.status).toBe(404);
      expect(r.json.message).toBe("Payee destination not found");
    }
    // Deactivation answers it 400, as the published document has it for DELETE.
    const r = await remove(d.destinationId, { nonce: "x", signature: "0x" + "11".repeat(65) });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: "destination_not_found", message: "Payee destination not found" });
    await expect(resolvePayeeDestination(shop.platformId, d.destinationId)).rejects.toMatchObject({ status: 404 });
    // The same wallet may register the same destination on its own platform: a separate record.
    const own = await register(payee);
    expect(own.destinationId).toBe(d.destinationId);
    expect((await get(d.destinationId, other.wallet)).json.active).toBe(true);
  });

  it("finds a destination by any spelling of its id, and refuses a wrong checksum with the reason", async () => {
    const d = await register(evmPayee());
    const lower = d.destinationId.toLowerCase().replace(/#([0-9a-f]{8})/, (_m, c: string) => `#${c.toLowerCase()}`);
    expect((await get(lower, shop.wallet)).json).toEqual(d);
    const checksum = d.destinationId.match(/#([0-9A-F]{8})/)![1];
    const wrong = d.destinationId.replace(checksum, checksum === "00000000" ? "00000001" : "00000000");
    const r = await get(wrong, shop.wallet);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toEqual({
      field: "destinationId",
      message: expect.stringMatching(/does not match .* the id was mistyped or altered$/),
    });
    await expect(resolvePayeeDestination(shop.platformId, wrong)).rejects.toMatchObject({ status: 400 });
  });
});

describe("credentials", () => {
  it("managing needs a wallet session; an email session, an API key or a client ID alone are refused", async () => {
    const email = { authorization: `Bearer ${(await createTestSession(shop.platformId)).token}` };
    const wallet = evmPayee().address;
    const r1 = await getSigningData({ walletAddress: wallet }, email);
    expect(r1.status).toBe(403);
    expect(r1.json.message).toMatch(/^This needs a wallet session: sign in with your wallet/);
    expect((await post({ nonce: "x", signature: "0x00" }, email)).status).toBe(403);

    const r2 = await getSigningData({ walletAddress: wallet }, { "x-client-id": shop.clientId, origin: TEST_ORIGIN });
    // The published document's headers alone: the client ID is known, the wallet session missing.
    expect(r2.status).toBe(403);
    expect(r2.json).toMatchObject({
      code: "wallet_session_required",
      message: expect.stringMatching(/wallet session/),
    });
    expect(
      (await post({ nonce: "x", signature: "0x00" }, { "x-client-id": shop.clientId, origin: TEST_ORIGIN })).status,
    ).toBe(403);
    // An unknown client ID is still a 401, a wrong Origin a 403 naming it.
    expect(
      (await getSigningData({ walletAddress: wallet }, { "x-client-id": "cid_nope", origin: TEST_ORIGIN })).status,
    ).toBe(401);
    const badOrigin = await getSigningData(
      { walletAddress: wallet },
      { "x-client-id": shop.clientId, origin: "https://evil.example" },
    );
    expect(badOrigin.json.code).toBe("origin_not_allowed");
    expect((await getSigningData({ walletAddress: wallet }, { "x-api-key": shop.apiKey })).status).toBe(401);
    expect((await getSigningData({ walletAddress: wallet }, {})).status).toBe(401);
  });

  it("a client ID may come with the wallet session: it must be the same platform's and from its Origin", async () => {
    const payee = evmPayee();
    const withClient = { ...shop.wallet, "x-client-id": shop.clientId, origin: TEST_ORIGIN };
    const d = await register(payee, {}, withClient);
    expect(d.active).toBe(true);

    const foreign = await getSigningData(
      { walletAddress: payee.address },
      { ...shop.wallet, "x-client-id": other.clientId, origin: TEST_ORIGIN },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toBe("The client ID belongs to another platform than the signed-in user");
    const wrongOrigin = await getSigningData(
      { walletAddress: payee.address },
      { ...shop.wallet, "x-client-id": shop.clientId, origin: "https://evil.example" },
    );
    expect(wrongOrigin.status).toBe(403);
    const unknown = await getSigningData(
      { walletAddress: payee.address },
      { ...shop.wallet, "x-client-id": "cid_nope", origin: TEST_ORIGIN },
    );
    expect(unknown.status).toBe(401);
  });

  it("a dashboard cookie session must come from the service's own origin to change anything", async () => {
    const token = shop.wallet.authorization.slice("Bearer ".length);
    const r = await post(
      { nonce: "x", signature: "0x00" },
      { cookie: `session_token=${token}`, origin: "https://evil.example" },
    );
    expect(r.status).toBe(403);
    const own = await getSigningData({ walletAddress: evmPayee().address }, { cookie: `session_token=${token}` });
    expect(own.status).toBe(200);
  });

  it("the full list is for the platform's API key and sessions, not for browsers' client IDs", async () => {
    expect(
      (
        await call(listRoute, "GET", "/v2/payee-destinations", {
          headers: { "x-client-id": shop.clientId, origin: TEST_ORIGIN },
        })
      ).status,
    ).toBe(401);
    const payee = evmPayee();
    const d = await register(payee);
    await deactivate(d, payee);
    const inactive = await call(
      listRoute,
      "GET",
      `/v2/payee-destinations?active=false&walletAddress=${payee.address}`,
      { headers: shop.wallet },
    );
    expect(inactive.json).toEqual([expect.objectContaining({ destinationId: d.destinationId, active: false })]);
    const active = await call(listRoute, "GET", `/v2/payee-destinations?active=true&walletAddress=${payee.address}`, {
      headers: shop.wallet,
    });
    expect(active.json).toEqual([]);
  });
});

describe("malformed input with a valid wallet session", () => {
  const junk = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom(
      "",
      "0x",
      `0x${"f".repeat(40)}`,
      "T" + "1".repeat(33),
      "-1",
      "1e309",
      "%00",
      "\u0000",
      "💸",
      "a".repeat(300),
      "728126428",
      "8453",
    ),
  );

  it("never answers 500: ids, queries and bodies get 400 or 404 in the error shape", async () => {
    const d = await register(evmPayee());
    const idLike = fc.oneof(
      junk,
      junk.map((j) => d.destinationId.replace(/#[0-9A-F]{8}/, `#${j}`)),
      junk.map((j) => `${j}@eip155:${j}#00000000:${j}`),
    );
    await fc.assert(
      fc.asyncProperty(
        idLike,
        junk,
        junk,
        junk,
        fc.jsonValue({ maxDepth: 2 }),
        async (id, wallet, chain, token, body) => {
          const responses = [
            await get(id, shop.wallet),
            await remove(id, body),
            await getSigningData({
              walletAddress: wallet,
              chainId: chain,
              tokenAddress: token,
              action: token.length % 2 ? "add" : "deactivate",
            }),
            await post(body),
            await post({ nonce: wallet, signature: `0x${token}` }),
          ];
          for (const r of responses) {
            expect(r.status, r.text).toBeLessThan(500);
            if (r.status >= 400)
              expect(r.json).toMatchObject({
                statusCode: r.status,
                message: expect.any(String),
                error: expect.any(String),
              });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
