// Secure payments through the HTTP handlers: who may create them, what each token state
// answers, the access list with its deduplicated webhook, and payer activity events.

import { ulid } from "ulid";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as payRoute from "@/app/v2/secure-payments/[token]/pay/route";
import * as tokenRoute from "@/app/v2/secure-payments/[token]/route";
import * as userEventsRoute from "@/app/v2/secure-payments/[token]/user-events/route";
import * as multicallRoute from "@/app/v2/secure-payments/multicall-payouts/route";
import * as payoutsRoute from "@/app/v2/secure-payments/payouts/route";
import * as createRoute from "@/app/v2/secure-payments/route";
import { NETWORKS } from "../chains/networks";
import { db } from "../db/client";
import { ApiError } from "../http/errors";
import { createTestOrchestrator } from "../orchestrators/fixtures";
import { linkClientIdDirect, unlinkClientId } from "../orchestrators/platform-links";
import { formatDestinationId } from "../payee-destinations/destination-id";
import { registerTestDestination, tronPayee, USDC_BASE } from "../payee-destinations/fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { createPlatformEndpoint } from "../webhooks/client-id-endpoints";
import { createOrchestratorEndpoint } from "../webhooks/orchestrator-endpoints";
import { recordAccessRejection } from "./access-policy";
import { checkPayerAccess, securePaymentPageState } from "./page-state";
import { securePaymentView } from "./schemas";
import { findSecurePaymentByToken } from "./secure-payment-store";
import { reportUserEvent } from "./user-events";

type Platform = Awaited<ReturnType<typeof createTestPlatform>>;
let p: Platform;
let destinationId: string;
const PAYER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

beforeAll(async () => {
  p = await createTestPlatform("secure shop");
  destinationId = (await registerTestDestination(p.platformId)).destinationId;
});

const api = (platform: Platform = p) => ({ "x-api-key": platform.apiKey });
const browser = (platform: Platform = p) => ({ "x-client-id": platform.clientId, origin: TEST_ORIGIN });

async function create(body: Record<string, unknown>, headers: Record<string, string> = api()) {
  return call(createRoute, "POST", "/v2/secure-payments", { headers, body });
}

async function createOk(
  body: Record<string, unknown> = {},
  headers: Record<string, string> = api(),
): Promise<{ token: string; requestIds: string[]; securePaymentUrl: string }> {
  const r = await create({ requests: [{ destinationId, amount: "12.5" }], ...body }, headers);
  expect(r.status, r.text).toBe(201);
  return r.json;
}

const getToken = (token: string, query = "", headers: Record<string, string> = browser()) =>
  call(tokenRoute, "GET", `/v2/secure-payments/${token}${query}`, { headers, params: { token } });
const payToken = (token: string, query = "", headers: Record<string, string> = browser()) =>
  call(payRoute, "GET", `/v2/secure-payments/${token}/pay${query}`, { headers, params: { token } });

async function eventsOf(name: string, requestId: string) {
  const rows = await (await db()).webhookEvent.findMany({ where: { event: name } });
  return rows.filter((r) => (r.payload as { requestId?: string }).requestId === requestId);
}

