// The webhook management API (`/docs`, tag "Webhooks") and the delivery log over HTTP, with a real
// receiver and the delivery worker running (short retry delays: the schedule itself is
// tested in delivery.test.ts).
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as platformResend from "@/app/v1/webhook/[webhookId]/deliveries/[deliveryId]/resend/route";
import * as platformDelivery from "@/app/v1/webhook/[webhookId]/deliveries/[deliveryId]/route";
import * as platformDeliveries from "@/app/v1/webhook/[webhookId]/deliveries/route";
import * as platformRotate from "@/app/v1/webhook/[webhookId]/rotate-secret/route";
import * as platformWebhook from "@/app/v1/webhook/[webhookId]/route";
import * as platformWebhooks from "@/app/v1/webhook/route";
import * as platformTest from "@/app/v1/webhook/test/route";
import * as directLink from "@/app/v2/client-ids/[id]/orchestrator-link/route";
import * as orchestratorDeliveries from "@/app/v2/orchestrators/webhooks/[id]/deliveries/route";
import * as orchestratorRotate from "@/app/v2/orchestrators/webhooks/[id]/rotate-secret/route";
import * as orchestratorWebhook from "@/app/v2/orchestrators/webhooks/[id]/route";
import * as orchestratorWebhooks from "@/app/v2/orchestrators/webhooks/route";
import * as orchestratorTest from "@/app/v2/orchestrators/webhooks/test/route";
import { db } from "../db/client";
import { createTestOrchestrator, createTestSession } from "../orchestrators/fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { type Answer, type Receiver, startReceiver } from "./receiver-fixtures";
import { eventually, startTestDelivery } from "./webhook-fixtures";

let delivery: Awaited<ReturnType<typeof startTestDelivery>>;
let receiver: Receiver;
let answer: Answer = 200;
beforeAll(async () => {
  delivery = await startTestDelivery({ timing: { retryDelaysMs: [50, 50, 50], attemptTimeoutMs: 2000 } });
  receiver = await startReceiver(() => answer);
});
afterAll(async () => {
  await delivery.stop();
  await receiver.close();
});

const asClient = (p: { clientId: string }) => ({ "x-client-id": p.clientId, origin: TEST_ORIGIN });
const asOwner = (p: { apiKey: string }) => ({ "x-api-key": p.apiKey });
/** A platform whose client ID may manage webhooks alone (as client IDs from before the setting). */
const legacyPlatform = () => createTestPlatform("legacy client ID", { webhookRegistrationByClientId: true });

