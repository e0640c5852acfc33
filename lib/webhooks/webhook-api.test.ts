// The webhook management API (SERVICE.md §4.10) and the delivery log over HTTP, with a real
// receiver and the delivery worker running (short retry delays: the schedule itself is
// tested in delivery.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as orchestratorWebhook from "@/app/v2/orchestrators/webhooks/[id]/route";
import * as orchestratorDeliveries from "@/app/v2/orchestrators/webhooks/[id]/deliveries/route";
import * as orchestratorWebhooks from "@/app/v2/orchestrators/webhooks/route";
import * as orchestratorTest from "@/app/v2/orchestrators/webhooks/test/route";
import * as platformDelivery from "@/app/v1/webhook/[webhookId]/deliveries/[deliveryId]/route";
import * as platformResend from "@/app/v1/webhook/[webhookId]/deliveries/[deliveryId]/resend/route";
import * as platformDeliveries from "@/app/v1/webhook/[webhookId]/deliveries/route";
import * as platformWebhook from "@/app/v1/webhook/[webhookId]/route";
import * as platformWebhooks from "@/app/v1/webhook/route";
import * as platformTest from "@/app/v1/webhook/test/route";
import { db } from "../db/client";
import { createTestOrchestrator, createTestSession } from "../orchestrators/test-fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { startReceiver, type Answer, type Receiver } from "./test-receiver";
import { eventually, startTestDelivery } from "./test-helpers";

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

describe("platform webhook endpoints (/v1/webhook)", () => {
  it("registers with x-client-id, shows the secret once, and stores it only encrypted", async () => {
    const p = await createTestPlatform();
    const created = await call(platformWebhooks, "POST", "/v1/webhook", { headers: asClient(p), body: { url: `${receiver.url}/a` } });
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(["id", "secret"]);
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await call(platformWebhooks, "GET", "/v1/webhook", { headers: asClient(p) });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([expect.objectContaining({ id: created.json.id, url: `${receiver.url}/a`, isActive: true, clientId: p.clientId })]);
    expect(list.text).not.toContain(created.json.secret);

    const row = await (await db()).webhookEndpoint.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(row.secretEncrypted).not.toContain(created.json.secret.slice(6, 20));
  });

  it("takes the client ID from the body or query with a dashboard session, and only the session's own", async () => {
    const p = await createTestPlatform();
    const other = await createTestPlatform("other");
    const { token } = await createTestSession(p.platformId);
    const auth = { authorization: `Bearer ${token}` };
    const missing = await call(platformWebhooks, "POST", "/v1/webhook", { headers: auth, body: { url: `${receiver.url}/s` } });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([expect.objectContaining({ field: "clientId" })]);
    const foreign = await call(platformWebhooks, "POST", "/v1/webhook", { headers: auth, body: { url: `${receiver.url}/s`, clientId: other.clientId } });
    expect(foreign.status).toBe(404);
    const ok = await call(platformWebhooks, "POST", "/v1/webhook", { headers: auth, body: { url: `${receiver.url}/s`, clientId: p.clientId } });
    expect(ok.status).toBe(201);
    const listed = await call(platformWebhooks, "GET", `/v1/webhook?clientId=${p.clientIdId}`, { headers: auth });
    expect(listed.json.map((e: { id: string }) => e.id)).toEqual([ok.json.id]);
    expect((await call(platformWebhooks, "GET", `/v1/webhook?clientId=${other.clientId}`, { headers: auth })).status).toBe(404);
  });

  it("deactivates, reactivates and deletes for good", async () => {
    const p = await createTestPlatform();
    const { json: created } = await call(platformWebhooks, "POST", "/v1/webhook", { headers: asClient(p), body: { url: `${receiver.url}/d` } });
    const params = { webhookId: created.id };
    const off = await call(platformWebhook, "PUT", `/v1/webhook/${created.id}`, { headers: asClient(p), params, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: created.id, isActive: false });
    expect(off.text).not.toContain("secret");
    const on = await call(platformWebhook, "PUT", `/v1/webhook/${created.id}`, { headers: asClient(p), params, body: { isActive: true } });
    expect(on.json.isActive).toBe(true);
    const del = await call(platformWebhook, "DELETE", `/v1/webhook/${created.id}`, { headers: asClient(p), params });
    expect(del.json).toEqual({ id: created.id, deleted: true });
    expect((await call(platformWebhook, "DELETE", `/v1/webhook/${created.id}`, { headers: asClient(p), params })).status).toBe(404);
    expect((await call(platformWebhooks, "GET", "/v1/webhook", { headers: asClient(p) })).json).toEqual([]);
  });

  it("sends a signed test event to the active endpoints only", async () => {
    const p = await createTestPlatform();
    const a = await call(platformWebhooks, "POST", "/v1/webhook", { headers: asClient(p), body: { url: `${receiver.url}/t1` } });
    const b = await call(platformWebhooks, "POST", "/v1/webhook", { headers: asClient(p), body: { url: `${receiver.url}/t2` } });
    await call(platformWebhook, "PUT", `/v1/webhook/${b.json.id}`, { headers: asClient(p), params: { webhookId: b.json.id }, body: { isActive: false } });
    const before = receiver.received.length;
    const test = await call(platformTest, "POST", "/v1/webhook/test", { headers: asClient(p), body: { eventType: "payment.confirmed" } });
    expect(test.status, test.text).toBe(202);
    expect(test.json.deliveries).toEqual([{ id: expect.any(String), webhookId: a.json.id, url: `${receiver.url}/t1` }]);
    await receiver.waitFor(before + 1);
    const got = receiver.received.find((r) => r.headers["x-service-delivery"] === test.json.deliveries[0].id)!;
    expect(got.path).toBe("/t1");
    expect(got.headers["x-service-test"]).toBe("true");
    expect(JSON.parse(got.raw.toString())).toMatchObject({ event: "payment.confirmed", clientId: p.clientId });

    const bad = await call(platformTest, "POST", "/v1/webhook/test", { headers: asClient(p), body: { eventType: "payment.exploded" } });
    expect(bad.status).toBe(400);
    const inactive = await call(platformTest, "POST", "/v1/webhook/test", { headers: asClient(p), body: { eventType: "payment.failed", webhookId: b.json.id } });
    expect(inactive.status).toBe(409);
  });

  it("refuses a URL that is not http(s) or carries credentials, naming the field", async () => {
    const p = await createTestPlatform();
    for (const url of ["ftp://example.com/x", "not a url", "https://user:pass@example.com/hook", `https://example.com/${"x".repeat(2100)}`]) {
      const r = await call(platformWebhooks, "POST", "/v1/webhook", { headers: asClient(p), body: { url } });
      expect(r.status, url).toBe(400);
      expect(r.json.errors[0].field).toBe("url");
    }
  });
});