describe("creating a secure payment", () => {
  it("with an API key answers the token and the page link, and stores the request to the destination", async () => {
    const r = await createOk({
      reference: "order-1",
      redirectUrl: "https://shop.example.com/thanks",
      redirectLabel: "Back to the shop",
    });
    expect(r.token).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(r.securePaymentUrl).toMatch(new RegExp(`/pay/${r.token}$`));
    const view = await getToken(r.token);
    expect(view.status, view.text).toBe(200);
    expect(view.json).toMatchObject({
      paymentType: "single",
      status: "pending",
      amount: "12.5",
      paymentCurrency: "USDC-base",
      network: "base",
      reference: "order-1",
      redirectLabel: "Back to the shop",
      feePlan: null,
      orchestratorId: null,
    });
    expect(view.json.destination.destinationId).toBe(destinationId);
    // The documented shape is the one answered.
    expect(z.safeEncode(securePaymentView, view.json).error).toBeUndefined();
  });

  it("with a client ID and its Origin records the client ID's fee as the fee plan", async () => {
    const q = await createTestPlatform("fee shop");
    const d = await registerTestDestination(q.platformId);
    await (await db()).clientId.update({
      where: { id: q.clientIdId },
      data: { feePercentage: "2", feeAddress: "0x1111111111111111111111111111111111111111" },
    });
    const r = await create({ requests: [{ destinationId: d.destinationId, amount: "100" }] }, browser(q));
    expect(r.status, r.text).toBe(201);
    expect(r.json.feePlan).toMatchObject({
      version: 1,
      defaultFeeBearer: "payer",
      grossAmountUsd: "100",
      totalFeesUsd: "2",
      payerTotalAmountUsd: "102",
    });
    expect(r.json.feePlan.fees[0]).toMatchObject({
      percentageBps: 200,
      destinationRef: { evmAddress: "0x1111111111111111111111111111111111111111" },
    });
  });

  it("refuses a client ID from an Origin it does not allow", async () => {
    const r = await create(
      { requests: [{ destinationId, amount: "1" }] },
      { "x-client-id": p.clientId, origin: "https://evil.example" },
    );
    expect(r.status).toBe(403);
  });

  it("refuses another platform's destination and an unknown one alike, with the hosted service's 403", async () => {
    const other = await createTestPlatform("other shop");
    const foreign = (await registerTestDestination(other.platformId)).destinationId;
    // Well-formed, checksummed, never registered anywhere.
    const unknown = formatDestinationId(NETWORKS.base, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", USDC_BASE);
    for (const id of [foreign, unknown]) {
      const r = await create({ requests: [{ destinationId: id, amount: "1" }] });
      expect(r.status, r.text).toBe(403);
      expect(r.json).toMatchObject({
        code: "destination_mismatch",
        message: "Destination does not match the configured payment destination.",
      });
    }
    const malformed = await create({ requests: [{ destinationId: "not-a-destination", amount: "1" }] });
    expect(malformed.status).toBe(400);
  });

  it("without destinationId pays the platform's active destination (the published singlePaymentResolvedDestination example)", async () => {
    const q = await createTestPlatform("fallback shop");
    const example = { requests: [{ amount: "10" }] };
    const none = await create(example, api(q));
    expect(none.status).toBe(400);
    expect(none.json.code).toBe("no_active_destination");
    const d = await registerTestDestination(q.platformId);
    for (const headers of [api(q), browser(q)]) {
      const r = await create(example, headers);
      expect(r.status, r.text).toBe(201);
      const view = await getToken(r.json.token, "", browser(q));
      expect(view.json.destination.destinationId).toBe(d.destinationId);
      expect(view.json.amount).toBe("10");
    }
    // A second wallet's active destination: no single one to fall back to.
    await registerTestDestination(q.platformId);
    const several = await create(example, api(q));
    expect(several.status).toBe(400);
    expect(several.json.code).toBe("destination_ambiguous");
  });

  it("checks amounts, the access list, the redirect URL and the expiry before storing anything", async () => {
    const before = await (await db()).securePayment.count();
    const r = await create({
      requests: [{ destinationId, amount: "1.1234567" }],
      accessPolicy: { allowedPayerAddresses: ["TJRabPrwbZy45sbavfcjinPJC18kjpRTv8"] },
      redirectUrl: "javascript:alert(1)",
      expiresAt: "2000-01-01T00:00:00Z",
    });
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["redirectUrl"]);
    const r2 = await create({
      requests: [{ destinationId, amount: "1.1234567" }],
      accessPolicy: { allowedPayerAddresses: ["TJRabPrwbZy45sbavfcjinPJC18kjpRTv8"] },
      expiresAt: "2000-01-01T00:00:00Z",
    });
    expect(r2.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "accessPolicy.allowedPayerAddresses.0",
      "expiresAt",
      "requests.0.amount",
    ]);
    expect(await (await db()).securePayment.count()).toBe(before);
  });

  describe("by an orchestrator", () => {
    it("with the linked platform's client ID fixes the orchestrator on the payment, its requests and its page", async () => {
      const o = await createTestOrchestrator();
      await linkClientIdDirect(p.platformId, p.clientIdId, o.orchestratorId);
      try {
        const r = await createOk({}, { "x-orchestrator-key": o.orchestratorKey, "x-client-id": p.clientId });
        const sp = await findSecurePaymentByToken(r.token);
        expect(sp).toMatchObject({
          orchestratorId: o.orchestratorId,
          clientIdId: p.clientIdId,
          platformId: p.platformId,
        });
        const request = await (await db()).paymentRequest.findUniqueOrThrow({ where: { id: r.requestIds[0] } });
        expect(request.orchestratorId).toBe(o.orchestratorId);
        expect((await getToken(r.token)).json.orchestratorId).toBe(o.orchestratorId);
      } finally {
        await unlinkClientId(p.platformId, p.clientIdId);
      }
    });

    it("without an active link is refused, and without a client ID too", async () => {
      const o = await createTestOrchestrator();
      const before = await (await db()).securePayment.count();
      const notLinked = await create(
        { requests: [{ destinationId, amount: "1" }] },
        { "x-orchestrator-key": o.orchestratorKey, "x-client-id": p.clientId },
      );
      expect(notLinked.status).toBe(403);
      expect(notLinked.json.message).toMatch(/not linked/);
      const alone = await create(
        { requests: [{ destinationId, amount: "1" }] },
        { "x-orchestrator-key": o.orchestratorKey },
      );
      expect(alone.status).toBe(400);
      // A link that ended no longer lets it create.
      await linkClientIdDirect(p.platformId, p.clientIdId, o.orchestratorId);
      await unlinkClientId(p.platformId, p.clientIdId);
      const ended = await create(
        { requests: [{ destinationId, amount: "1" }] },
        { "x-orchestrator-key": o.orchestratorKey, "x-client-id": p.clientId },
      );
      expect(ended.status).toBe(403);
      expect(await (await db()).securePayment.count()).toBe(before);
    });
  });

  it("creates a payout link to a recipient in a currency given by symbol", async () => {
    const r = await call(payoutsRoute, "POST", "/v2/secure-payments/payouts", {
      headers: api(),
      body: {
        recipient: PAYER,
        creatorWalletAddress: "0x1111111111111111111111111111111111111111",
        network: "base",
        currency: "USDC",
        amount: "3",
      },
    });
    expect(r.status, r.text).toBe(201);
    expect((await findSecurePaymentByToken(r.json.token))?.paymentType).toBe("payouts");
    const bad = await call(payoutsRoute, "POST", "/v2/secure-payments/payouts", {
      headers: api(),
      body: {
        recipient: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
        creatorWalletAddress: "nope",
        network: "base",
        currency: "USDC",
        amount: "3",
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "creatorWalletAddress",
      "recipient",
    ]);
  });
});