describe("platform webhook endpoints (/v1/webhook)", () => {
  it("registers with x-client-id, shows the secret once, and stores it only encrypted", async () => {
    const p = await legacyPlatform();
    const created = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asClient(p),
      body: { url: `${receiver.url}/a` },
    });
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(["id", "secret"]);
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await call(platformWebhooks, "GET", "/v1/webhook", { headers: asClient(p) });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      expect.objectContaining({ id: created.json.id, url: `${receiver.url}/a`, isActive: true, clientId: p.clientId }),
    ]);
    expect(list.text).not.toContain(created.json.secret);

    const row = await (await db()).webhookEndpoint.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(row.secretEncrypted).not.toContain(created.json.secret.slice(6, 20));
  });

  it("takes the client ID from the body or query with a dashboard session, and only the session's own", async () => {
    const p = await createTestPlatform();
    const other = await createTestPlatform("other");
    const { token } = await createTestSession(p.platformId);
    const auth = { authorization: `Bearer ${token}` };
    const missing = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: auth,
      body: { url: `${receiver.url}/s` },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([expect.objectContaining({ field: "clientId" })]);
    const foreign = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: auth,
      body: { url: `${receiver.url}/s`, clientId: other.clientId },
    });
    expect(foreign.status).toBe(404);
    const ok = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: auth,
      body: { url: `${receiver.url}/s`, clientId: p.clientId },
    });
    expect(ok.status).toBe(201);
    const listed = await call(platformWebhooks, "GET", `/v1/webhook?clientId=${p.clientIdId}`, { headers: auth });
    expect(listed.json.map((e: { id: string }) => e.id)).toEqual([ok.json.id]);
    expect(
      (await call(platformWebhooks, "GET", `/v1/webhook?clientId=${other.clientId}`, { headers: auth })).status,
    ).toBe(404);
  });

  it("deactivates, reactivates and deletes for good", async () => {
    const p = await legacyPlatform();
    const { json: created } = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asClient(p),
      body: { url: `${receiver.url}/d` },
    });
    const params = { webhookId: created.id };
    const off = await call(platformWebhook, "PUT", `/v1/webhook/${created.id}`, {
      headers: asClient(p),
      params,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: created.id, isActive: false });
    expect(off.text).not.toContain("secret");
    const on = await call(platformWebhook, "PUT", `/v1/webhook/${created.id}`, {
      headers: asClient(p),
      params,
      body: { isActive: true },
    });
    expect(on.json.isActive).toBe(true);
    const del = await call(platformWebhook, "DELETE", `/v1/webhook/${created.id}`, { headers: asOwner(p), params });
    expect(del.json).toEqual({ id: created.id, deleted: true });
    expect(
      (await call(platformWebhook, "DELETE", `/v1/webhook/${created.id}`, { headers: asOwner(p), params })).status,
    ).toBe(404);
    expect((await call(platformWebhooks, "GET", "/v1/webhook", { headers: asClient(p) })).json).toEqual([]);
  });

  it("sends a signed test event to the active endpoints only", async () => {
    const p = await legacyPlatform();
    const a = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asClient(p),
      body: { url: `${receiver.url}/t1` },
    });
    const b = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asClient(p),
      body: { url: `${receiver.url}/t2` },
    });
    await call(platformWebhook, "PUT", `/v1/webhook/${b.json.id}`, {
      headers: asClient(p),
      params: { webhookId: b.json.id },
      body: { isActive: false },
    });
    const before = receiver.received.length;
    const test = await call(platformTest, "POST", "/v1/webhook/test", {
      headers: asClient(p),
      body: { eventType: "payment.confirmed" },
    });
    expect(test.status, test.text).toBe(202);
    expect(test.json.deliveries).toEqual([{ id: expect.any(String), webhookId: a.json.id, url: `${receiver.url}/t1` }]);
    await receiver.waitFor(before + 1);
    const got = receiver.received.find((r) => r.headers["x-service-delivery"] === test.json.deliveries[0].id)!;
    expect(got.path).toBe("/t1");
    expect(got.headers["x-service-test"]).toBe("true");
    expect(JSON.parse(got.raw.toString())).toMatchObject({ event: "payment.confirmed", clientId: p.clientId });

    const bad = await call(platformTest, "POST", "/v1/webhook/test", {
      headers: asClient(p),
      body: { eventType: "payment.exploded" },
    });
    expect(bad.status).toBe(400);
    const inactive = await call(platformTest, "POST", "/v1/webhook/test", {
      headers: asClient(p),
      body: { eventType: "payment.failed", webhookId: b.json.id },
    });
    expect(inactive.status).toBe(409);
  });

  it("sends the hosted service's header names too, per endpoint, when asked at registration or later", async () => {
    const p = await createTestPlatform();
    const hosted = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asOwner(p),
      body: { url: `${receiver.url}/rn1`, clientId: p.clientId, requestNetworkHeaders: true },
    });
    const plain = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asOwner(p),
      body: { url: `${receiver.url}/rn2`, clientId: p.clientId },
    });
    expect(hosted.status, hosted.text).toBe(201);
    const list = await call(platformWebhooks, "GET", `/v1/webhook?clientId=${p.clientId}`, { headers: asOwner(p) });
    expect(list.json.map((e: { requestNetworkHeaders: boolean }) => e.requestNetworkHeaders)).toEqual([true, false]);

    const sendTest = async () => {
      const before = receiver.received.length;
      const test = await call(platformTest, "POST", "/v1/webhook/test", {
        headers: asOwner(p),
        body: { eventType: "payment.confirmed", clientId: p.clientId },
      });
      expect(test.status, test.text).toBe(202);
      await receiver.waitFor(before + 2);
      const byPath = (path: string) =>
        receiver.received.find(
          (r) =>
            r.path === path &&
            test.json.deliveries.some((d: { id: string }) => d.id === r.headers["x-service-delivery"]),
        )!;
      return [byPath("/rn1"), byPath("/rn2")];
    };
    const [withNames, without] = await sendTest();
    const secretOf = { "/rn1": hosted.json.secret, "/rn2": plain.json.secret };
    expect(withNames.headers["x-request-network-signature"]).toBe(
      createHmac("sha256", secretOf["/rn1"]).update(withNames.raw).digest("hex"),
    );
    expect(withNames.headers["x-request-network-signature"]).toBe(withNames.headers["x-service-signature"]);
    expect(withNames.headers["x-request-network-delivery"]).toBe(withNames.headers["x-service-delivery"]);
    expect(withNames.headers["x-request-network-retry-count"]).toBe("0");
    expect(withNames.headers["x-request-network-test"]).toBe("true");
    expect(withNames.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(Object.keys(without.headers).filter((h) => h.startsWith("x-request-network-"))).toEqual([]);

    // Turned on for the second endpoint and off for the first: the next deliveries follow.
    const on = await call(platformWebhook, "PUT", `/v1/webhook/${plain.json.id}`, {
      headers: asOwner(p),
      params: { webhookId: plain.json.id },
      body: { requestNetworkHeaders: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toMatchObject({ requestNetworkHeaders: true, isActive: true });
    await call(platformWebhook, "PUT", `/v1/webhook/${hosted.json.id}`, {
      headers: asOwner(p),
      params: { webhookId: hosted.json.id },
      body: { requestNetworkHeaders: false },
    });
    const [first, second] = await sendTest();
    expect(first.headers["x-request-network-signature"]).toBeUndefined();
    expect(second.headers["x-request-network-signature"]).toBe(
      createHmac("sha256", secretOf["/rn2"]).update(second.raw).digest("hex"),
    );

    const empty = await call(platformWebhook, "PUT", `/v1/webhook/${plain.json.id}`, {
      headers: asOwner(p),
      params: { webhookId: plain.json.id },
      body: {},
    });
    expect(empty.status).toBe(400);
  });

  it("refuses a URL that is not http(s) or carries credentials, naming the field", async () => {
    const p = await legacyPlatform();
    for (const url of [
      "ftp://example.com/x",
      "not a url",
      "https://user:pass@example.com/hook",
      `https://example.com/${"x".repeat(2100)}`,
    ]) {
      const r = await call(platformWebhooks, "POST", "/v1/webhook", { headers: asClient(p), body: { url } });
      expect(r.status, url).toBe(400);
      expect(r.json.errors[0].field).toBe("url");
    }
  });
});