describe("orchestrator webhook endpoints (/v2/orchestrators/webhooks)", () => {
  it("registers once per URL, deactivates with DELETE (kept, listed) and reactivates with PATCH", async () => {
    const o = await createTestOrchestrator();
    const h = { "x-orchestrator-key": o.orchestratorKey };
    const url = `${receiver.url}/orch`;
    const created = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", { headers: h, body: { url } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ webhook: { id: expect.any(String), url, isActive: true, createdAt: expect.any(String) }, secret: expect.stringMatching(/^whsec_/) });
    const id = created.json.webhook.id;

    const off = await call(orchestratorWebhook, "DELETE", `/v2/orchestrators/webhooks/${id}`, { headers: h, params: { id } });
    expect(off.json).toEqual({ ...created.json.webhook, isActive: false });
    const again = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", { headers: h, body: { url } });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/reactivate/);
    const list = await call(orchestratorWebhooks, "GET", "/v2/orchestrators/webhooks", { headers: h });
    expect(list.json).toEqual([{ ...created.json.webhook, isActive: false }]);
    const on = await call(orchestratorWebhook, "PATCH", `/v2/orchestrators/webhooks/${id}`, { headers: h, params: { id } });
    expect(on.json.isActive).toBe(true);

    // Another orchestrator may register the same URL, with its own secret.
    const o2 = await createTestOrchestrator("second");
    const theirs = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", { headers: { "x-orchestrator-key": o2.orchestratorKey }, body: { url } });
    expect(theirs.status).toBe(201);
    expect(theirs.json.secret).not.toBe(created.json.secret);

    const test = await call(orchestratorTest, "POST", "/v2/orchestrators/webhooks/test", { headers: h, body: { eventType: "client_id.linked" } });
    expect(test.status).toBe(202);
    const [got] = await eventually(
      async () => receiver.received.filter((r) => r.headers["x-service-delivery"] === test.json.deliveries[0].id),
      (l) => l.length === 1,
    );
    expect(JSON.parse(got.raw.toString())).toMatchObject({ event: "client_id.linked", orchestratorId: o.orchestratorId });
  });
});