describe("a token's state", () => {
  it("answers 404 to an unknown token, a malformed one, and another platform's", async () => {
    expect((await getToken(ulid())).status).toBe(404);
    expect((await getToken("nope")).status).toBe(404);
    const mine = await createOk();
    const other = await createTestPlatform("reader");
    expect((await getToken(mine.token, "", browser(other))).status).toBe(404);
    expect((await payToken(mine.token, "", browser(other))).status).toBe(404);
  });

  it("answers 403 once expired and 409 once completed, on the state and on /pay", async () => {
    const expired = await createOk();
    await (await db()).securePayment.update({
      where: { token: expired.token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await getToken(expired.token)).status).toBe(403);
    expect((await payToken(expired.token)).status).toBe(403);

    const paid = await createOk();
    // What payment detection writes when the payment is confirmed.
    await (await db()).paymentRequest.update({
      where: { id: paid.requestIds[0] },
      data: { status: "paid", amountPaid: 12_500_000 },
    });
    const r = await getToken(paid.token);
    expect(r.status).toBe(409);
    // The published 409 body: the link's state, branding and each request's payment, with our error fields.
    expect(r.json).toEqual({
      statusCode: 409,
      error: "Conflict",
      code: "secure_payment_completed",
      message: "This secure payment has already been completed",
      status: "completed",
      branding: null,
      requestStatuses: [{ requestId: paid.requestIds[0], hasBeenPaid: true }],
    });
    expect((await payToken(paid.token)).status).toBe(409);
    // Paid after expiry: completed wins.
    await (await db()).securePayment.update({
      where: { token: paid.token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await getToken(paid.token)).status).toBe(409);
  });

  it("refuses isSafe together with eoaWallet", async () => {
    const r = await createOk();
    for (const get of [getToken, payToken]) {
      const res = await get(
        r.token,
        `?wallet=${PAYER}&eoaWallet=0x1111111111111111111111111111111111111111&isSafe=true`,
      );
      expect(res.status, res.text).toBe(400);
      expect(res.json.errors[0].field).toBe("isSafe");
    }
  });
});

describe("the access list", () => {
  it("lets a listed wallet in whatever its casing, refuses another and tells the platform once per 10 minutes", async () => {
    const hook = await createPlatformEndpoint(
      { id: p.clientIdId, platformId: p.platformId },
      "http://127.0.0.1:9/access",
    );
    const r = await createOk({ accessPolicy: { allowedPayerAddresses: [PAYER.toLowerCase()] } }, browser());
    expect((await getToken(r.token, `?wallet=${PAYER}`)).status).toBe(200);
    expect((await getToken(r.token, `?wallet=${PAYER.toUpperCase().replace("0X", "0x")}`)).status).toBe(200);

    const intruder = "0x1111111111111111111111111111111111111111";
    const first = await getToken(r.token, `?wallet=${intruder}`);
    expect(first.status).toBe(403);
    expect((await payToken(r.token, `?wallet=${intruder}`)).status).toBe(403);
    // /pay without a wallet cannot skip the list, and junk is refused without being reported.
    expect((await payToken(r.token)).status).toBe(400);
    expect((await getToken(r.token, "?wallet=not-a-wallet")).status).toBe(400);

    const events = await eventsOf("secure_payment.access_rejected", r.requestIds[0]);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      event: "secure_payment.access_rejected",
      attemptedPayerWalletAddress: intruder,
      clientId: p.clientId,
      orchestratorId: null,
    });
    expect(await (await db()).webhookDelivery.count({ where: { eventId: events[0].id, endpointId: hook.id } })).toBe(1);

    // After the window, the same wallet is reported again.
    const sp = (await findSecurePaymentByToken(r.token))!;
    expect(await recordAccessRejection(sp, intruder, new Date(Date.now() + 10 * 60_000 + 1000))).toBe(true);
    expect(await eventsOf("secure_payment.access_rejected", r.requestIds[0])).toHaveLength(2);
  });

  it("emits one event for ten concurrent tries by the same wallet", async () => {
    const r = await createOk({ accessPolicy: { allowedPayerAddresses: [PAYER] } });
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => getToken(r.token, "?wallet=0x2222222222222222222222222222222222222222")),
    );
    expect(tries.map((t) => t.status)).toEqual(Array(10).fill(403));
    expect(await eventsOf("secure_payment.access_rejected", r.requestIds[0])).toHaveLength(1);
    expect(await (await db()).accessRejection.count({ where: { token: r.token } })).toBe(1);
  });

  it("compares Tron addresses exactly as given", async () => {
    const q = await createTestPlatform("tron shop");
    const d = await registerTestDestination(q.platformId, {
      payee: tronPayee(),
      chainId: 728126428,
      tokenAddress: "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8",
    });
    const allowed = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
    const r = await create(
      {
        requests: [{ destinationId: d.destinationId, amount: "5" }],
        accessPolicy: { allowedPayerAddresses: [allowed] },
      },
      api(q),
    );
    expect(r.status, r.text).toBe(201);
    expect((await getToken(r.json.token, `?wallet=${allowed}`, browser(q))).status).toBe(200);
    const sp = (await findSecurePaymentByToken(r.json.token))!;
    expect(sp.allowedPayerAddresses).toEqual([allowed]);
    expect(await recordAccessRejection(sp, allowed.toLowerCase())).toBe(true);
    const events = await eventsOf("secure_payment.access_rejected", r.json.requestIds[0]);
    expect(events[0].payload).toMatchObject({ attemptedPayerWalletAddress: allowed.toLowerCase() });
  });
});