describe("secret rotation (POST /v1/webhook/{id}/rotate-secret)", () => {
  /** Verifies like a receiver using the standardwebhooks package; throws when the signature does not match. */
  const verify = (secret: string, got: { raw: Buffer; headers: Record<string, unknown> }) =>
    new Webhook(secret).verify(got.raw.toString("utf8"), got.headers as Record<string, string>);

  it("signs with the old and the new secret during the overlap, with the new one only after", async () => {
    const p = await legacyPlatform();
    const created = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asOwner(p),
      body: { url: `${receiver.url}/rot`, clientId: p.clientId },
    });
    const id = created.json.id as string;
    const oldSecret = created.json.secret as string;
    const sendTest = async () => {
      const before = receiver.received.length;
      const test = await call(platformTest, "POST", "/v1/webhook/test", {
        headers: asOwner(p),
        body: { eventType: "payment.confirmed", clientId: p.clientId },
      });
      expect(test.status, test.text).toBe(202);
      await receiver.waitFor(before + 1);
      return receiver.received.find((r) => r.headers["x-service-delivery"] === test.json.deliveries[0].id)!;
    };
    const rotate = (body: object, headers: Record<string, string> = asOwner(p)) =>
      call(platformRotate, "POST", `/v1/webhook/${id}/rotate-secret`, { headers, params: { webhookId: id }, body });

    // The client ID alone (a public value) may not rotate: it would get a secret that signs the platform's events.
    expect((await rotate({}, asClient(p))).status).toBe(401);
    expect((await rotate({ overlapSeconds: 8 * 24 * 3600 })).status).toBe(400);

    const rotated = await rotate({});
    expect(rotated.status, rotated.text).toBe(200);
    expect(Object.keys(rotated.json).sort()).toEqual(["id", "previousSecretExpiresAt", "secret"]);
    const newSecret = rotated.json.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(rotated.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);
    const listed = await call(platformWebhooks, "GET", `/v1/webhook?clientId=${p.clientId}`, { headers: asOwner(p) });
    expect(listed.json[0].previousSecretExpiresAt).toBe(rotated.json.previousSecretExpiresAt);
    expect(listed.text).not.toContain(newSecret);

    // During the overlap: two v1 signatures, the new first; receivers with either secret verify.
    const during = await sendTest();
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(oldSecret, during)).toMatchObject({ event: "payment.confirmed" });
    expect(verify(newSecret, during)).toMatchObject({ event: "payment.confirmed" });
    expect(during.headers["x-service-signature"]).toBe(
      createHmac("sha256", newSecret).update(during.raw).digest("hex"),
    );

    // The overlap is over: only the new secret signs.
    await (await db()).webhookEndpoint.update({
      where: { id },
      data: { previousSecretExpiresAt: new Date(Date.now() - 1000) },
    });
    const after = await sendTest();
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verify(newSecret, after)).toMatchObject({ event: "payment.confirmed" });
    expect(() => verify(oldSecret, after)).toThrow();
    const listedAfter = await call(platformWebhooks, "GET", `/v1/webhook?clientId=${p.clientId}`, {
      headers: asOwner(p),
    });
    expect(listedAfter.json[0].previousSecretExpiresAt).toBeNull();

    // overlapSeconds 0 retires the replaced secret at once.
    const now = await rotate({ overlapSeconds: 0 });
    expect(now.json.previousSecretExpiresAt).toBeNull();
    const atOnce = await sendTest();
    expect(verify(now.json.secret, atOnce)).toMatchObject({ event: "payment.confirmed" });
    expect(() => verify(newSecret, atOnce)).toThrow();
  });
  it("rotates an orchestrator endpoint's secret the same way", async () => {
    const o = await createTestOrchestrator();
    const h = { "x-orchestrator-key": o.orchestratorKey };
    const created = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", {
      headers: h,
      body: { url: `${receiver.url}/orch-rot` },
    });
    const id = created.json.webhook.id as string;
    const rotated = await call(orchestratorRotate, "POST", `/v2/orchestrators/webhooks/${id}/rotate-secret`, {
      headers: h,
      params: { id },
      body: { overlapSeconds: 3600 },
    });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.json.secret).not.toBe(created.json.secret);
    expect(Date.parse(rotated.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(3500_000);
    const before = receiver.received.length;
    const test = await call(orchestratorTest, "POST", "/v2/orchestrators/webhooks/test", {
      headers: h,
      body: { eventType: "payment.confirmed" },
    });
    expect(test.status, test.text).toBe(202);
    await receiver.waitFor(before + 1);
    const got = receiver.received.find((r) => r.headers["x-service-delivery"] === test.json.deliveries[0].id)!;
    expect(verify(created.json.secret, got)).toMatchObject({ event: "payment.confirmed" });
    expect(verify(rotated.json.secret, got)).toMatchObject({ event: "payment.confirmed" });
  });
});

