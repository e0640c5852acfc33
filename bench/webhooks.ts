// Webhook delivery figures of the delivery engine (lib/webhooks/delivery-worker.ts), in this
// process, on PGlite (in memory) and on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL; a
// throwaway schema). The receiver is a keep-alive HTTP server in a child process that answers
// 200 and reports when each delivery id arrived.
// - floor: raw POSTs/s from this process to that receiver (keep-alive, 64 at once), no database;
// - drain: N events to 10 endpoints committed in a few transactions with no worker running,
//   then a worker started: deliveries received per second until the last one arrived;
// - sustained: events committed one per transaction, from 16 senders, at up to 500 events/s (1 endpoint each)
//   with the worker running: time from each commit to its receipt, p50/p99.
// `BENCH_ONLY=webhooks npm run bench`; BENCH_WEBHOOK_EVENTS (drain events, PostgreSQL; PGlite a
// quarter), BENCH_WEBHOOK_RATE and BENCH_WEBHOOK_SECONDS change the sizes.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { resetConfigForTests } from "../lib/config";
import { db, openPglite, openPostgres, setDatabaseFactory, type Database } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { startDeliveryWorker } from "../lib/webhooks/delivery-worker";
import { emitEvent, emitEvents } from "../lib/webhooks/emit-event";
import { confirmedPayment, platformWithEndpoints } from "../lib/webhooks/test-helpers";

export interface WebhookFigures {
  database: string;
  scenario: string;
  deliveries: number;
  "deliveries/s": number;
  "p50 ms": number | null;
  "p99 ms": number | null;
}

const FAN_OUT = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// The receiver: answers 200 on keep-alive connections, and reports [delivery id, arrival ms]
// to the parent every 20 ms.
const RECEIVER = `
const http = require("node:http");
let batch = [];
const server = http.createServer((req, res) => {
  req.on("data", () => {});
  req.on("end", () => {
    batch.push([String(req.headers["x-service-delivery"] ?? ""), Date.now()]);
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
});
server.keepAliveTimeout = 60000;
setInterval(() => { if (batch.length) { process.send(batch); batch = []; } }, 20);
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
`;

interface Receiver {
  url: string;
  arrivals: Map<string, number>;
  waitFor(ids: Iterable<string>, timeoutMs: number): Promise<number>;
  close(): void;
}