describe("payer activity", () => {
  it("emits secure_payment.user_event to the platform and the orchestrator that created the payment, with the token as the only credential", async () => {
    const o = await createTestOrchestrator();
    await linkClientIdDirect(p.platformId, p.clientIdId, o.orchestratorId);
    const orchHook = await createOrchestratorEndpoint(o.orchestratorId, "http://127.0.0.1:9/orch-events");
    const r = await createOk({}, { "x-orchestrator-key": o.orchestratorKey, "x-client-id": p.clientId });
    await unlinkClientId(p.platformId, p.clientIdId);
    const sent = await call(userEventsRoute, "POST", `/v2/secure-payments/${r.token}/user-events`, {
      params: { token: r.token },
      body: {
        userEvent: "payment_sent_to_wallet",
        occurredAt: "2026-01-02T03:04:05.000Z",
        properties: {
          wallet_provider: "injected",
          payment_submission_id: "0xabc",
          payment_submission_id_type: "evm_tx_hash",
        },
      },
    });
    expect(sent.status, sent.text).toBe(202);
    const events = (await (await db()).webhookEvent.findMany({ where: { event: "secure_payment.user_event" } })).filter(
      (e) => (e.payload as { securePaymentToken: string }).securePaymentToken === r.token,
    );
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      userEvent: "payment_sent_to_wallet",
      requestId: r.requestIds[0],
      requestIds: r.requestIds,
      clientId: p.clientId,
      orchestratorId: o.orchestratorId, // fixed at creation, though the link has ended since
      occurredAt: "2026-01-02T03:04:05.000Z",
      properties: {
        wallet_provider: "injected",
        payment_submission_id: "0xabc",
        payment_submission_id_type: "evm_tx_hash",
        selected_source_chain: null,
        payment_type: null,
      },
    });
    expect(
      await (await db()).webhookDelivery.count({ where: { eventId: events[0].id, endpointId: orchHook.webhook.id } }),
    ).toBe(1);
  });

  it("refuses unknown events and tokens, and limits reports per token", async () => {
    const r = await createOk();
    const post = (token: string, body: unknown) =>
      call(userEventsRoute, "POST", `/v2/secure-payments/${token}/user-events`, { params: { token }, body });
    expect((await post(r.token, { userEvent: "payment_confirmed" })).status).toBe(400);
    expect((await post(ulid(), { userEvent: "wallet_connected" })).status).toBe(404);
    // One fixed moment inside a one-minute window, so the count cannot straddle two windows.
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 120_000 + 30_000);
    const outcomes: (number | "ok")[] = [];
    for (let i = 0; i < 32; i++) {
      outcomes.push(
        await reportUserEvent(r.token, { userEvent: "wallet_connected" }, at).then(
          () => "ok" as const,
          (e: ApiError) => e.status,
        ),
      );
    }
    expect(outcomes).toEqual([...Array(30).fill("ok"), 429, 429]);
  });
});

