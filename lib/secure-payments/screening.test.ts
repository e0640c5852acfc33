// Wallet screening of secure payments over HTTP, on a sandbox Base chain whose sanctions oracle
// lists SANDBOX_SANCTIONED_WALLET: `kyt_all_wallets` refuses that wallet (403, rejected event)
// and gives a clean one its calls (approved event, once); a Tron wallet on the bundled OFAC
// list is refused; payout recipients are screened; a provider that cannot answer refuses by
// default (no event) unless the operator allows it; verdicts are cached for KYT_CACHE_SECONDS;
// hidePayeeAddress / hideUntilApproved mask the payee until a wallet is approved.

import { encodeFunctionData, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/secure-payments/[token]/pay/route";
import * as tokenRoute from "@/app/v2/secure-payments/[token]/route";
import * as payoutsRoute from "@/app/v2/secure-payments/payouts/route";
import * as createRoute from "@/app/v2/secure-payments/route";
import { SANCTIONS_ORACLE_ADDRESSES } from "../chains/sanctions-oracle";
import { resetConfigForTests } from "../config";
import { db } from "../db/client";
import { DEMO_WALLETS, SANDBOX_SANCTIONED_WALLET } from "../devnet/accounts";
import { actAsAdmin, devChain } from "../devnet/dev-chain";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { purgeScreeningCache } from "../kyt/screen-wallets";
import { registerTestDestination, tronPayee } from "../payee-destinations/fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { type Receiver, startReceiver } from "../webhooks/receiver-fixtures";

let sandbox: TestSandbox;
let restore: () => void;
let p: Awaited<ReturnType<typeof createTestPlatform>>;
let destinationId: string;
const TRON_LISTED = "TX5GV4DyfxNB3rPkzZJhmqZ1efVmL4rEqG"; // on the bundled OFAC list
const SANCTIONED = SANDBOX_SANCTIONED_WALLET.address;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  restore = pointAppAtSandbox(sandbox);
  p = await createTestPlatform("screening shop");
  destinationId = (await registerTestDestination(p.platformId)).destinationId;
});

afterAll(async () => {
  restore?.();
  await sandbox?.dispose();
});

const api = { "x-api-key": "" };
const browser = () => ({ "x-client-id": p.clientId, origin: TEST_ORIGIN });

