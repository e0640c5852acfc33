// Delivery against real HTTP receivers on loopback, with the real schedule (1, 5, 15 s) and
// the real 5 s attempt limit.
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ATTEMPTS } from "./delivery-policy";
import { type Receiver, startReceiver } from "./receiver-fixtures";
import {
  confirmedPayment,
  deliveryState,
  emitInTransaction,
  eventually,
  platformWithEndpoints,
  startTestDelivery,
} from "./webhook-fixtures";

let delivery: Awaited<ReturnType<typeof startTestDelivery>>;
const receivers: Receiver[] = [];
beforeAll(async () => {
  delivery = await startTestDelivery();
});
afterAll(async () => {
  await delivery.stop();
  for (const r of receivers) await r.close();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

/** What a receiver using the Standard Webhooks library sees: the payload, or a thrown error. */
function verifiedByStandardWebhooks(
  secret: string,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
): unknown {
  const flat = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]),
  );
  return new Webhook(secret).verify(raw.toString("utf8"), flat);
}

describe("a delivery", () => {
  it("is signed over the exact bytes sent, carries the documented headers, and is not retried after a 2xx", async () => {
    const r = await receiver(() => 204);
    const p = await platformWithEndpoints(`${r.url}/hooks/stablelink`);
    const secret = p.endpoints[0].secret;
    const event = confirmedPayment(p.owner);
    const emitted = await emitInTransaction(event);
    const [got] = await r.waitFor(1);

    expect(got.path).toBe("/hooks/stablelink");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["x-service-signature"]).toBe(createHmac("sha256", secret).update(got.raw).digest("hex"));
    expect(got.headers["x-service-delivery"]).toBe(emitted.deliveries[0].id);
    expect(got.headers["x-service-retry-count"]).toBe("0");
    expect(got.headers["x-service-test"]).toBeUndefined();
    // The receiving endpoint, for receivers that route by it (a clientId: null event reaches several).
    expect(got.headers["x-service-endpoint"]).toBe(p.endpoints[0].id);
    // Standard Webhooks: same id, a current timestamp, a signature over id.timestamp.body.
    expect(got.headers["webhook-id"]).toBe(emitted.deliveries[0].id);
    const ts = String(got.headers["webhook-timestamp"]);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(10);
    // Verified the way a receiver does, with the standardwebhooks package (signature and timestamp).
    expect(verifiedByStandardWebhooks(secret, got.raw, got.headers)).toEqual(event.payload);
    expect(() => verifiedByStandardWebhooks(secret, Buffer.concat([got.raw, Buffer.from(" ")]), got.headers)).toThrow();
    expect(() =>
      verifiedByStandardWebhooks(secret, got.raw, { ...got.headers, "webhook-timestamp": String(Number(ts) - 3600) }),
    ).toThrow();
    // Compact JSON of exactly the payload.
    expect(got.raw.toString("utf8")).toBe(JSON.stringify(event.payload));
    expect(JSON.parse(got.raw.toString("utf8"))).toMatchObject({
      event: "payment.confirmed",
      clientId: p.clientId,
      orchestratorId: null,
    });

    const state = await eventually(
      () => deliveryState(emitted.deliveries[0].id),
      (d) => d.status === "delivered",
    );
    expect(state.attempts).toHaveLength(1);
    expect(state.attempts[0]).toMatchObject({ retryCount: 0, statusCode: 204, error: null });
    await new Promise((res) => setTimeout(res, 1500));
    expect(r.received).toHaveLength(1);
  });

  it("is retried after 1, 5 and 15 s with the same id and bytes, and times out an attempt after 5 s", async () => {
    const failing = await receiver(() => 500);
    // Hangs on the first attempt (the sender must give up after 5 s), answers the second.
    const slow = await receiver((_r, i) => (i === 0 ? "hang" : 200));
    const p = await platformWithEndpoints(`${failing.url}/a`, `${slow.url}/b`);
    const emitted = await emitInTransaction(confirmedPayment(p.owner));
    const [toFailing, toSlow] = emitted.deliveries;

    const all = await failing.waitFor(MAX_ATTEMPTS, 40_000);
    const gaps = all.slice(1).map((r, i) => r.at - all[i].at);
    console.log(`retry gaps (ms): ${gaps.join(", ")}`);
    [1000, 5000, 15000].forEach((expected, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(expected - 50);
      expect(gaps[i]).toBeLessThan(expected + 500);
    });
    expect(all.map((r) => r.headers["x-service-retry-count"])).toEqual(["0", "1", "2", "3"]);
    expect(new Set(all.map((r) => r.headers["x-service-delivery"]))).toEqual(new Set([toFailing.id]));
    expect(new Set(all.map((r) => r.raw.toString("base64"))).size).toBe(1);
    expect(new Set(all.map((r) => r.headers["x-service-signature"])).size).toBe(1);

    const failed = await eventually(
      () => deliveryState(toFailing.id),
      (d) => d.status === "failed",
    );
    expect(failed.attemptCount).toBe(4);
    expect(failed.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500]);
    expect(failed.attempts[0].responseExcerpt).toBe("error 500");
    await new Promise((res) => setTimeout(res, 1500));
    expect(failing.received).toHaveLength(MAX_ATTEMPTS); // nothing after the fourth

    const slowState = await eventually(
      () => deliveryState(toSlow.id),
      (d) => d.status === "delivered",
    );
    expect(slowState.attempts[0]).toMatchObject({ statusCode: null, error: "timed out after 5000 ms" });
    expect(slowState.attempts[0].durationMs).toBeGreaterThanOrEqual(4990);
    expect(slowState.attempts[0].durationMs).toBeLessThan(5500);
    expect(slowState.attempts[1]).toMatchObject({ retryCount: 1, statusCode: 200 });
    const [first, second] = slow.received;
    expect(second.at - first.at).toBeGreaterThanOrEqual(6000 - 50);
    expect(second.at - first.at).toBeLessThan(6000 + 600);
  }, 60_000);
});