describe("multicall payouts and lookups", () => {
  const payoutBody = (amount: string) => ({
    recipient: PAYER,
    creatorWalletAddress: PAYER,
    network: "base",
    currency: "USDC-base",
    amount,
  });
  const newPayout = async (platform: Platform = p) => {
    const r = await call(payoutsRoute, "POST", "/v2/secure-payments/payouts", {
      headers: api(platform),
      body: payoutBody("1"),
    });
    expect(r.status, r.text).toBe(201);
    return r.json as { token: string; requestIds: string[] };
  };
  const multicall = (childTokens: string[], headers: Record<string, string> = api()) =>
    call(multicallRoute, "POST", "/v2/secure-payments/multicall-payouts", { headers, body: { childTokens } });

  it("groups payout links only: not incoming links, not another platform's, not a payout already grouped", async () => {
    const [a, b, c] = [await newPayout(), await newPayout(), await newPayout()];
    const incoming = await createOk();
    expect((await multicall([a.token, incoming.token])).status).toBe(400);
    expect(
      (await multicall([a.token, (await newPayout(await createTestPlatform("foreign payouts"))).token])).status,
    ).toBe(404);
    expect((await multicall([a.token, a.token])).status).toBe(400);
    const made = await multicall([a.token, b.token]);
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({
      type: "multicall",
      status: "pending",
      items: [
        { securePaymentToken: a.token, position: 0, eligibility: "eligible" },
        { securePaymentToken: b.token, position: 1 },
      ],
    });
    const again = await multicall([b.token, c.token]);
    expect(again.status).toBe(409);
    // The multicall token read through the page's operation answers the multicall state.
    const state = await getToken(made.json.token);
    expect(state.status, state.text).toBe(200);
    expect(state.json).toMatchObject({
      paymentType: "multicall",
      token: made.json.token,
      totals: { childCount: 2, blockedChildCount: 0 },
    });
  });

  it("finds the link of a request for the platform only", async () => {
    const r = await createOk({ redirectUrl: "https://shop.example.com/done" });
    const find = (requestId: string, headers: Record<string, string> = api()) =>
      call(createRoute, "GET", `/v2/secure-payments?requestId=${requestId}`, { headers });
    const found = await find(r.requestIds[0]);
    expect(found.status, found.text).toBe(200);
    expect(found.json).toMatchObject({
      token: r.token,
      securePaymentUrl: r.securePaymentUrl,
      status: "pending",
      paymentType: "single",
      redirectUrl: "https://shop.example.com/done",
      completedAt: null,
    });
    expect((await find(r.requestIds[0], api(await createTestPlatform("snoop")))).status).toBe(404);
  });

  it("lists the platform's links without requestId, filtered by status, type and reference, paged like payment search", async () => {
    const list = (query: string, headers: Record<string, string> = api()) =>
      call(createRoute, "GET", `/v2/secure-payments${query}`, { headers });
    const tokens = (json: unknown) =>
      (json as { securePayments: { token: string }[] }).securePayments.map((x) => x.token);
    const open = await createOk({ reference: "LIST-A" });
    const batch = await createOk({
      reference: "LIST-A",
      requests: [
        { destinationId, amount: "1" },
        { destinationId, amount: "2" },
      ],
    });
    const expired = await createOk({ reference: "LIST-A" });
    await (await db()).securePayment.update({
      where: { token: expired.token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    const all = await list("?reference=LIST-A");
    expect(all.status, all.text).toBe(200);
    expect(tokens(all.json)).toEqual([expired.token, batch.token, open.token]);
    expect((all.json as { pagination: unknown }).pagination).toEqual({
      total: 3,
      limit: 20,
      offset: 0,
      hasMore: false,
    });
    expect(tokens((await list("?reference=LIST-A&status=expired")).json)).toEqual([expired.token]);
    expect(tokens((await list("?reference=LIST-A&status=pending")).json)).toEqual([batch.token, open.token]);
    expect(tokens((await list("?reference=LIST-A&paymentType=single")).json)).toEqual([expired.token, open.token]);
    expect(tokens((await list("?reference=LIST-A&paymentType=batch")).json)).toEqual([batch.token]);
    await (await db()).securePayment.update({ where: { token: open.token }, data: { status: "cancelled" } });
    expect(tokens((await list("?reference=LIST-A&status=invalidated")).json)).toEqual([open.token]);
    expect(tokens((await list("?reference=LIST-A&status=pending")).json)).toEqual([batch.token]);
    expect(tokens((await list("?reference=LIST-A&status=completed")).json)).toEqual([]);
    const paged = await list("?reference=LIST-A&limit=1&offset=1");
    expect(tokens(paged.json)).toEqual([batch.token]);
    expect((paged.json as { pagination: { hasMore: boolean } }).pagination.hasMore).toBe(true);
    // Another platform's links never appear; requestId still answers the one link.
    expect(tokens((await list("?reference=LIST-A", api(await createTestPlatform("other lister")))).json)).toEqual([]);
    const one = await list(`?requestId=${open.requestIds[0]}`);
    expect((one.json as { token: string }).token).toBe(open.token);
    for (const [query, field] of [
      [`?requestId=${open.requestIds[0]}&status=pending`, "status"],
      ["?status=done", "status"],
      ["?limit=0", "limit"],
      ["?page=1", "page"],
    ]) {
      const bad = await list(query);
      expect(bad.status, query).toBe(400);
      expect(bad.text, query).toContain(field);
    }
  });

  it("tells the dashboard where a request pays and whether its link could join a multicall, as the published lookup does", async () => {
    const find = async (requestId: string) =>
      (await call(createRoute, "GET", `/v2/secure-payments?requestId=${requestId}`, { headers: api() })).json;
    const incoming = await createOk();
    expect(await find(incoming.requestIds[0])).toMatchObject({
      destination: { destinationId, tokenAddress: USDC_BASE, network: "base", isMasked: false },
      claimedDestination: null,
      executionKind: "evm_same_chain",
      identityMode: "manual_dashboard",
      branding: { whitelabelEnabled: false, source: "request_network" },
      childExecutable: false,
      blockReason: "not_outgoing",
    });
    const [a, b] = [await newPayout(), await newPayout()];
    expect(await find(a.requestIds[0])).toMatchObject({ childExecutable: true, blockReason: null });
    expect((await multicall([a.token, b.token])).status).toBe(201);
    expect(await find(a.requestIds[0])).toMatchObject({ childExecutable: false, blockReason: "invalid_child_linkage" });
  });
});

describe("the page's server functions", () => {
  it("tell each page state apart without throwing, and check a connecting wallet like the API does", async () => {
    expect(await securePaymentPageState(ulid())).toEqual({ kind: "unknown" });
    const r = await createOk({ accessPolicy: { allowedPayerAddresses: [PAYER] } });
    const open = await securePaymentPageState(r.token);
    expect(open).toMatchObject({ kind: "payable", view: { amount: "12.5" }, payments: [] });
    expect(await checkPayerAccess(r.token, PAYER)).toEqual({ allowed: true });
    expect(await checkPayerAccess(r.token, "0x3333333333333333333333333333333333333333")).toEqual({ allowed: false });
    expect(await eventsOf("secure_payment.access_rejected", r.requestIds[0])).toHaveLength(1);
    await (await db()).securePayment.update({
      where: { token: r.token },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect((await securePaymentPageState(r.token)).kind).toBe("expired");
  });
});