async function screenedLink(
  accessPolicy: Record<string, unknown> = { mode: "kyt_all_wallets" },
  dest = destinationId,
  reference = "INV-KYT",
) {
  const r = await call(createRoute, "POST", "/v2/secure-payments", {
    headers: { ...api, "x-api-key": p.apiKey },
    body: { requests: [{ destinationId: dest, amount: "10" }], reference, accessPolicy },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { token: string; requestIds: string[] };
}

const pay = (token: string, wallet: string) =>
  call(payRoute, "GET", `/v2/secure-payments/${token}/pay?wallet=${wallet}`, { headers: browser(), params: { token } });
const view = (token: string, query = "") =>
  call(tokenRoute, "GET", `/v2/secure-payments/${token}${query}`, { headers: browser(), params: { token } });

async function kytEvents(token: string) {
  const rows = await (await db()).webhookEvent.findMany({
    where: { event: "kyt.screening.completed" },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => r.payload as Record<string, unknown>).filter((e) => e.paymentToken === token);
}

async function withEnv<T>(env: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  resetConfigForTests();
  try {
    return await run();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  }
}

describe("a secure payment with mode kyt_all_wallets", () => {
  it("refuses the sandbox-sanctioned wallet with 403 before any calldata, and the platform hears rejected", async () => {
    const { token } = await screenedLink();
    const r = await pay(token, SANCTIONED);
    expect(r.status, r.text).toBe(403);
    expect(r.json).toMatchObject({ statusCode: 403, error: "Forbidden", code: "wallet_screening_rejected" });
    expect(r.json.transactions).toBeUndefined();
    const [event] = await kytEvents(token);
    expect(event).toMatchObject({
      event: "kyt.screening.completed",
      paymentToken: token,
      walletAddress: SANCTIONED.toLowerCase(),
      eoaAddress: SANCTIONED.toLowerCase(),
      smartAccountAddress: null,
      status: "rejected",
      provider: "sanctions-oracle",
      clientId: null,
    });
    expect(event.policyId).toMatch(/^[0-9a-f-]{36}$/);
    // The page's read of the link refuses the same wallet.
    expect((await view(token, `?wallet=${SANCTIONED}`)).json.code).toBe("wallet_screening_rejected");
  });

  it("gives a clean wallet its calls, reports approved once however often it asks, and shows the result to the platform", async () => {
    const { token, requestIds } = await screenedLink();
    const payer = DEMO_WALLETS[4].address;
    const first = await pay(token, payer);
    expect(first.status, first.text).toBe(200);
    expect(first.json.transactions.length).toBeGreaterThan(0);
    expect((await pay(token, payer)).status).toBe(200);
    const events = await kytEvents(token);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      walletAddress: payer.toLowerCase(),
      status: "approved",
      provider: "ofac-list+sanctions-oracle",
    });
    const lookup = await call(createRoute, "GET", `/v2/secure-payments?requestId=${requestIds[0]}`, {
      headers: { "x-api-key": p.apiKey },
    });
    expect(lookup.status, lookup.text).toBe(200);
    expect(lookup.json.payerKytResults).toEqual([
      expect.objectContaining({
        walletAddress: payer.toLowerCase(),
        walletType: "eoa",
        status: "approved",
        reasonCode: "clear",
        provider: "ofac-list+sanctions-oracle",
      }),
    ]);
    expect(lookup.json.payeeKytResults).toEqual([]);
  });

  it("requires the wallet: without it there is nothing to screen", async () => {
    const { token } = await screenedLink();
    const r = await call(payRoute, "GET", `/v2/secure-payments/${token}/pay`, {
      headers: browser(),
      params: { token },
    });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { field: "wallet", message: "is required: this payment screens the paying wallet" },
    ]);
  });

  it("refuses a Tron wallet on the bundled OFAC list", async () => {
    const tron = await registerTestDestination(p.platformId, {
      payee: tronPayee(),
      chainId: 728126428,
      tokenAddress: "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8",
    });
    const { token } = await screenedLink({ mode: "kyt_all_wallets" }, tron.destinationId);
    const r = await pay(token, TRON_LISTED);
    expect(r.status, r.text).toBe(403);
    expect(r.json.code).toBe("wallet_screening_rejected");
    expect(await kytEvents(token)).toEqual([
      expect.objectContaining({ walletAddress: TRON_LISTED, status: "rejected", provider: "ofac-list" }),
    ]);
  });

  it("screens a payout link's recipient: a sanctioned recipient cannot be paid, even by a clean wallet", async () => {
    const r = await call(payoutsRoute, "POST", "/v2/secure-payments/payouts", {
      headers: { "x-api-key": p.apiKey },
      body: {
        recipient: SANCTIONED,
        creatorWalletAddress: DEMO_WALLETS[5].address,
        network: "base",
        currency: "USDC",
        amount: "3",
        accessPolicy: { mode: "kyt_all_wallets" },
      },
    });
    expect(r.status, r.text).toBe(201);
    const refused = await pay(r.json.token, DEMO_WALLETS[5].address);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.code).toBe("recipient_screening_rejected");
    const events = await kytEvents(r.json.token);
    expect(events.map((e) => [e.walletAddress, e.status])).toEqual([
      [DEMO_WALLETS[5].address.toLowerCase(), "approved"],
      [SANCTIONED.toLowerCase(), "rejected"],
    ]);
  });

  it("does not screen without the mode (inherit, off)", async () => {
    for (const mode of ["inherit", "off"]) {
      const { token } = await screenedLink({ mode });
      expect((await pay(token, SANCTIONED)).status).toBe(200);
      expect(await kytEvents(token)).toEqual([]);
    }
  });
});