describe("a platform's test event of a linked client ID", () => {
  it("names the orchestrator the client ID is linked to, not a stand-in", async () => {
    const p = await createTestPlatform("linked test events");
    const o = await createTestOrchestrator("Linked orchestrator");
    const linked = await call(directLink, "POST", `/v2/client-ids/${p.clientIdId}/orchestrator-link`, {
      headers: asOwner(p),
      params: { id: p.clientIdId },
      body: { orchestratorId: o.orchestratorId },
    });
    expect(linked.status, linked.text).toBe(201);
    await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asOwner(p),
      body: { url: `${receiver.url}/linked`, clientId: p.clientId },
    });
    const before = receiver.received.length;
    const test = await call(platformTest, "POST", "/v1/webhook/test", {
      headers: asOwner(p),
      body: { eventType: "client_id.linked", clientId: p.clientId },
    });
    expect(test.status, test.text).toBe(202);
    await receiver.waitFor(before + 1);
    const got = receiver.received.find((r) => r.headers["x-service-delivery"] === test.json.deliveries[0].id)!;
    expect(JSON.parse(got.raw.toString())).toMatchObject({
      event: "client_id.linked",
      orchestratorId: o.orchestratorId,
    });
  });
});

describe("what a client ID alone may do (it is public, and Origin is only a header outside a browser)", () => {
  /** An endpoint of `p`'s client ID with one finished delivery in its log. */
  async function endpointWithDelivery(p: { apiKey: string; clientId: string }) {
    const created = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asOwner(p),
      body: { url: `${receiver.url}/owned`, clientId: p.clientId },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const test = await call(platformTest, "POST", "/v1/webhook/test", {
      headers: asOwner(p),
      body: { eventType: "payment.confirmed", clientId: p.clientId },
    });
    const deliveryId = test.json.deliveries[0].id as string;
    await eventually(
      async () =>
        (
          await call(platformDelivery, "GET", `/v1/webhook/${id}/deliveries/${deliveryId}`, {
            headers: asOwner(p),
            params: { webhookId: id, deliveryId },
          })
        ).json,
      (d) => d.status === "delivered",
    );
    return { id, deliveryId };
  }

  it.each([
    ["off (new client IDs)", false],
    ["on", true],
  ])(
    "with the setting %s: cannot read the delivery log or payloads, resend or delete; an API key and a session can",
    async (_name, setting) => {
      const p = await createTestPlatform("forged origin", { webhookRegistrationByClientId: setting });
      const { token } = await createTestSession(p.platformId);
      const { id, deliveryId } = await endpointWithDelivery(p);
      const params = { webhookId: id, deliveryId };
      const forged = asClient(p); // the allowed Origin, sent by a script: nothing proves a browser
      const attempts = [
        () => call(platformDeliveries, "GET", `/v1/webhook/${id}/deliveries`, { headers: forged, params }),
        () => call(platformDelivery, "GET", `/v1/webhook/${id}/deliveries/${deliveryId}`, { headers: forged, params }),
        () =>
          call(platformResend, "POST", `/v1/webhook/${id}/deliveries/${deliveryId}/resend`, {
            headers: forged,
            params,
          }),
        () => call(platformWebhook, "DELETE", `/v1/webhook/${id}`, { headers: forged, params }),
      ];
      for (const attempt of attempts) {
        const r = await attempt();
        expect(r.status, r.text).toBe(401);
        expect(r.json.message).toMatch(/does not accept x-client-id/);
        expect(r.text).not.toContain("payment.confirmed");
      }
      const row = await (await db()).webhookEndpoint.findUniqueOrThrow({
        where: { id },
        include: { deliveries: true },
      });
      expect(row.deliveries.map((d) => [d.id, d.round])).toEqual([[deliveryId, 0]]);

      for (const owner of [asOwner(p), { authorization: `Bearer ${token}` }]) {
        expect(
          (await call(platformDeliveries, "GET", `/v1/webhook/${id}/deliveries`, { headers: owner, params })).json
            .deliveries,
        ).toHaveLength(1);
        expect(
          (
            await call(platformDelivery, "GET", `/v1/webhook/${id}/deliveries/${deliveryId}`, {
              headers: owner,
              params,
            })
          ).json.payload,
        ).toMatchObject({ event: "payment.confirmed" });
      }
      expect(
        (
          await call(platformResend, "POST", `/v1/webhook/${id}/deliveries/${deliveryId}/resend`, {
            headers: { authorization: `Bearer ${token}` },
            params,
          })
        ).status,
      ).toBe(202);
      await eventually(
        async () => (await db()).webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } }),
        (d) => d.status === "delivered",
      );
      expect(
        (await call(platformWebhook, "DELETE", `/v1/webhook/${id}`, { headers: asOwner(p), params })).json,
      ).toEqual({ id, deleted: true });
    },
  );

  it("cannot register, list, (de)activate or test by default; an API key and a session can", async () => {
    const p = await createTestPlatform("new client ID");
    const { token } = await createTestSession(p.platformId);
    const off = [
      await call(platformWebhooks, "POST", "/v1/webhook", {
        headers: asClient(p),
        body: { url: `${receiver.url}/stolen` },
      }),
      await call(platformWebhooks, "GET", "/v1/webhook", { headers: asClient(p) }),
      await call(platformTest, "POST", "/v1/webhook/test", {
        headers: asClient(p),
        body: { eventType: "payment.confirmed" },
      }),
    ];
    const { id } = (
      await call(platformWebhooks, "POST", "/v1/webhook", {
        headers: asOwner(p),
        body: { url: `${receiver.url}/kept`, clientId: p.clientId },
      })
    ).json;
    off.push(
      await call(platformWebhook, "PUT", `/v1/webhook/${id}`, {
        headers: asClient(p),
        params: { webhookId: id },
        body: { isActive: false },
      }),
    );
    for (const r of off) {
      expect(r.status, r.text).toBe(403);
      expect(r.json.message).toMatch(/turned off for this client ID/);
    }
    const endpoints = await (await db()).webhookEndpoint.findMany({ where: { clientIdId: p.clientIdId } });
    expect(endpoints.map((e) => [e.url, e.isActive])).toEqual([[`${receiver.url}/kept`, true]]);

    const bySession = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: { authorization: `Bearer ${token}` },
      body: { url: `${receiver.url}/s`, clientId: p.clientId },
    });
    expect(bySession.status).toBe(201);
    const list = await call(platformWebhooks, "GET", `/v1/webhook?clientId=${p.clientId}`, { headers: asOwner(p) });
    expect(list.json.map((e: { clientIdActions: unknown[] }) => e.clientIdActions)).toEqual([[], []]);
    expect((await call(platformWebhooks, "GET", "/v1/webhook", { headers: asOwner(p) })).json.errors).toEqual([
      expect.objectContaining({ field: "clientId" }),
    ]);
  });

  it("records what the client ID alone did, with when, the address and the Origin", async () => {
    const p = await legacyPlatform();
    const from = { ...asClient(p), "x-forwarded-for": "6.6.6.6, 203.0.113.44" };
    const created = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: from,
      body: { url: `${receiver.url}/marked` },
    });
    expect(created.status).toBe(201);
    const params = { webhookId: created.json.id };
    await call(platformWebhook, "PUT", `/v1/webhook/${created.json.id}`, {
      headers: from,
      params,
      body: { isActive: false },
    });
    await call(platformWebhook, "PUT", `/v1/webhook/${created.json.id}`, {
      headers: asOwner(p),
      params,
      body: { isActive: true },
    });
    const [view] = (await call(platformWebhooks, "GET", `/v1/webhook?clientId=${p.clientId}`, { headers: asOwner(p) }))
      .json;
    expect(view.clientIdActions).toEqual([
      { action: "registered", at: expect.any(String), address: "203.0.113.44", origin: TEST_ORIGIN },
      { action: "deactivated", at: expect.any(String), address: "203.0.113.44", origin: TEST_ORIGIN },
    ]);
    expect(Date.parse(view.clientIdActions[1].at)).toBeGreaterThan(Date.now() - 60_000);
    expect(view.isActive).toBe(true);
  });
});