describe("the delivery log", () => {
  it("lists every attempt, filters by event and status, pages, and resends with the same id", async () => {
    const p = await createTestPlatform();
    const { json: hook } = await call(platformWebhooks, "POST", "/v1/webhook", { headers: asClient(p), body: { url: `${receiver.url}/log` } });
    const params = { webhookId: hook.id };
    answer = 503;
    const failing = await call(platformTest, "POST", "/v1/webhook/test", { headers: asClient(p), body: { eventType: "payment.failed" } });
    const failedId = failing.json.deliveries[0].id;
    const failed = await eventually(
      async () => (await call(platformDelivery, "GET", `/v1/webhook/${hook.id}/deliveries/${failedId}`, { headers: asClient(p), params: { ...params, deliveryId: failedId } })).json,
      (d) => d.status === "failed",
    );
    expect(failed.attempts.map((a: { retryCount: number; statusCode: number; ok: boolean }) => [a.retryCount, a.statusCode, a.ok])).toEqual([
      [0, 503, false],
      [1, 503, false],
      [2, 503, false],
      [3, 503, false],
    ]);
    expect(failed.attempts[0]).toMatchObject({ durationMs: expect.any(Number), startedAt: expect.any(String), responseExcerpt: "error 503", error: "receiver answered 503" });
    expect(failed.payload).toMatchObject({ event: "payment.failed", subStatus: "insufficient_funds" });

    answer = 200;
    for (const eventType of ["payment.confirmed", "kyt.screening.completed"]) {
      const t = await call(platformTest, "POST", "/v1/webhook/test", { headers: asClient(p), body: { eventType } });
      await eventually(async () => receiver.received.some((r) => r.headers["x-service-delivery"] === t.json.deliveries[0].id), Boolean);
    }
    const url = `/v1/webhook/${hook.id}/deliveries`;
    const all = await eventually(
      async () => (await call(platformDeliveries, "GET", url, { headers: asClient(p), params })).json,
      (page) => page.deliveries.filter((d: { status: string }) => d.status === "delivered").length === 2,
    );
    expect(all.deliveries.map((d: { event: string }) => d.event)).toEqual(["kyt.screening.completed", "payment.confirmed", "payment.failed"]);
    const onlyFailed = await call(platformDeliveries, "GET", `${url}?status=failed`, { headers: asClient(p), params });
    expect(onlyFailed.json.deliveries.map((d: { id: string }) => d.id)).toEqual([failedId]);
    const onlyKyt = await call(platformDeliveries, "GET", `${url}?event=kyt.screening.completed`, { headers: asClient(p), params });
    expect(onlyKyt.json.deliveries).toHaveLength(1);
    const page1 = await call(platformDeliveries, "GET", `${url}?limit=2`, { headers: asClient(p), params });
    expect(page1.json.deliveries).toHaveLength(2);
    const page2 = await call(platformDeliveries, "GET", `${url}?limit=2&cursor=${page1.json.nextCursor}`, { headers: asClient(p), params });
    expect(page2.json).toEqual({ deliveries: [expect.objectContaining({ id: failedId })], nextCursor: null });
    expect((await call(platformDeliveries, "GET", `${url}?limit=0`, { headers: asClient(p), params })).status).toBe(400);

    // Resend: a new round, the same delivery id and bytes, retry count from 0 again.
    const firstBytes = receiver.received.find((r) => r.headers["x-service-delivery"] === failedId)!.raw;
    const resend = await call(platformResend, "POST", `${url}/${failedId}/resend`, { headers: asClient(p), params: { ...params, deliveryId: failedId } });
    expect(resend.status, resend.text).toBe(202);
    expect(resend.json).toMatchObject({ id: failedId, status: "pending", round: 1, attemptCount: 0 });
    const redelivered = await eventually(
      async () => (await call(platformDelivery, "GET", `${url}/${failedId}`, { headers: asClient(p), params: { ...params, deliveryId: failedId } })).json,
      (d) => d.status === "delivered",
    );
    expect(redelivered.attempts.at(-1)).toMatchObject({ round: 1, retryCount: 0, statusCode: 200, ok: true });
    const last = receiver.received.filter((r) => r.headers["x-service-delivery"] === failedId).at(-1)!;
    expect(last.headers["x-service-retry-count"]).toBe("0");
    expect(last.raw.equals(firstBytes)).toBe(true);
    // A delivery still in progress cannot be doubled up.
    answer = "hang";
    const again = await call(platformResend, "POST", `${url}/${failedId}/resend`, { headers: asClient(p), params: { ...params, deliveryId: failedId } });
    expect(again.status).toBe(202);
    const twice = await call(platformResend, "POST", `${url}/${failedId}/resend`, { headers: asClient(p), params: { ...params, deliveryId: failedId } });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toMatch(/in progress/);
    answer = 200;
  });

  it("is the orchestrator's too, and answers 404 for a delivery of another endpoint", async () => {
    const o = await createTestOrchestrator();
    const h = { "x-orchestrator-key": o.orchestratorKey };
    const { json: a } = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", { headers: h, body: { url: `${receiver.url}/oa` } });
    const { json: b } = await call(orchestratorWebhooks, "POST", "/v2/orchestrators/webhooks", { headers: h, body: { url: `${receiver.url}/ob` } });
    const t = await call(orchestratorTest, "POST", "/v2/orchestrators/webhooks/test", { headers: h, body: { eventType: "payment.confirmed", webhookId: a.webhook.id } });
    expect(t.json.deliveries).toHaveLength(1);
    const list = await eventually(
      async () => (await call(orchestratorDeliveries, "GET", `/v2/orchestrators/webhooks/${a.webhook.id}/deliveries`, { headers: h, params: { id: a.webhook.id } })).json,
      (page) => page.deliveries[0]?.status === "delivered",
    );
    expect(list.deliveries).toHaveLength(1);
    const empty = await call(orchestratorDeliveries, "GET", `/v2/orchestrators/webhooks/${b.webhook.id}/deliveries`, { headers: h, params: { id: b.webhook.id } });
    expect(empty.json).toEqual({ deliveries: [], nextCursor: null });
  });
});
