// The outbox and the recipients of docs/interface.md "Events": who receives which event, and that an event
// exists exactly when the change that caused it commits.

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { systemAuditContext } from "../audit";
import { createClientIdRecord } from "../client-ids/create-client-id";
import { revokeClientId } from "../client-ids/manage-client-ids";
import { db } from "../db/client";
import { endLinkOf } from "../orchestrators/active-links";
import { createTestOrchestrator } from "../orchestrators/fixtures";
import { onboardingKey } from "../orchestrators/onboarding-key";
import { createLinkRequest } from "../orchestrators/orchestrator-links";
import { approveLinkRequest, linkClientIdDirect, unlinkClientId } from "../orchestrators/platform-links";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { createPlatformEndpoint } from "./client-id-endpoints";
import { emitEvent } from "./emit-event";
import { CURRENT_EVENTS, EVENT_PAYLOADS, type EventName, type EventOwner } from "./events";
import { exampleEvent } from "./example-events";
import { createOrchestratorEndpoint, setOrchestratorEndpointActive } from "./orchestrator-endpoints";
import { confirmedPayment, emitInTransaction } from "./webhook-fixtures";

const hook = (name: string) => `http://127.0.0.1:9/${name}`;

async function world() {
  const p = await createTestPlatform();
  const second = await createClientIdRecord(p.platformId, { label: "second", allowedDomains: [TEST_ORIGIN] });
  const revoked = await createClientIdRecord(p.platformId, { label: "revoked", allowedDomains: [TEST_ORIGIN] });
  const o = await createTestOrchestrator();
  const other = await createTestPlatform("other");
  const ep = {
    client: (await createPlatformEndpoint({ id: p.clientIdId, platformId: p.platformId }, hook("client"))).id,
    second: (await createPlatformEndpoint({ id: second.id, platformId: p.platformId }, hook("second"))).id,
    revoked: (await createPlatformEndpoint({ id: revoked.id, platformId: p.platformId }, hook("revoked"))).id,
    orchestrator: (await createOrchestratorEndpoint(o.orchestratorId, hook("orchestrator"))).webhook.id,
    orchestratorOff: (await createOrchestratorEndpoint(o.orchestratorId, hook("orchestrator-off"))).webhook.id,
    otherPlatform: (await createPlatformEndpoint({ id: other.clientIdId, platformId: other.platformId }, hook("other")))
      .id,
  };
  await setOrchestratorEndpointActive(o.orchestratorId, ep.orchestratorOff, false);
  await revokeClientId(p.platformId, revoked.id, endLinkOf, systemAuditContext(p.platformId));
  const owner: EventOwner = {
    platformId: p.platformId,
    clientIdId: p.clientIdId,
    clientId: p.clientId,
    orchestratorId: o.orchestratorId,
  };
  return { p, o, ep, owner };
}

const endpointsOf = (e: { deliveries: { endpointId: string }[] }) => e.deliveries.map((d) => d.endpointId).sort();

describe("recipients", () => {
  it("follow the recipients table of docs/interface.md for each current event, with the orchestrator fixed at creation", async () => {
    const { ep, owner } = await world();
    const expected: Record<(typeof CURRENT_EVENTS)[number], string[]> = {
      "client_id.linked": [ep.orchestrator],
      "payment.confirmed": [ep.client, ep.orchestrator],
      "payment.failed": [ep.client],
      "kyt.screening.completed": [ep.client, ep.orchestrator],
      "secure_payment.user_event": [ep.client, ep.orchestrator],
      "secure_payment.access_rejected": [ep.client],
    };
    for (const name of CURRENT_EVENTS) {
      const emitted = await emitInTransaction({ ...exampleEvent(name, owner), isTest: false });
      expect(endpointsOf(emitted), name).toEqual([...expected[name]].sort());
    }
    // Created without an orchestrator: the platform alone.
    expect(endpointsOf(await emitInTransaction(confirmedPayment({ ...owner, orchestratorId: null })))).toEqual([
      ep.client,
    ]);
  });

  it("reach every non-revoked client ID of the platform for a resource created with an API key, and platform-wide endpoints", async () => {
    const { p, ep, owner } = await world();
    const legacy = await (await db()).webhookEndpoint.create({
      data: { platformId: p.platformId, url: hook("platform-wide"), secretEncrypted: "x.y.z" },
    });
    const emitted = await emitInTransaction(
      confirmedPayment({ ...owner, clientIdId: null, clientId: null, orchestratorId: null }),
    );
    expect(endpointsOf(emitted)).toEqual([ep.client, ep.second, legacy.id].sort());
    // Every endpoint reads clientId: null, as the hosted service sends it (the x-service-endpoint
    // header names the receiving endpoint), and the same bytes.
    const rows = await (await db()).webhookDelivery.findMany({ where: { eventId: emitted.eventId } });
    expect(rows.map((r) => JSON.parse(r.body).clientId)).toEqual([null, null, null]);
    expect(new Set(rows.map((r) => r.body)).size).toBe(1);
    const event = await (await db()).webhookEvent.findUniqueOrThrow({ where: { id: emitted.eventId } });
    expect((event.payload as { clientId: unknown }).clientId).toBeNull();
  });

  it("write one delivery per endpoint with its own id and the same bytes", async () => {
    const { owner } = await world();
    const emitted = await emitInTransaction(confirmedPayment(owner));
    const rows = await (await db()).webhookDelivery.findMany({ where: { eventId: emitted.eventId } });
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
    expect(rows.every((r) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(r.id))).toBe(true);
    expect(new Set(rows.map((r) => r.body)).size).toBe(1);
    expect(rows.every((r) => r.status === "pending" && r.attemptCount === 0)).toBe(true);
  });
});