describe("when no provider can decide", () => {
  let down: Receiver;
  beforeAll(async () => {
    down = await startReceiver(() => 502);
  });
  afterAll(async () => down?.close());

  it("refuses by default (503 wallet_screening_unavailable) and emits nothing; KYT_ON_PROVIDER_ERROR=allow lets the payer through", async () => {
    const { token } = await screenedLink();
    const payer = DEMO_WALLETS[6].address;
    await withEnv({ KYT_PROVIDERS: "chainalysis-api", KYT_API_URL: down.url, KYT_API_KEY: "k" }, async () => {
      const r = await pay(token, payer);
      expect(r.status, r.text).toBe(503);
      expect(r.json.code).toBe("wallet_screening_unavailable");
    });
    expect(down.received.length).toBeGreaterThan(0);
    expect(await kytEvents(token)).toEqual([]);
    await withEnv(
      { KYT_PROVIDERS: "chainalysis-api", KYT_API_URL: down.url, KYT_API_KEY: "k", KYT_ON_PROVIDER_ERROR: "allow" },
      async () => {
        expect((await pay(token, payer)).status).toBe(200);
      },
    );
    expect(await kytEvents(token)).toEqual([]);
  });
});

describe("the verdict cache", () => {
  it("reuses a wallet's verdict for KYT_CACHE_SECONDS: a wallet removed from the oracle stays refused until the cache expires", async () => {
    const chain = devChain(sandbox.urls.base!);
    await actAsAdmin(chain);
    const oracle = SANCTIONS_ORACLE_ADDRESSES.base!;
    const abi = parseAbi([
      "function removeFromSanctionsList(address[] addrs)",
      "function addToSanctionsList(address[] addrs)",
    ]);
    const { token: before } = await screenedLink();
    expect((await pay(before, SANCTIONED)).status).toBe(403);
    await chain.send({
      to: oracle,
      data: encodeFunctionData({ abi, functionName: "removeFromSanctionsList", args: [[SANCTIONED]] }),
    });
    try {
      const { token } = await screenedLink();
      expect((await pay(token, SANCTIONED)).status).toBe(403); // the cached verdict
      await withEnv({ KYT_CACHE_SECONDS: "0" }, async () => {
        expect((await pay(token, SANCTIONED)).status).toBe(200); // asked again: now clear
      });
      // Its status changed for this payment: news, so a second event (approved) follows the rejected one.
      expect((await kytEvents(token)).map((e) => e.status)).toEqual(["rejected", "approved"]);
    } finally {
      await chain.send({
        to: oracle,
        data: encodeFunctionData({ abi, functionName: "addToSanctionsList", args: [[SANCTIONED]] }),
      });
      await withEnv({ KYT_CACHE_SECONDS: "0" }, async () =>
        expect((await pay((await screenedLink()).token, SANCTIONED)).status).toBe(403),
      );
    }
  });
});

describe("housekeeping", () => {
  it("drops cached verdicts once they are older than KYT_CACHE_SECONDS, and keeps the payments' results", async () => {
    const { token } = await screenedLink();
    expect((await pay(token, DEMO_WALLETS[7].address)).status).toBe(200);
    const results = await (await db()).kytScreening.count();
    expect(await purgeScreeningCache(new Date())).toBe(0); // all fresh
    expect(await purgeScreeningCache(new Date(Date.now() + 3601_000))).toBeGreaterThan(0);
    expect(await (await db()).kytWalletVerdict.count()).toBe(0);
    expect(await (await db()).kytScreening.count()).toBe(results);
  });
});

describe("hidePayeeAddress and hideUntilApproved", () => {
  it("mask the payee (and with hideUntilApproved the reference) until a wallet is approved", async () => {
    const { token } = await screenedLink({ mode: "kyt_all_wallets", hidePayeeAddress: true });
    const hidden = await view(token);
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.json).toMatchObject({ isPayeeAddressMasked: true, destination: null, reference: "INV-KYT" });
    expect(hidden.json.payee).toMatch(/^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/);
    const shown = await view(token, `?wallet=${DEMO_WALLETS[4].address}`);
    expect(shown.json.isPayeeAddressMasked).toBe(false);
    expect(shown.json.payee).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(shown.json.destination.destinationId).toBe(destinationId);

    const { token: t2 } = await screenedLink({ mode: "kyt_all_wallets", hideUntilApproved: true });
    expect((await view(t2)).json).toMatchObject({ isPayeeAddressMasked: true, reference: null });
    expect((await view(t2, `?wallet=${DEMO_WALLETS[4].address}`)).json).toMatchObject({
      isPayeeAddressMasked: false,
      reference: "INV-KYT",
    });
  });
});