async function startReceiver(): Promise<Receiver> {
  const child = spawn(process.execPath, ["-e", RECEIVER], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const arrivals = new Map<string, number>();
  const port = await new Promise<number>((resolve) =>
    child.on("message", (m: unknown) => {
      if (Array.isArray(m)) for (const [id, at] of m as [string, number][]) arrivals.set(id, at);
      else resolve((m as { port: number }).port);
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    async waitFor(ids, timeoutMs) {
      const list = [...ids];
      const deadline = Date.now() + timeoutMs;
      while (list.some((id) => !arrivals.has(id))) {
        if (Date.now() > deadline) throw new Error(`${list.filter((id) => !arrivals.has(id)).length} of ${list.length} deliveries did not arrive in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return Math.max(...list.map((id) => arrivals.get(id)!));
    },
    close: () => child.kill(),
  };
}

/** Raw keep-alive POSTs/s from this process to the receiver, 64 in flight. */
async function floor(url: string, n: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
  const body = JSON.stringify(confirmedPayment({ platformId: "p", clientIdId: null, clientId: "c", orchestratorId: null }).payload);
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(`${url}/floor`, { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-service-delivery": "floor" } }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", reject);
      req.end(body);
    });
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: 64 }, async () => {
    while (next++ < n) await post();
  }));
  const rate = n / ((performance.now() - started) / 1000);
  agent.destroy();
  return Math.round(rate);
}

async function benchOn(label: string, database: Database, receiver: Receiver, drainEvents: number): Promise<WebhookFigures[]> {
  setDatabaseFactory(async () => database);
  try {
    await migrate(database);
    const prisma = await db();
    const urls = Array.from({ length: FAN_OUT }, (_, i) => `${receiver.url}/bench/${i}`);
    const many = await platformWithEndpoints(...urls);
    const one = await platformWithEndpoints(`${receiver.url}/sustained`);
    const out: WebhookFigures[] = [];

    // Drain: everything committed first, then one worker started.
    const drainIds: string[] = [];
    const perTransaction = 250;
    for (let i = 0; i < drainEvents; i += perTransaction) {
      const events = Array.from({ length: Math.min(perTransaction, drainEvents - i) }, () => confirmedPayment(many.owner));
      const emitted = await prisma.$transaction((tx) => emitEvents(tx, events), { timeout: 60_000 });
      for (const e of emitted) for (const d of e.deliveries) drainIds.push(d.id);
    }
    const started = Date.now();
    let worker = await startDeliveryWorker(database);
    const last = await receiver.waitFor(drainIds, 600_000);
    out.push({ database: label, scenario: `drain: ${drainEvents} committed events × ${FAN_OUT} endpoints`, deliveries: drainIds.length, "deliveries/s": Math.round(drainIds.length / ((last - started) / 1000)), "p50 ms": null, "p99 ms": null });
    await worker.stop();

    // Sustained: one event per transaction at a steady rate, the worker running.
    const rate = Number(process.env.BENCH_WEBHOOK_RATE ?? 500);
    const seconds = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 10);
    worker = await startDeliveryWorker(database);
    const committed = new Map<string, number>();
    // 16 senders (a pool's worth of concurrent requests), each waiting when ahead of the rate.
    const total = rate * seconds;
    const t0 = Date.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < total) {
          const ahead = sent - ((Date.now() - t0) / 1000) * rate;
          if (ahead > 0) await new Promise((r) => setTimeout(r, (ahead / rate) * 1000));
          if (sent >= total) break;
          sent++;
          const e = await prisma.$transaction((tx) => emitEvent(tx, confirmedPayment(one.owner)));
          const at = Date.now();
          for (const d of e.deliveries) committed.set(d.id, at);
        }
      }),
    );
    const emitSeconds = (Date.now() - t0) / 1000;
    const lastSustained = await receiver.waitFor(committed.keys(), 120_000);
    await worker.stop();
    const latencies = [...committed].map(([id, at]) => receiver.arrivals.get(id)! - at).sort((a, b) => a - b);
    out.push({
      database: label,
      scenario: `sustained: ${rate} events/s asked, ${Math.round(committed.size / emitSeconds)}/s committed, ${seconds} s, 1 endpoint`,
      deliveries: committed.size,
      "deliveries/s": Math.round(committed.size / ((lastSustained - t0) / 1000)),
      "p50 ms": percentile(latencies, 50),
      "p99 ms": percentile(latencies, 99),
    });
    return out;
  } finally {
    setDatabaseFactory(undefined);
  }
}

export async function benchWebhooks(): Promise<WebhookFigures[]> {
  process.env.ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
  resetConfigForTests();
  const receiver = await startReceiver();
  const drainEvents = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
  try {
    const out: WebhookFigures[] = [{ database: "—", scenario: "floor: raw keep-alive POSTs from this process, 64 at once", deliveries: 20_000, "deliveries/s": await floor(receiver.url, 20_000), "p50 ms": null, "p99 ms": null }];
    const lite = await openPglite();
    try {
      out.push(...(await benchOn("PGlite", lite, receiver, Math.max(FAN_OUT, Math.round(drainEvents / 4)))));
    } finally {
      await lite.close();
    }
    const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (url) {
      const pg = (await import("pg")).default;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const schema = `bench_hooks_${randomBytes(4).toString("hex")}`;
      await admin.query(`CREATE SCHEMA "${schema}"`);
      const database = await openPostgres(url, schema);
      try {
        out.push(...(await benchOn("PostgreSQL", database, receiver, drainEvents)));
      } finally {
        await database.close();
        await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
        await admin.query(`DROP SCHEMA IF EXISTS "${database.jobsSchema}" CASCADE`);
        await admin.end();
      }
    }
    return out;
  } finally {
    receiver.close();
  }
}