describe("orchestrator webhook endpoints (/v2/orchestrators/webhooks)", () => {
  it("refuses a URL over 2,048 characters with a 400 naming url, and accepts one of exactly 2,048", async () => {
    const o = await createTestOrchestrator();
    const h = { "x-orchestrator-key": o.orchestratorKey };
    const long = `${receiver.url}/${"x".repeat(3000)}`;
    const refused = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", {
      headers: h,
      body: { url: long },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({ field: "url", message: "must be at most 2048 characters" });
    const exact = long.slice(0, 2048);
    const ok = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", {
      headers: h,
      body: { url: exact },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.webhook.url).toBe(exact);
  });

  it("registers once per URL, deactivates with DELETE (kept, listed) and reactivates with PATCH", async () => {
    const o = await createTestOrchestrator();
    const h = { "x-orchestrator-key": o.orchestratorKey };
    const url = `${receiver.url}/orch`;
    const created = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", {
      headers: h,
      body: { url },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      webhook: { id: expect.any(String), url, isActive: true, createdAt: expect.any(String) },
      secret: expect.stringMatching(/^whsec_/),
    });
    const id = created.json.webhook.id;

    const off = await call(orchestratorWebhook, "DELETE", `/v2/orchestrators/webhooks/${id}`, {
      headers: h,
      params: { id },
    });
    expect(off.json).toEqual({ ...created.json.webhook, isActive: false });
    const again = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", { headers: h, body: { url } });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/reactivate/);
    const list = await call(orchestratorWebhooks, "GET", "/v2/orchestrators/webhooks", { headers: h });
    expect(list.json).toEqual([{ ...created.json.webhook, isActive: false }]);
    const on = await call(orchestratorWebhook, "PATCH", `/v2/orchestrators/webhooks/${id}`, {
      headers: h,
      params: { id },
    });
    expect(on.json.isActive).toBe(true);

    // Another orchestrator may register the same URL, with its own secret.
    const o2 = await createTestOrchestrator("second");
    const theirs = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", {
      headers: { "x-orchestrator-key": o2.orchestratorKey },
      body: { url },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.json.secret).not.toBe(created.json.secret);

    const test = await call(orchestratorTest, "POST", "/v2/orchestrators/webhooks/test", {
      headers: h,
      body: { eventType: "client_id.linked" },
    });
    expect(test.status).toBe(202);
    const [got] = await eventually(
      async () => receiver.received.filter((r) => r.headers["x-service-delivery"] === test.json.deliveries[0].id),
      (l) => l.length === 1,
    );
    expect(JSON.parse(got.raw.toString())).toMatchObject({
      event: "client_id.linked",
      orchestratorId: o.orchestratorId,
    });
  });
});

