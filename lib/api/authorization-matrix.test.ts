// The authorization matrix: every operation that takes an id answers 404 to another party's
// valid credential and changes nothing; every operation answers 401 without a credential and
// with a revoked one. New id-taking operations must add a row to ROWS (or an EXEMPT reason):
// the coverage test fails until they do.

import { ulid } from "ulid";
import { beforeAll, describe, expect, it } from "vitest";
import * as currencies from "@/app/v2/currencies/route";
import { systemAuditContext } from "../audit";
import { createApiKey, revokeApiKey } from "../auth/api-keys";
import { createSession, deleteSession } from "../auth/sessions";
import { createClientIdRecord } from "../client-ids/create-client-id";
import { revokeClientId } from "../client-ids/manage-client-ids";
import { insertIntent } from "../crosschain/intent-store";
import { db } from "../db/client";
import { API_KEY_SCOPES, requiredScope, WRITE_SCOPES } from "../http/api-key-scopes";
import type { AuthKind } from "../http/caller";
import { type Operation } from "../http/operation";
import { OPERATIONS } from "../openapi/registry";
import { revokeOrchestratorKey } from "../orchestrators/accounts";
import { endLinkOf } from "../orchestrators/active-links";
import { createTestOrchestrator, createTestSession } from "../orchestrators/fixtures";
import { onboardingKey } from "../orchestrators/onboarding-key";
import { createLinkRequest } from "../orchestrators/orchestrator-links";
import { approveLinkRequest, linkClientIdDirect } from "../orchestrators/platform-links";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { addBankAccount, registerPayer, submitKyc } from "../payers/compliance";
import { BANK, IDENTITY } from "../payers/payer-fixtures";
import type { BankDetails, PayerIdentity } from "../payers/schemas";
import { insertFixturePayment, insertFixtureRequest } from "../payments/search-fixtures";
import { insertTestSchedule } from "../recurring/fixtures";
import { createRequest } from "../requests/create-request";
import { createMulticallPayout } from "../secure-payments/combine-payout-links";
import { createSecurePayout } from "../secure-payments/create-payout-link";
import { createSecurePayment } from "../secure-payments/create-secure-payment";
import { createTestPlatform, createTestWalletSession, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { createPlatformEndpoint } from "../webhooks/client-id-endpoints";
import { exampleEvent } from "../webhooks/example-events";
import { createOrchestratorEndpoint } from "../webhooks/orchestrator-endpoints";
import { emitInTransaction } from "../webhooks/webhook-fixtures";
import { routeHandlers } from "./route";

interface Party {
  platformId: string;
  apiKey: string;
  session: string;
  walletSession: string;
  clientId: string;
  clientIdId: string;
  orchestratorId: string;
  orchestratorKey: string;
}

interface World {
  owner: Party;
  intruder: Party;
}

/** One object of the owner's, addressed by `params`, and how to read its state. */
interface Target {
  params: Record<string, string>;
  /** The body the acting party sends (the intruder's own ids, where the body names one). */
  body?: (actor: Party) => unknown;
  snapshot: () => Promise<unknown>;
}

type Row = (w: World) => Promise<Target>;

const key = (e: Operation) => `${e.method} ${e.path}`;
const payerIdentity = IDENTITY as PayerIdentity;
const bankDetails = { ...BANK, currency: BANK.currency.toLowerCase(), rails: "local" } as BankDetails;

// ---------- targets ----------

/** A client ID of the owner, linked directly to the owner's orchestrator. */
async function ownersClientId(w: World) {
  const c = await createClientIdRecord(w.owner.platformId, { label: "owned", allowedDomains: [TEST_ORIGIN] });
  await linkClientIdDirect(w.owner.platformId, c.id, w.owner.orchestratorId);
  const snapshot = async () => {
    const prisma = await db();
    return {
      clientId: await prisma.clientId.findUnique({ where: { id: c.id } }),
      links: await prisma.orchestratorLink.findMany({ where: { clientIdId: c.id }, orderBy: { createdAt: "asc" } }),
    };
  };
  return { id: c.id, snapshot };
}

const clientIdRow =
  (body?: (actor: Party) => unknown): Row =>
  async (w) => {
    const c = await ownersClientId(w);
    return { params: { id: c.id }, body, snapshot: c.snapshot };
  };

const linkSnapshot = (linkId: string) => async () =>
  (await db()).orchestratorLink.findUnique({ where: { id: linkId } });

/** A pending hosted link request of the owner's orchestrator. */
const orchestratorLinkRow: Row = async (w) => {
  const link = await createLinkRequest(w.owner.orchestratorId, { externalId: "owned" });
  return { params: { linkId: link.linkId }, snapshot: linkSnapshot(link.linkId) };
};

/** A hosted link the owner platform approved; the intruder tries to read, take or refuse it. */
const approvedIntentRow =
  (withClientId = true): Row =>
  async (w) => {
    const link = await createLinkRequest(w.owner.orchestratorId, {});
    const c = await createClientIdRecord(w.owner.platformId, { label: "approved", allowedDomains: [TEST_ORIGIN] });
    await approveLinkRequest(
      w.owner.platformId,
      { intentId: link.intentId, key: onboardingKey(link.intentId) },
      c.clientId,
    );
    const snap = linkSnapshot(link.linkId);
    return {
      params: { intentId: link.intentId },
      // The intruder even holds the onboarding URL's key: an approved link is the owner's alone.
      // Rejecting names no client ID: unknown body fields are a 400 (lib/http/strict-input.ts).
      body: (actor) => ({ ...(withClientId ? { clientId: actor.clientId } : {}), key: onboardingKey(link.intentId) }),
      snapshot: async () => ({
        link: await snap(),
        intruderLinks: await (await db()).orchestratorLink.findMany({ where: { clientIdId: w.intruder.clientIdId } }),
      }),
    };
  };

/** A payee destination of the owner platform, registered with a real signature. */
const destinationRow =
  (body?: (actor: Party) => unknown): Row =>
  async (w) => {
    const d = await registerTestDestination(w.owner.platformId);
    const snapshot = async () =>
      (await db()).payeeDestination.findMany({
        where: { destinationId: d.destinationId },
        orderBy: { createdAt: "asc" },
      });
    return { params: { destinationId: d.destinationId }, body, snapshot };
  };

/** A recurring payout of the owner, waiting for its signature. */
const recurringRow =
  (body?: (actor: Party) => unknown): Row =>
  async (w) => {
    const { id } = await insertTestSchedule(w.owner.platformId);
    return { params: { id }, body, snapshot: async () => (await db()).recurringPayment.findUnique({ where: { id } }) };
  };

/** A recurring USDC request of the owner (no chain read is needed to answer about it). */
const ownersRequestRow =
  (body?: (actor: Party) => unknown): Row =>
  async (w) => {
    const r = await createRequest(
      { platformId: w.owner.platformId, clientIdId: null },
      {
        amount: "10",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
        payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        recurrence: { startDate: "2099-01-01", frequency: "MONTHLY" },
      },
    );
    return {
      params: { requestId: r.requestId },
      body,
      snapshot: async () => (await db()).paymentRequest.findUnique({ where: { id: r.requestId } }),
    };
  };

/** A crosschain payment intent quoted for one of the owner's requests, not signed yet. */
const ownersIntentRow: Row = async (w) => {
  const r = await createRequest(
    { platformId: w.owner.platformId, clientIdId: null },
    {
      amount: "10",
      invoiceCurrency: "USDC-arbitrum-one",
      paymentCurrency: "USDC-arbitrum-one",
      payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    },
  );
  const id = ulid();
  const a = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7" as const;
  await insertIntent({
    id,
    platformId: w.owner.platformId,
    requestId: r.requestId,
    sourceNetwork: "base",
    destinationNetwork: "arbitrum-one",
    terms: {
      sourceChainId: 8453,
      sourceToken: a,
      payer: a,
      destinationChainId: 42161,
      destinationToken: a,
      payee: a,
      amount: 1n,
      fee: 1n,
      gateway: a,
      operator: a,
      treasury: a,
      operatorId: `0x${"00".repeat(32)}`,
      nonce: 1n,
      deadline: 4102444800n,
      processingDate: 4102444800n,
    },
    permitDomain: null,
    destinationAmount: 1n,
    supportsPermit: false,
  });
  return {
    params: { paymentIntentId: id },
    body: () => ({ signedPaymentIntent: { signature: `0x${"11".repeat(65)}`, nonce: "1", deadline: "4102444800" } }),
    snapshot: async () => (await db()).crosschainIntent.findUnique({ where: { id } }),
  };
};

let hookCount = 0;
/** An operation of the owner's (platform or orchestrator) with one delivery in its log. */
const webhookRow =
  (side: "platform" | "orchestrator", body?: (actor: Party) => unknown): Row =>
  async (w): Promise<Target> => {
    const url = `http://127.0.0.1:9/hook-${++hookCount}`;
    // Each row makes its own endpoint; earlier rows' are done with, and the owner may hold only 20.
    await (await db()).webhookEndpoint.deleteMany({
      where: {
        ...(side === "platform" ? { clientIdId: w.owner.clientIdId } : { orchestratorId: w.owner.orchestratorId }),
        url: { startsWith: "http://127.0.0.1:9/hook-" },
      },
    });
    const id =
      side === "platform"
        ? (await createPlatformEndpoint({ id: w.owner.clientIdId, platformId: w.owner.platformId }, url)).id
        : (await createOrchestratorEndpoint(w.owner.orchestratorId, url)).webhook.id;
    const owner = {
      platformId: w.owner.platformId,
      clientIdId: w.owner.clientIdId,
      clientId: w.owner.clientId,
      orchestratorId: w.owner.orchestratorId,
    };
    const emitted = await emitInTransaction({ ...exampleEvent("payment.confirmed", owner), isTest: false });
    const deliveryId = emitted.deliveries.find((d) => d.endpointId === id)!.id;
    return {
      params: side === "platform" ? { webhookId: id, deliveryId } : ({ id, deliveryId } as Record<string, string>),
      body,
      snapshot: async () =>
        (await db()).webhookEndpoint.findUnique({
          where: { id },
          include: { deliveries: { include: { attempts: true } } },
        }),
    };
  };

/** A secure payment link of the owner (or a multicall of two payout links), to a registered destination. */
const securePaymentRow =
  (kind: "single" | "multicall"): Row =>
  async (w) => {
    const creator = { platformId: w.owner.platformId, clientIdId: null, orchestratorId: null };
    let token: string;
    if (kind === "single") {
      const d = await registerTestDestination(w.owner.platformId);
      token = (await createSecurePayment(creator, { requests: [{ destinationId: d.destinationId, amount: "5" }] }))
        .token;
    } else {
      const payout = () =>
        createSecurePayout(creator, {
          recipient: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
          creatorWalletAddress: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
          network: "base",
          currency: "USDC-base",
          amount: "1",
        });
      token = (await createMulticallPayout(creator, { childTokens: [(await payout()).token, (await payout()).token] }))
        .token;
    }
    const snapshot = async () => {
      const prisma = await db();
      return {
        sp: await prisma.securePayment.findMany({
          where: { OR: [{ token }, { parentToken: token }] },
          orderBy: { token: "asc" },
        }),
        rejections: await prisma.accessRejection.findMany({ where: { token } }),
      };
    };
    return { params: { token }, snapshot };
  };

/** The same row with a body that passes validation (the owner then reaches the object). */
const withBody =
  (row: Row, body: (actor: Party) => unknown): Row =>
  async (w) => ({ ...(await row(w)), body });

const brandingRow =
  (body?: (actor: Party) => unknown): Row =>
  async (w) => {
    const row = await clientIdRow(body)(w);
    const id = row.params.id;
    await (await db()).branding.create({ data: { clientIdId: id, primaryActionColor: "#123456" } });
    return {
      ...row,
      snapshot: async () => ({
        base: await row.snapshot(),
        branding: await (await db()).branding.findUnique({ where: { clientIdId: id } }),
      }),
    };
  };

/** A payer of the owner whose data was submitted for review, with one bank account. */
const payerRow =
  (by: "clientUserId" | "userId", body?: (actor: Party) => unknown): Row =>
  async (w) => {
    const clientUserId = `payer-${Math.random().toString(36).slice(2)}`;
    const { payer, kycUrl } = await registerPayer(w.owner.platformId, clientUserId, payerIdentity);
    await submitKyc(new URL(kycUrl).pathname.split("/")[2], {});
    const { detail } = await addBankAccount(w.owner.platformId, clientUserId, bankDetails);
    const snapshot = async () =>
      (await db()).payer.findUnique({ where: { id: payer.id }, include: { paymentDetails: true } });
    const params: Record<string, string> = by === "clientUserId" ? { clientUserId } : { userId: payer.id };
    return { params, body, snapshot, payerId: payer.id, paymentDetailsId: detail.id };
  };

/** An off-ramp payment of the owner whose crypto payment was detected (fiat leg initiated). */
const offrampRow: Row = async (w) => {
  const payer = (await payerRow("userId")(w)) as Target & { payerId: string; paymentDetailsId: string };
  const request = await createRequest(
    { platformId: w.owner.platformId, clientIdId: null },
    { amount: "5", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", isCryptoToFiatAvailable: true },
  );
  const owner = { platformId: w.owner.platformId, clientIdId: null, clientId: null, orchestratorId: null };
  const fields = {
    requestId: request.requestId,
    paymentReference: request.paymentReference,
    txHash: `0x${"cd".repeat(32)}`,
    network: "base",
  };
  await (await db()).offrampPayment.create({
    data: {
      requestId: request.requestId,
      platformId: w.owner.platformId,
      payerId: payer.payerId,
      paymentDetailId: payer.paymentDetailsId,
      subStatus: "initiated",
      confirmation: { owner, fields },
    },
  });
  return {
    params: { requestId: request.requestId },
    body: () => ({ subStatus: "ongoing_checks" }),
    snapshot: async () => (await db()).offrampPayment.findUnique({ where: { requestId: request.requestId } }),
  };
};

const ROWS: Record<string, Row> = {
  "GET /v2/payer/{clientUserId}": payerRow("clientUserId"),
  "PATCH /v2/payer/{clientUserId}": payerRow("clientUserId", () => ({ agreementCompleted: true })),
  "GET /v2/payer/{clientUserId}/payment-details": payerRow("clientUserId"),
  "POST /v2/payer/{clientUserId}/payment-details": payerRow("clientUserId", () => BANK),
  "POST /v1/payers/{userId}/review": payerRow("userId", () => ({ decision: "approve" })),
  "DELETE /v1/payers/{userId}": payerRow("userId"),
  "POST /v1/payers/{userId}/tax-number": payerRow("userId"),
  "POST /v1/offramp-payments/{requestId}/progress": offrampRow,
  "GET /v2/secure-payments/{token}": securePaymentRow("single"),
  "GET /v2/secure-payments/{token}/pay": securePaymentRow("single"),
  "POST /v2/secure-payments/{token}/cancel": securePaymentRow("single"),
  "GET /v2/secure-payments/multicall-payouts/{token}": securePaymentRow("multicall"),
  "POST /v2/secure-payments/{token}/intent": withBody(securePaymentRow("single"), () => ({
    txHash: `0x${"ab".repeat(32)}`,
    chain: "BASE",
    token: "USDC",
  })),
  "POST /v2/secure-payments/{token}/refresh-step-transaction": withBody(securePaymentRow("single"), () => ({
    step: {
      id: "step-1",
      type: "lifi",
      tool: "across",
      action: { toChainId: 8453, toAddress: `0x${"11".repeat(20)}` },
    },
  })),
  "POST /v2/secure-payments/{token}/tron/broadcast": withBody(securePaymentRow("single"), () => ({
    signedTransaction: {
      raw_data_hex: "0a",
      signature: ["ab"],
      raw_data: { contract: [{ type: "TriggerSmartContract" }] },
    },
  })),
  "GET /v2/client-ids/{id}/branding": brandingRow(),
  "PUT /v2/client-ids/{id}/branding": brandingRow(() => ({ primaryActionColor: "#ff0000" })),
  "DELETE /v2/client-ids/{id}/branding": brandingRow(),
  "GET /v2/request/{requestId}": ownersRequestRow(),
  "PATCH /v2/request/{requestId}": ownersRequestRow(() => ({ isRecurrenceStopped: true })),
  "GET /v2/request/{requestId}/pay": ownersRequestRow(),
  "GET /v2/request/{requestId}/routes": ownersRequestRow(),
  "POST /v2/request/{requestId}/refunds": ownersRequestRow(() => ({ amount: "1" })),
  "GET /v2/request/{requestId}/refunds": ownersRequestRow(),
  "POST /v2/request/payment-intents/{paymentIntentId}": ownersIntentRow,
  "PUT /v1/webhook/{webhookId}": webhookRow("platform", () => ({ isActive: false })),
  "DELETE /v1/webhook/{webhookId}": webhookRow("platform"),
  "POST /v1/webhook/{webhookId}/rotate-secret": webhookRow("platform", () => ({ overlapSeconds: 60 })),
  "GET /v1/webhook/{webhookId}/deliveries": webhookRow("platform"),
  "GET /v1/webhook/{webhookId}/deliveries/{deliveryId}": webhookRow("platform"),
  "POST /v1/webhook/{webhookId}/deliveries/{deliveryId}/resend": webhookRow("platform"),
  "DELETE /v2/orchestrators/webhooks/{id}": webhookRow("orchestrator"),
  "PATCH /v2/orchestrators/webhooks/{id}": webhookRow("orchestrator"),
  "POST /v2/orchestrators/webhooks/{id}/rotate-secret": webhookRow("orchestrator", () => ({ overlapSeconds: 60 })),
  "GET /v2/orchestrators/webhooks/{id}/deliveries": webhookRow("orchestrator"),
  "GET /v2/orchestrators/webhooks/{id}/deliveries/{deliveryId}": webhookRow("orchestrator"),
  "POST /v2/orchestrators/webhooks/{id}/deliveries/{deliveryId}/resend": webhookRow("orchestrator"),
  "GET /v2/client-ids/{id}": clientIdRow(),
  "PUT /v2/client-ids/{id}": clientIdRow(() => ({
    label: "hijacked",
    allowedDomains: ["https://evil.example"],
    status: "inactive",
  })),
  "DELETE /v2/client-ids/{id}": clientIdRow(),
  "GET /v2/client-ids/{id}/orchestrator-link": clientIdRow(),
  "POST /v2/client-ids/{id}/orchestrator-link": clientIdRow((actor) => ({ orchestratorId: actor.orchestratorId })),
  "DELETE /v2/client-ids/{id}/orchestrator-link": clientIdRow(),
  "GET /v2/orchestrators/links/{linkId}": orchestratorLinkRow,
  "DELETE /v2/orchestrators/links/{linkId}": orchestratorLinkRow,
  "GET /v1/orchestrator-links/{intentId}": approvedIntentRow(),
  "POST /v1/orchestrator-links/{intentId}/approve": approvedIntentRow(),
  "POST /v1/orchestrator-links/{intentId}/reject": approvedIntentRow(false),
  "GET /v2/payee-destination/{destinationId}": destinationRow(),
  // A well-formed signed body: the owner gets past the lookup (and is refused for the nonce).
  "DELETE /v2/payee-destination/{destinationId}": destinationRow(() => ({
    signature: `0x${"11".repeat(65)}`,
    nonce: `0x${"22".repeat(32)}`,
  })),
  "POST /v2/payouts/recurring/{id}": recurringRow(() => ({ permitSignature: `0x${"11".repeat(65)}` })),
  "GET /v2/payouts/recurring/{id}": recurringRow(),
  "PATCH /v2/payouts/recurring/{id}": recurringRow(() => ({ action: "cancel" })),
  "DELETE /v1/api-keys/{apiKeyId}": async (w) => {
    const k = await createApiKey(w.owner.platformId, "owned");
    return {
      params: { apiKeyId: k.id },
      snapshot: async () => (await db()).apiKey.findUnique({ where: { id: k.id } }),
    };
  },
  "DELETE /v1/auth/sessions/{sessionId}": async (w) => {
    const user = await (await db()).user.findFirstOrThrow({ where: { platformId: w.owner.platformId } });
    const s = await createSession(user.id, "email");
    return {
      params: { sessionId: s.sessionId },
      snapshot: async () => (await db()).session.findUnique({ where: { id: s.sessionId } }),
    };
  },
};

/** Id-taking operations whose id names no caller-owned object. */
const EXEMPT: Record<string, string> = {
  "GET /v2/currencies/{currencyId}/conversion-routes": "the id names a public currency",
};

// ---------- credentials ----------

function headersFor(p: Party, kind: AuthKind): Record<string, string> {
  switch (kind) {
    case "apiKey":
      return { "x-api-key": p.apiKey };
    case "session":
      return { authorization: `Bearer ${p.session}` };
    case "walletSession":
      return { authorization: `Bearer ${p.walletSession}` };
    case "orchestratorKey":
      return { "x-orchestrator-key": p.orchestratorKey };
    case "clientId":
      return { "x-client-id": p.clientId, origin: TEST_ORIGIN };
  }
}

async function party(name: string): Promise<Party> {
  // The client ID may manage webhooks alone, so the matrix reaches the scoping behind that setting.
  const p = await createTestPlatform(name, { webhookRegistrationByClientId: true });
  const s = await createTestSession(p.platformId);
  const ws = await createTestWalletSession(p.platformId);
  const o = await createTestOrchestrator(`${name} orchestrator`);
  return {
    platformId: p.platformId,
    apiKey: p.apiKey,
    session: s.token,
    walletSession: ws.token,
    clientId: p.clientId,
    clientIdId: p.clientIdId,
    orchestratorId: o.orchestratorId,
    orchestratorKey: o.orchestratorKey,
  };
}

/** The same kinds of credential, each revoked (a signed-out session for sessions). */
async function revokedParty(): Promise<Party> {
  const p = await party("revoked");
  const prisma = await db();
  const apiKey = (await prisma.apiKey.findFirstOrThrow({ where: { platformId: p.platformId } })).id;
  await revokeApiKey(p.platformId, apiKey);
  const userId = (await prisma.user.findFirstOrThrow({ where: { platformId: p.platformId } })).id;
  const extra = await createSession(userId, "email"); // the party's own session stays valid until logout
  await deleteSession(p.session);
  await deleteSession(p.walletSession);
  await deleteSession(extra.token);
  await revokeClientId(p.platformId, p.clientIdId, endLinkOf, systemAuditContext(p.platformId));
  const keyRow = await prisma.orchestratorKey.findFirstOrThrow({ where: { orchestratorId: p.orchestratorId } });
  await revokeOrchestratorKey(keyRow.id);
  return p;
}

function urlOf(e: Operation, params: Record<string, string>): string {
  return e.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? "x"));
}

