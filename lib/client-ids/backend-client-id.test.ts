// Backend client IDs (no allowed domains) and client IDs bound to a payee destination, through
// the HTTP handlers: no Origin for servers, the bound destination resolved when destinationId is
// left out, a different one refused; and client-ID payouts from a browser page.

import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import * as v1ClientIdsRoute from "@/app/v1/client-ids/route";
import * as v1DestinationRoute from "@/app/v1/payee-destination/route";
import * as clientIdRoute from "@/app/v2/client-ids/[id]/route";
import * as clientIdsRoute from "@/app/v2/client-ids/route";
import * as payoutsRoute from "@/app/v2/payouts/route";
import * as tokenRoute from "@/app/v2/secure-payments/[token]/route";
import * as securePayoutsRoute from "@/app/v2/secure-payments/payouts/route";
import * as secureRoute from "@/app/v2/secure-payments/route";
import { createSession } from "../auth/sessions";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { registerTestDestination, USDC_BASE } from "../payee-destinations/fixtures";
import { createTestPlatform, createTestWalletSession, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";

let p: Awaited<ReturnType<typeof createTestPlatform>>;
let destinationId: string;
let otherDestinationId: string;
const api = () => ({ "x-api-key": p.apiKey });

beforeAll(async () => {
  p = await createTestPlatform("backend shop");
  destinationId = (await registerTestDestination(p.platformId)).destinationId;
  otherDestinationId = (await registerTestDestination(p.platformId)).destinationId;
});

async function newClientId(body: Record<string, unknown>) {
  const r = await call(clientIdsRoute, "POST", "/v2/client-ids", {
    headers: api(),
    body: { label: "server", ...body },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { id: string; clientId: string; allowedDomains: string[]; payeeDestinationId: string | null };
}

const createLink = (headers: Record<string, string>, requests: Record<string, unknown>[]) =>
  call(secureRoute, "POST", "/v2/secure-payments", { headers, body: { requests } });

describe("backend client IDs", () => {
  it("needs no Origin, refuses one, and cannot create secure payments until bound", async () => {
    const c = await newClientId({ allowedDomains: [] });
    expect(c.allowedDomains).toEqual([]);
    expect(c.payeeDestinationId).toBeNull();
    const unbound = await createLink({ "x-client-id": c.clientId }, [{ amount: "5" }]);
    expect(unbound.status).toBe(403);
    expect(unbound.json.code).toBe("client_id_not_bound");
    const fromBrowser = await createLink({ "x-client-id": c.clientId, origin: TEST_ORIGIN }, [{ amount: "5" }]);
    expect(fromBrowser.status).toBe(403);
    expect(fromBrowser.json.code).toBe("origin_not_allowed");

    // Bound through the API (the dashboard's client ID page does the same PUT), in any letter case.
    const bind = await call(clientIdRoute, "PUT", `/v2/client-ids/${c.id}`, {
      headers: api(),
      params: { id: c.id },
      body: { payeeDestinationId: destinationId.toLowerCase() },
    });
    expect(bind.status, bind.text).toBe(200);
    expect(bind.json.payeeDestinationId).toBe(destinationId);

    const made = await createLink({ "x-client-id": c.clientId }, [{ amount: "5" }]);
    expect(made.status, made.text).toBe(201);
    const view = await call(tokenRoute, "GET", `/v2/secure-payments/${made.json.token}`, {
      headers: api(),
      params: { token: made.json.token },
    });
    expect(view.status).toBe(200);
    expect(view.json.destination.destinationId).toBe(destinationId);
    expect(view.json.amount).toBe("5");

    const same = await createLink({ "x-client-id": c.clientId }, [{ amount: "1", destinationId }, { amount: "2" }]);
    expect(same.status, same.text).toBe(201);
    expect(same.json.requestIds).toHaveLength(2);
    const other = await createLink({ "x-client-id": c.clientId }, [{ amount: "1", destinationId: otherDestinationId }]);
    expect(other.status).toBe(403);
    expect(other.json).toMatchObject({
      code: "destination_mismatch",
      message: "Destination does not match the configured payment destination.",
    });
  });

  it("binds at creation, refuses an unknown destination, and unbinds with null", async () => {
    const c = await newClientId({ allowedDomains: [], payeeDestinationId: destinationId });
    expect(c.payeeDestinationId).toBe(destinationId);
    const unknown = await call(clientIdsRoute, "POST", "/v2/client-ids", {
      headers: api(),
      body: { label: "x", allowedDomains: [], payeeDestinationId: destinationId.replace(/0x[0-9a-fA-F]{4}/, "0x0000") },
    });
    expect([400, 404]).toContain(unknown.status);
    const unbind = await call(clientIdRoute, "PUT", `/v2/client-ids/${c.id}`, {
      headers: api(),
      params: { id: c.id },
      body: { payeeDestinationId: null },
    });
    expect(unbind.json.payeeDestinationId).toBeNull();
    expect((await createLink({ "x-client-id": c.clientId }, [{ amount: "5" }])).json.code).toBe("client_id_not_bound");
  });

  it("a browser client ID bound to a destination may leave destinationId out too", async () => {
    const c = await newClientId({ allowedDomains: [TEST_ORIGIN], payeeDestinationId: otherDestinationId });
    const r = await createLink({ "x-client-id": c.clientId, origin: TEST_ORIGIN }, [{ amount: "3" }]);
    expect(r.status, r.text).toBe(201);
    const noOrigin = await createLink({ "x-client-id": c.clientId }, [{ amount: "3" }]);
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.json.code).toBe("origin_required");
    // Unbound browser client IDs still name the destination.
    const plain = await createLink({ "x-client-id": p.clientId, origin: TEST_ORIGIN }, [{ amount: "3" }]);
    expect(plain.status).toBe(400);
  });
});

describe("client-ID payouts from a browser origin", () => {
  const browser = () => ({ "x-client-id": p.clientId, origin: TEST_ORIGIN });
  it("creates a payout with its calldata and a payout link", async () => {
    const payout = await call(payoutsRoute, "POST", "/v2/payouts", {
      headers: browser(),
      body: {
        payee: DEMO_WALLETS[2].address,
        amount: "1.5",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
      },
    });
    expect(payout.status, payout.text).toBe(201);
    expect(payout.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
    const link = await call(securePayoutsRoute, "POST", "/v2/secure-payments/payouts", {
      headers: browser(),
      body: {
        recipient: DEMO_WALLETS[2].address,
        creatorWalletAddress: DEMO_WALLETS[1].address,
        network: "base",
        currency: "USDC",
        amount: "2",
      },
    });
    expect(link.status, link.text).toBe(201);
    const elsewhere = await call(payoutsRoute, "POST", "/v2/payouts", {
      headers: { "x-client-id": p.clientId, origin: "https://evil.example" },
      body: { payee: DEMO_WALLETS[2].address, amount: "1", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
    });
    expect(elsewhere.status).toBe(403);
  });
});

describe("the hosted documentation's setup routes (session)", () => {
  it("POST /v1/payee-destination for the signed-in wallet, POST /v1/client-ids bound to it, then a server creates links", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const session = await createTestWalletSession(p.platformId, wallet);
    const bearer = { authorization: `Bearer ${session.token}` };
    const d = await call(v1DestinationRoute, "POST", "/v1/payee-destination", {
      headers: bearer,
      body: { tokenAddress: USDC_BASE.toLowerCase(), chainId: 8453 },
    });
    expect(d.status, d.text).toBe(201);
    expect(d.json).toMatchObject({ walletAddress: wallet, chainId: 8453, tokenAddress: USDC_BASE, active: true });
    // The same registration as POST /v2/payee-destination: once more re-activates the same one.
    const again = await call(v1DestinationRoute, "POST", "/v1/payee-destination", {
      headers: bearer,
      body: { tokenAddress: USDC_BASE, chainId: 8453 },
    });
    expect(again.json.destinationId).toBe(d.json.destinationId);
    const tronChain = await call(v1DestinationRoute, "POST", "/v1/payee-destination", {
      headers: bearer,
      body: { tokenAddress: USDC_BASE, chainId: 728126428 },
    });
    expect(tronChain.status).toBe(400);
    const notToken = await call(v1DestinationRoute, "POST", "/v1/payee-destination", {
      headers: bearer,
      body: { tokenAddress: wallet, chainId: 8453 },
    });
    expect(notToken.json.errors).toEqual([{ field: "tokenAddress", message: "is not the USDC or USDT of base" }]);

    const c = await call(v1ClientIdsRoute, "POST", "/v1/client-ids", {
      headers: bearer,
      body: { label: "server", allowedDomains: [], payeeDestinationId: d.json.destinationId },
    });
    expect(c.status, c.text).toBe(201);
    expect(c.json).toMatchObject({ allowedDomains: [], payeeDestinationId: d.json.destinationId });
    const link = await createLink({ "x-client-id": c.json.clientId }, [{ amount: "7" }]);
    expect(link.status, link.text).toBe(201);

    expect(
      (
        await call(v1ClientIdsRoute, "POST", "/v1/client-ids", {
          headers: api(),
          body: { label: "x", allowedDomains: [] },
        })
      ).status,
    ).toBe(401);
  });

  it("refuses an email session for destinations", async () => {
    const user = await (await db()).user.create({
      data: { platformId: p.platformId, email: `e${Date.now()}@example.com` },
    });
    const s = await createSession(user.id, "email");
    const r = await call(v1DestinationRoute, "POST", "/v1/payee-destination", {
      headers: { authorization: `Bearer ${s.token}` },
      body: { tokenAddress: USDC_BASE, chainId: 8453 },
    });
    expect(r.status).toBe(403);
  });
});