describe("orchestrator webhook limits", () => {
  const register = (h: Record<string, string>, url: string) =>
    call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", { headers: h, body: { url } });

  it("counts active endpoints towards the 20: the documented URL change (deactivate, register the new one) works at the cap", async () => {
    const o = await createTestOrchestrator("at the cap");
    const h = { "x-orchestrator-key": o.orchestratorKey };
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await register(h, `${receiver.url}/cap-${i}`);
      expect(r.status, r.text).toBe(201);
      ids.push(r.json.webhook.id);
    }
    const full = await register(h, `${receiver.url}/cap-20`);
    expect(full.status).toBe(409);
    expect(full.json.message).toMatch(/20 active/);

    for (const id of ids.slice(0, 3))
      expect(
        (await call(orchestratorWebhook, "DELETE", `/v2/orchestrators/webhooks/${id}`, { headers: h, params: { id } }))
          .status,
      ).toBe(200);
    for (let i = 20; i < 23; i++) expect((await register(h, `${receiver.url}/cap-${i}`)).status).toBe(201);
    // The old URLs are still registered (inactive): not twice, and reactivating one would pass the cap.
    expect((await register(h, `${receiver.url}/cap-0`)).status).toBe(409);
    const back = await call(orchestratorWebhook, "PATCH", `/v2/orchestrators/webhooks/${ids[0]}`, {
      headers: h,
      params: { id: ids[0] },
    });
    expect(back.status).toBe(409);
    expect(back.json.message).toMatch(/20 active/);
  });

  it("removes an endpoint for good with ?permanent=true, after which its URL can be registered again", async () => {
    const o = await createTestOrchestrator("permanent removal");
    const h = { "x-orchestrator-key": o.orchestratorKey };
    const url = `${receiver.url}/removed`;
    const created = await register(h, url);
    const id = created.json.webhook.id;
    const gone = await call(orchestratorWebhook, "DELETE", `/v2/orchestrators/webhooks/${id}?permanent=true`, {
      headers: h,
      params: { id },
    });
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ id, deleted: true });
    expect((await call(orchestratorWebhooks, "GET", "/v2/orchestrators/webhooks", { headers: h })).json).toEqual([]);
    expect(
      (await call(orchestratorWebhook, "PATCH", `/v2/orchestrators/webhooks/${id}`, { headers: h, params: { id } }))
        .status,
    ).toBe(404);
    const again = await register(h, url);
    expect(again.status).toBe(201);
    expect(again.json.secret).not.toBe(created.json.secret);
    const bad = await call(orchestratorWebhook, "DELETE", `/v2/orchestrators/webhooks/${id}?permanent=yes`, {
      headers: h,
      params: { id },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([expect.objectContaining({ field: "permanent" })]);
  });

  it("keeps at most 100 registered endpoints in all, and says how to make room", async () => {
    const o = await createTestOrchestrator("many inactive");
    const h = { "x-orchestrator-key": o.orchestratorKey };
    for (let i = 0; i < 100; i++) {
      const r = await register(h, `${receiver.url}/many-${i}`);
      expect(r.status, r.text).toBe(201);
      const id = r.json.webhook.id;
      if (i >= 10)
        await call(orchestratorWebhook, "DELETE", `/v2/orchestrators/webhooks/${id}`, { headers: h, params: { id } });
    }
    const over = await register(h, `${receiver.url}/many-100`);
    expect(over.status).toBe(409);
    expect(over.json.message).toMatch(/permanent=true/);
  });
});