function send(e: Operation, headers: Record<string, string>, params: Record<string, string>, body?: unknown) {
  const bodyless = e.method === "GET" || (e.method === "DELETE" && !e.body);
  return call(routeHandlers(e), e.method, urlOf(e, params), {
    headers,
    params,
    body: bodyless ? undefined : (body ?? {}),
  });
}

const PLACEHOLDER = "00000000-0000-4000-8000-000000000000";
const placeholderParams = (e: Operation) =>
  Object.fromEntries([...e.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], PLACEHOLDER]));

// ---------- the matrix ----------

let world: World;
let revoked: Party;
beforeAll(async () => {
  world = { owner: await party("owner"), intruder: await party("intruder") };
  revoked = await revokedParty();
});

/** Where the published document answers an unknown (so another party's) id with another status than 404. */
const NOT_FOUND_STATUS: Record<string, number> = { "DELETE /v2/payee-destination/{destinationId}": 400 };

const idTaking = OPERATIONS.filter((e) => e.path.includes("{") && e.auth.length > 0);
const withAuth = OPERATIONS.filter((e) => e.auth.length > 0);
const OBJECT_KINDS: AuthKind[] = ["apiKey", "session", "walletSession", "orchestratorKey", "clientId"];

describe("authorization matrix", () => {
  it("has a row (or a written exemption) for every registered operation that takes an id", () => {
    const missing = idTaking.map(key).filter((k) => !ROWS[k] && !EXEMPT[k]);
    expect(missing, "add these to ROWS in lib/api/authorization-matrix.test.ts").toEqual([]);
    const stale = Object.keys(ROWS).filter((k) => !OPERATIONS.some((e) => key(e) === k));
    expect(stale, "rows for operations that are not registered").toEqual([]);
  });

  describe.each(idTaking.filter((e) => ROWS[key(e)]).map((e) => [key(e), e] as const))("%s", (_name, e) => {
    it.each(OBJECT_KINDS.filter((k) => e.auth.includes(k)))(
      "answers 404 (or the document's not-found status) to another party's %s and changes nothing",
      async (kind) => {
        const target = await ROWS[key(e)](world);
        const before = await target.snapshot();
        const r = await send(e, headersFor(world.intruder, kind), target.params, target.body?.(world.intruder));
        const notFound = NOT_FOUND_STATUS[key(e)] ?? 404;
        expect(r.status, r.text).toBe(notFound);
        expect(await target.snapshot()).toEqual(before);
        // The same call by the owner reaches the object (the row addresses something real).
        const own = await send(e, headersFor(world.owner, kind), target.params, target.body?.(world.owner));
        if (notFound === 404) expect(own.status, own.text).not.toBe(404);
        // A 400 is also the owner's refusal of the made-up nonce: only its code tells the two apart.
        else expect(own.status === notFound && own.json.code === r.json.code, own.text).toBe(false);
        expect(own.status).toBeLessThan(500);
      },
    );
  });

  describe.each(withAuth.map((e) => [key(e), e] as const))("%s", (_name, e) => {
    it("answers 401 without credentials", async () => {
      const r = await send(e, {}, placeholderParams(e));
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ statusCode: 401, error: "Unauthorized" });
    });

    it.each(e.auth)("answers 401 to a revoked %s", async (kind) => {
      const r = await send(e, headersFor(revoked, kind), placeholderParams(e));
      expect(r.status, r.text).toBe(401);
    });
  });
});