describe("the outbox", () => {
  it("keeps an event only if the transaction that emitted it commits", async () => {
    const { owner } = await world();
    const prisma = await db();
    const before = await prisma.webhookEvent.count();
    const deliveriesBefore = await prisma.webhookDelivery.count();
    await expect(
      prisma.$transaction(async (tx) => {
        await emitEvent(tx, confirmedPayment(owner));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await prisma.webhookEvent.count()).toBe(before);
    expect(await prisma.webhookDelivery.count()).toBe(deliveriesBefore);
    await prisma.$transaction((tx) => emitEvent(tx, confirmedPayment(owner)));
    expect(await prisma.webhookEvent.count()).toBe(before + 1);
  });

  it("emits client_id.linked when hosted onboarding is approved, not for direct links nor a refused approval", async () => {
    const { p, o, ep } = await world();
    const prisma = await db();
    const linked = () =>
      prisma.webhookEvent.findMany({ where: { event: "client_id.linked" }, include: { deliveries: true } });
    const before = (await linked()).length;

    const direct = await createClientIdRecord(p.platformId, { label: "direct", allowedDomains: [TEST_ORIGIN] });
    await linkClientIdDirect(p.platformId, direct.id, o.orchestratorId);
    expect(await linked()).toHaveLength(before);

    // Refused: the client ID is linked to this orchestrator directly... to another one.
    const o2 = await createTestOrchestrator("other orchestrator");
    const refused = await createLinkRequest(o2.orchestratorId, { externalId: "nope" });
    await expect(
      approveLinkRequest(
        p.platformId,
        { intentId: refused.intentId, key: onboardingKey(refused.intentId) },
        direct.clientId,
      ),
    ).rejects.toThrow(/already linked/);
    expect(await linked()).toHaveLength(before);

    await unlinkClientId(p.platformId, direct.id);
    const request = await createLinkRequest(o.orchestratorId, {
      externalId: "merchant-7",
      chain: "base",
      currency: "USDC",
    });
    const approved = await approveLinkRequest(
      p.platformId,
      { intentId: request.intentId, key: onboardingKey(request.intentId) },
      p.clientId,
    );
    const events = await linked();
    expect(events).toHaveLength(before + 1);
    const event = events.at(-1)!;
    expect(event.deliveries.map((d) => d.endpointId)).toEqual([ep.orchestrator]);
    expect(JSON.parse(event.deliveries[0].body)).toEqual({
      event: "client_id.linked",
      clientId: p.clientId,
      orchestratorId: o.orchestratorId,
      linkId: approved.linkId,
      intentId: request.intentId,
      externalId: "merchant-7",
      destinationId: null,
      destinationWalletAddress: null,
      chain: "base",
      currency: "USDC",
      timestamp: approved.linkedAt?.toISOString(),
    });
  });
});

describe("payloads", () => {
  // The field lists of the events (docs/interface.md "Events"), in order.
  const FIELDS: Record<(typeof CURRENT_EVENTS)[number], string[]> = {
    "client_id.linked": [
      "event",
      "clientId",
      "orchestratorId",
      "linkId",
      "intentId",
      "externalId",
      "destinationId",
      "destinationWalletAddress",
      "chain",
      "currency",
      "timestamp",
    ],
    "payment.confirmed": [
      "event",
      "requestId",
      "requestID",
      "paymentReference",
      "explorer",
      "amount",
      "totalAmountPaid",
      "expectedAmount",
      "excessAmount",
      "txHash",
      "payerAddress",
      "payerEoaAddress",
      "network",
      "currency",
      "paymentCurrency",
      "isCryptoToFiat",
      "subStatus",
      "paymentProcessor",
      "fees",
      "reference",
      "customerInfo",
      "origin",
      "crosschain",
      "clientId",
      "orchestratorId",
      "timestamp",
    ],
    "payment.failed": ["event", "requestId", "requestID", "paymentReference", "subStatus", "paymentProcessor"],
    "kyt.screening.completed": [
      "event",
      "paymentToken",
      "walletAddress",
      "eoaAddress",
      "smartAccountAddress",
      "status",
      "provider",
      "policyId",
      "clientId",
      "orchestratorId",
      "timestamp",
    ],
    "secure_payment.user_event": [
      "event",
      "userEvent",
      "securePaymentToken",
      "requestId",
      "requestIds",
      "clientId",
      "orchestratorId",
      "occurredAt",
      "timestamp",
      "properties",
    ],
    "secure_payment.access_rejected": [
      "event",
      "requestId",
      "attemptedPayerWalletAddress",
      "clientId",
      "orchestratorId",
      "timestamp",
    ],
  };

  it.each(CURRENT_EVENTS)("%s has exactly the documented fields, event and requestID filled in", (name: EventName) => {
    const owner = { platformId: "p", clientIdId: "c", clientId: "cid_x", orchestratorId: "o" };
    const { payload } = exampleEvent(name, owner);
    expect(Object.keys(payload)).toEqual(FIELDS[name as (typeof CURRENT_EVENTS)[number]]);
    expect(payload).toMatchObject({ event: name });
    if ("requestID" in payload) expect(payload.requestID).toBe((payload as { requestId: string }).requestId);
    expect(z.safeEncode(EVENT_PAYLOADS[name], payload).success).toBe(true);
    expect(() => z.encode(EVENT_PAYLOADS[name] as z.ZodType, { ...payload, extra: 1 })).toThrow();
  });
});