describe("the delivery log", () => {
  it("lists every attempt with the request and reference it is about, filters by event and status, pages, and resends with the same id", async () => {
    const p = await legacyPlatform();
    const { json: hook } = await call(platformWebhooks, "POST", "/v1/webhook", {
      headers: asClient(p),
      body: { url: `${receiver.url}/log` },
    });
    const params = { webhookId: hook.id };
    answer = 503;
    const failing = await call(platformTest, "POST", "/v1/webhook/test", {
      headers: asClient(p),
      body: { eventType: "payment.failed" },
    });
    const failedId = failing.json.deliveries[0].id;
    const failed = await eventually(
      async () =>
        (
          await call(platformDelivery, "GET", `/v1/webhook/${hook.id}/deliveries/${failedId}`, {
            headers: asOwner(p),
            params: { ...params, deliveryId: failedId },
          })
        ).json,
      (d) => d.status === "failed",
    );
    expect(
      failed.attempts.map((a: { retryCount: number; statusCode: number; ok: boolean }) => [
        a.retryCount,
        a.statusCode,
        a.ok,
      ]),
      JSON.stringify(failed.attempts[0]),
    ).toEqual([
      [0, 503, false],
      [1, 503, false],
      [2, 503, false],
      [3, 503, false],
    ]);
    expect(failed.attempts[0]).toMatchObject({
      durationMs: expect.any(Number),
      startedAt: expect.any(String),
      responseExcerpt: "error 503",
      error: "receiver answered 503",
    });
    expect(failed.payload).toMatchObject({ event: "payment.failed", subStatus: "insufficient_funds" });
    // The row says which request and order it is about, as the payload names them.
    expect(failed.requestId).toMatch(/\S/);
    expect([failed.requestId, failed.reference]).toEqual([failed.payload.requestId, failed.payload.reference ?? null]);

    answer = 200;
    for (const eventType of ["payment.confirmed", "kyt.screening.completed"]) {
      const t = await call(platformTest, "POST", "/v1/webhook/test", { headers: asClient(p), body: { eventType } });
      await eventually(
        async () => receiver.received.some((r) => r.headers["x-service-delivery"] === t.json.deliveries[0].id),
        Boolean,
      );
    }
    const url = `/v1/webhook/${hook.id}/deliveries`;
    const all = await eventually(
      async () => (await call(platformDeliveries, "GET", url, { headers: asOwner(p), params })).json,
      (page) => page.deliveries.filter((d: { status: string }) => d.status === "delivered").length === 2,
    );
    expect(all.deliveries.find((d: { id: string }) => d.id === failedId)).toMatchObject({
      requestId: failed.requestId,
      reference: failed.reference,
    });
    expect(all.deliveries.map((d: { event: string }) => d.event)).toEqual([
      "kyt.screening.completed",
      "payment.confirmed",
      "payment.failed",
    ]);
    const onlyFailed = await call(platformDeliveries, "GET", `${url}?status=failed`, { headers: asOwner(p), params });
    expect(onlyFailed.json.deliveries.map((d: { id: string }) => d.id)).toEqual([failedId]);
    const onlyKyt = await call(platformDeliveries, "GET", `${url}?event=kyt.screening.completed`, {
      headers: asOwner(p),
      params,
    });
    expect(onlyKyt.json.deliveries).toHaveLength(1);
    const page1 = await call(platformDeliveries, "GET", `${url}?limit=2`, { headers: asOwner(p), params });
    expect(page1.json.deliveries).toHaveLength(2);
    const page2 = await call(platformDeliveries, "GET", `${url}?limit=2&cursor=${page1.json.nextCursor}`, {
      headers: asOwner(p),
      params,
    });
    expect(page2.json).toEqual({ deliveries: [expect.objectContaining({ id: failedId })], nextCursor: null });
    expect((await call(platformDeliveries, "GET", `${url}?limit=0`, { headers: asOwner(p), params })).status).toBe(400);

    // Resend: a new round, the same delivery id and bytes, retry count from 0 again.
    const firstBytes = receiver.received.find((r) => r.headers["x-service-delivery"] === failedId)!.raw;
    const resend = await call(platformResend, "POST", `${url}/${failedId}/resend`, {
      headers: asOwner(p),
      params: { ...params, deliveryId: failedId },
    });
    expect(resend.status, resend.text).toBe(202);
    expect(resend.json).toMatchObject({ id: failedId, status: "pending", round: 1, attemptCount: 0 });
    const redelivered = await eventually(
      async () =>
        (
          await call(platformDelivery, "GET", `${url}/${failedId}`, {
            headers: asOwner(p),
            params: { ...params, deliveryId: failedId },
          })
        ).json,
      (d) => d.status === "delivered",
    );
    expect(redelivered.attempts.at(-1)).toMatchObject({ round: 1, retryCount: 0, statusCode: 200, ok: true });
    const last = receiver.received.filter((r) => r.headers["x-service-delivery"] === failedId).at(-1)!;
    expect(last.headers["x-service-retry-count"]).toBe("0");
    expect(last.raw.equals(firstBytes)).toBe(true);
    // A delivery still in progress cannot be doubled up.
    answer = "hang";
    const again = await call(platformResend, "POST", `${url}/${failedId}/resend`, {
      headers: asOwner(p),
      params: { ...params, deliveryId: failedId },
    });
    expect(again.status).toBe(202);
    const twice = await call(platformResend, "POST", `${url}/${failedId}/resend`, {
      headers: asOwner(p),
      params: { ...params, deliveryId: failedId },
    });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toMatch(/in progress/);
    answer = 200;
  });

  it("is the orchestrator's too, and answers 404 for a delivery of another endpoint", async () => {
    const o = await createTestOrchestrator();
    const h = { "x-orchestrator-key": o.orchestratorKey };
    const { json: a } = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", {
      headers: h,
      body: { url: `${receiver.url}/oa` },
    });
    const { json: b } = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", {
      headers: h,
      body: { url: `${receiver.url}/ob` },
    });
    const t = await call(orchestratorTest, "POST", "/v2/orchestrators/webhooks/test", {
      headers: h,
      body: { eventType: "payment.confirmed", webhookId: a.webhook.id },
    });
    expect(t.json.deliveries).toHaveLength(1);
    const list = await eventually(
      async () =>
        (
          await call(orchestratorDeliveries, "GET", `/v2/orchestrators/webhooks/${a.webhook.id}/deliveries`, {
            headers: h,
            params: { id: a.webhook.id },
          })
        ).json,
      (page) => page.deliveries[0]?.status === "delivered",
    );
    expect(list.deliveries).toHaveLength(1);
    const empty = await call(orchestratorDeliveries, "GET", `/v2/orchestrators/webhooks/${b.webhook.id}/deliveries`, {
      headers: h,
      params: { id: b.webhook.id },
    });
    expect(empty.json).toEqual({ deliveries: [], nextCursor: null });
  });
});