describe("a revoked client ID in the browser", () => {
  it("no longer authenticates a CORS call to /v2/currencies", async () => {
    const p = await createTestPlatform("browser shop");
    const browserHeaders = { "x-client-id": p.clientId, origin: TEST_ORIGIN };
    const preflight = await call(currencies, "OPTIONS", "/v2/currencies", {
      headers: {
        origin: TEST_ORIGIN,
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-client-id",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("x-client-id");

    const before = await call(currencies, "GET", "/v2/currencies?network=base", { headers: browserHeaders });
    expect(before.status).toBe(200);
    expect(before.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
    expect(
      (
        await call(currencies, "GET", "/v2/currencies?network=base", {
          headers: { ...browserHeaders, origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);

    await revokeClientId(p.platformId, p.clientIdId, endLinkOf, systemAuditContext(p.platformId));
    const after = await call(currencies, "GET", "/v2/currencies?network=base", { headers: browserHeaders });
    expect(after.status).toBe(401);
    expect(after.json.message).toMatch(/revoked/i);
    // The answer stays readable by the page, so it can tell its user why.
    expect(after.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
  });

  it("a revoked API key stops working at once", async () => {
    const p = await createTestPlatform("key holder");
    const k = await createApiKey(p.platformId, "second");
    expect(
      (await call(currencies, "GET", "/v2/currencies?network=base", { headers: { "x-api-key": k.key } })).status,
    ).toBe(200);
    await revokeApiKey(p.platformId, k.id);
    expect(
      (await call(currencies, "GET", "/v2/currencies?network=base", { headers: { "x-api-key": k.key } })).status,
    ).toBe(401);
  });
});

// Searches take no id but read by the caller's filters: another platform's payment never shows.
describe("GET /v2/payments", () => {
  const search = OPERATIONS.find((e) => key(e) === "GET /v2/payments")!;
  it.each(search.auth)("answers another party's %s nothing of the owner's payments", async (kind) => {
    const { requestId } = await insertFixtureRequest({ platformId: world.owner.platformId });
    await insertFixturePayment({ platformId: world.owner.platformId, requestId, blockTime: new Date() });
    const url = `/v2/payments?requestId=${requestId}`;
    const intruder = await call(routeHandlers(search), "GET", url, { headers: headersFor(world.intruder, kind) });
    expect(intruder.json.payments).toEqual([]);
    const owner = await call(routeHandlers(search), "GET", url, { headers: headersFor(world.owner, kind) });
    expect(owner.json.pagination.total).toBe(1);
  });
});

// ---------- API key scopes (docs/decisions/api-key-scopes.md) ----------

/** The owner's platform as a scoped key could change it: a write that ran would show here. */
async function platformSnapshot(platformId: string) {
  const prisma = await db();
  const where = { platformId };
  return {
    platform: await prisma.platform.findUnique({ where: { id: platformId } }),
    requests: await prisma.paymentRequest.count({ where }),
    securePayments: await prisma.securePayment.findMany({ where, orderBy: { token: "asc" } }),
    clientIds: await prisma.clientId.findMany({ where, orderBy: { id: "asc" } }),
    webhooks: await prisma.webhookEndpoint.findMany({ where, orderBy: { id: "asc" } }),
    payers: await prisma.payer.count({ where }),
    recurring: await prisma.recurringPayment.findMany({ where, orderBy: { id: "asc" } }),
    apiKeys: await prisma.apiKey.count({ where }),
  };
}

const withApiKey = OPERATIONS.filter((e) => e.auth.includes("apiKey"));

describe("API key scopes", () => {
  it("every operation that takes an API key needs one scope, and every scope row names an operation", () => {
    expect(withApiKey.filter((e) => !requiredScope(e)).map(key), "add these to WRITE_SCOPES").toEqual([]);
    const stale = Object.keys(WRITE_SCOPES).filter((k) => !withApiKey.some((e) => key(e) === k && e.method !== "GET"));
    expect(stale, "WRITE_SCOPES rows for no API-key operation").toEqual([]);
  });

  describe.each(withApiKey.map((e) => [key(e), e] as const))("%s", (_name, e) => {
    const needed = requiredScope(e)!;

    it(`answers 403 api_key_scope_missing to a key without \`${needed}\`, and changes nothing`, async () => {
      const others = API_KEY_SCOPES.filter((s) => s !== needed);
      const k = await createApiKey(world.owner.platformId, "lacks the scope", others);
      // The owner's own object and a body that would work: only the scope stands in the way.
      const target = ROWS[key(e)] ? await ROWS[key(e)](world) : null;
      const params = target?.params ?? placeholderParams(e);
      const before = [await platformSnapshot(world.owner.platformId), await target?.snapshot()];
      const r = await send(e, { "x-api-key": k.key }, params, target?.body?.(world.owner));
      expect(r.status, r.text).toBe(403);
      expect(r.json).toMatchObject({ statusCode: 403, error: "Forbidden", code: "api_key_scope_missing" });
      expect(r.json.message).toContain(`\`${needed}\``);
      expect([await platformSnapshot(world.owner.platformId), await target?.snapshot()]).toEqual(before);
    });

    it(`lets a key with only \`${needed}\` past the scope check`, async () => {
      const k = await createApiKey(world.owner.platformId, "just the scope", [needed]);
      const target = ROWS[key(e)] ? await ROWS[key(e)](world) : null;
      const r = await send(
        e,
        { "x-api-key": k.key },
        target?.params ?? placeholderParams(e),
        target?.body?.(world.owner),
      );
      expect(r.json?.code, r.text).not.toBe("api_key_scope_missing");
      expect(r.status).toBeLessThan(500);
    });
  });

  it("a read-scoped key reads, and its write is a 403 that creates nothing", async () => {
    const k = await createApiKey(world.owner.platformId, "read only", ["read"]);
    const list = OPERATIONS.find((o) => key(o) === "GET /v2/client-ids")!;
    expect((await send(list, { "x-api-key": k.key }, {})).status).toBe(200);
    const create = OPERATIONS.find((o) => key(o) === "POST /v2/client-ids")!;
    const before = await platformSnapshot(world.owner.platformId);
    const r = await send(create, { "x-api-key": k.key }, {}, { label: "by a read key", allowedDomains: [TEST_ORIGIN] });
    expect(r.status, r.text).toBe(403);
    expect(await platformSnapshot(world.owner.platformId)).toEqual(before);
    // The same body with the full-access key of the party creates it: the body was not the problem.
    expect(
      (
        await send(
          create,
          { "x-api-key": world.owner.apiKey },
          {},
          { label: "by a full key", allowedDomains: [TEST_ORIGIN] },
        )
      ).status,
    ).toBe(201);
  });
});
