// Webhook delivery figures against the running product: a receiver on 127.0.0.1, an endpoint
// registered over the API, and signed test events (POST /v1/webhook/test, which goes through
// the same outbox, relay, queue and signing as every event).
// - latency: events one after another; time from the event's creation (its `timestamp`, set
//   in the request that commits it) to its receipt;
// - throughput: a burst of events from 16 concurrent senders, each to 10 endpoints (so the API
//   creating events is not what limits it); deliveries received per second.
import { startReceiver } from "../lib/webhooks/test-receiver";
import type { BenchServer } from "./server";

export interface WebhookFigures {
  scenario: string;
  events: number;
  "deliveries/s": number;
  "p50 ms, event → receipt": number;
  "p99 ms, event → receipt": number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const FAN_OUT = 10;

export async function benchWebhooks(server: BenchServer, opts: { latencyEvents?: number; burstEvents?: number } = {}): Promise<WebhookFigures[]> {
  const latencyEvents = opts.latencyEvents ?? 200;
  const burstEvents = opts.burstEvents ?? 300;
  const arrivals = new Map<string, number>(); // delivery id → receipt time
  const created = new Map<string, number>(); // delivery id → event timestamp
  const receiver = await startReceiver((r) => {
    const id = String(r.headers["x-service-delivery"]);
    arrivals.set(id, r.at);
    created.set(id, Date.parse(JSON.parse(r.raw.toString("utf8")).timestamp));
    return 200;
  });
  const headers = { "content-type": "application/json", "x-client-id": server.credentials.clientId, origin: new URL(server.url).origin };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const sendTest = async (): Promise<string[]> => (await post("/v1/webhook/test", { eventType: "payment.confirmed" })).deliveries.map((d: { id: string }) => d.id);
  const waitFor = async (ids: string[], timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (ids.some((id) => !arrivals.has(id))) {
      if (Date.now() > deadline) throw new Error(`${ids.filter((id) => !arrivals.has(id)).length} deliveries did not arrive`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const figures = (scenario: string, events: number, ids: string[], seconds: number): WebhookFigures => {
    const latencies = ids.map((id) => arrivals.get(id)! - created.get(id)!).sort((a, b) => a - b);
    return {
      scenario,
      events,
      "deliveries/s": Math.round(ids.length / seconds),
      "p50 ms, event → receipt": percentile(latencies, 50),
      "p99 ms, event → receipt": percentile(latencies, 99),
    };
  };

  try {
    const first = await post("/v1/webhook", { url: `${receiver.url}/bench/0` });
    await waitFor(await sendTest(), 30_000); // warm-up

    const sequential: string[] = [];
    let started = Date.now();
    for (let i = 0; i < latencyEvents; i++) {
      const ids = await sendTest();
      sequential.push(...ids);
      await waitFor(ids, 30_000);
    }
    const one = figures("webhook: one event at a time, 1 endpoint", latencyEvents, sequential, (Date.now() - started) / 1000);

    const hooks = [first.id];
    for (let i = 1; i < FAN_OUT; i++) hooks.push((await post("/v1/webhook", { url: `${receiver.url}/bench/${i}` })).id);
    const burst: string[] = [];
    started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < burstEvents) {
          next++;
          burst.push(...(await sendTest()));
        }
      }),
    );
    await waitFor(burst, 300_000);
    const lastArrival = Math.max(...burst.map((id) => arrivals.get(id)!));
    const many = figures(`webhook: burst from 16 senders, ${FAN_OUT} endpoints`, burstEvents, burst, (lastArrival - started) / 1000);
    return [one, many];
  } finally {
    await receiver.close();
  }
}
