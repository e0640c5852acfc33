// Webhook delivery figures of the delivery engine (lib/webhooks/delivery-worker.ts), in this
// process, on PGlite (in memory) and on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL; a
// throwaway schema). The receiver is a keep-alive HTTP server in a child process that answers
// 200 and reports when each delivery id arrived.
// - floor: raw POSTs/s from this process to that receiver (keep-alive, 64 at once), no database;
// - drain: N events to 10 endpoints committed in a few transactions with no worker running,
//   then a worker started: deliveries received per second until the last one arrived;
// - sustained: events committed one per transaction at a fixed rate, 500 events/s (open loop:
//   webhook-producer.ts), to 1 endpoint, with the worker running: time from each commit to its
//   receipt, p50/p99. On PostgreSQL the producers are child processes (4, like web processes
//   sharing the database); on PGlite they run in this process.
// `BENCH_ONLY=webhooks npm run bench`; BENCH_WEBHOOK_EVENTS (drain events, PostgreSQL; PGlite a
// quarter), BENCH_WEBHOOK_RATE, BENCH_WEBHOOK_SECONDS and BENCH_WEBHOOK_PRODUCERS (0: in this process) change the sizes.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { resetConfigForTests } from "../lib/config";
import { type Database, db, openPglite, openPostgres, setDatabaseFactory } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { startDeliveryWorker } from "../lib/webhooks/delivery-worker";
import { emitEvents } from "../lib/webhooks/emit-event";
import type { EventOwner } from "../lib/webhooks/events";
import { confirmedPayment, platformWithEndpoints } from "../lib/webhooks/webhook-fixtures";
import { type Produced, produce } from "./webhook-producer";

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
        if (Date.now() > deadline)
          throw new Error(
            `${list.filter((id) => !arrivals.has(id)).length} of ${list.length} deliveries did not arrive in ${timeoutMs} ms`,
          );
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
  const body = JSON.stringify(
    confirmedPayment({ platformId: "p", clientIdId: null, clientId: "c", orchestratorId: null }).payload,
  );
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        `${url}/floor`,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-service-delivery": "floor",
          },
        },
        (res) => {
          res.resume();
          res.on("end", resolve);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next++ < n) await post();
    }),
  );
  const rate = n / ((performance.now() - started) / 1000);
  agent.destroy();
  return Math.round(rate);
}

/** Producers in child processes of their own, on the PostgreSQL schema the bench uses. */
interface Producers {
  url: string;
  schema: string;
  processes: number;
}

/** Runs the open-loop schedule in this process, or split over `producers`' child processes. */
async function produceAt(
  owner: EventOwner,
  at: { rate: number; seconds: number },
  producers?: Producers,
): Promise<Produced & { t0: number }> {
  if (!producers || producers.processes === 0) {
    const t0 = Date.now() + 100;
    return { ...(await produce(owner, { ...at, t0, shard: 0, shards: 1 })), t0 };
  }
  const children = Array.from({ length: producers.processes }, () =>
    spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "webhook-producer.ts")], {
      env: {
        ...process.env,
        LOG_LEVEL: "silent",
        BENCH_PRODUCER: JSON.stringify({ url: producers.url, schema: producers.schema, owner }),
      },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    }),
  );
  try {
    await Promise.all(
      children.map((c) => new Promise((resolve, reject) => (c.once("message", resolve), c.once("exit", reject)))),
    );
    const t0 = Date.now() + 200;
    const results = await Promise.all(
      children.map(
        (c, shard) =>
          new Promise<Produced>((resolve, reject) => {
            c.once("message", (r) => resolve(r as Produced));
            c.once("exit", (code) => reject(new Error(`a producer exited with ${code} before reporting`)));
            c.send({ ...at, t0, shard, shards: children.length });
          }),
      ),
    );
    return {
      committed: results.flatMap((r) => r.committed),
      lagMs: results.flatMap((r) => r.lagMs),
      failed: results.reduce((n, r) => n + r.failed, 0),
      t0,
    };
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
  }
}

async function benchOn(
  label: string,
  database: Database,
  receiver: Receiver,
  drainEvents: number,
  producers?: Producers,
): Promise<WebhookFigures[]> {
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
      const events = Array.from({ length: Math.min(perTransaction, drainEvents - i) }, () =>
        confirmedPayment(many.owner),
      );
      const emitted = await prisma.$transaction((tx) => emitEvents(tx, events), { timeout: 60_000 });
      for (const e of emitted) for (const d of e.deliveries) drainIds.push(d.id);
    }
    const started = Date.now();
    let worker = await startDeliveryWorker(database);
    const last = await receiver.waitFor(drainIds, 600_000);
    out.push({
      database: label,
      scenario: `drain: ${drainEvents} committed events × ${FAN_OUT} endpoints`,
      deliveries: drainIds.length,
      "deliveries/s": Math.round(drainIds.length / ((last - started) / 1000)),
      "p50 ms": null,
      "p99 ms": null,
    });
    await worker.stop();

    // Sustained: one event per transaction at a fixed rate (open loop), the worker running.
    const rate = Number(process.env.BENCH_WEBHOOK_RATE ?? 500);
    const seconds = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 10);
    worker = await startDeliveryWorker(database);
    const produced = await produceAt(one.owner, { rate, seconds }, producers);
    const committed = new Map(produced.committed);
    const lastSustained = await receiver.waitFor(committed.keys(), 120_000);
    await worker.stop();
    const latencies = [...committed].map(([id, at]) => receiver.arrivals.get(id)! - at).sort((a, b) => a - b);
    const lag = produced.lagMs.sort((a, b) => a - b);
    const commitSeconds = (Math.max(...committed.values()) - produced.t0) / 1000;
    out.push({
      database: label,
      scenario:
        `sustained: ${rate} events/s scheduled for ${seconds} s, ${Math.round(committed.size / commitSeconds)}/s committed ` +
        `(${producers?.processes ? `${producers.processes} producer processes` : "in this process"}${produced.failed ? `, ${produced.failed} failed to start in time` : ""}; commit p50 ${percentile(lag, 50)} ms, p99 ${percentile(lag, 99)} ms after schedule), 1 endpoint: event commit → receipt`,
      deliveries: committed.size,
      "deliveries/s": Math.round(committed.size / ((lastSustained - produced.t0) / 1000)),
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
    const out: WebhookFigures[] = [
      {
        database: "—",
        scenario: "floor: raw keep-alive POSTs from this process, 64 at once",
        deliveries: 20_000,
        "deliveries/s": await floor(receiver.url, 20_000),
        "p50 ms": null,
        "p99 ms": null,
      },
    ];
    const kinds = process.env.BENCH_DATABASES ?? "pglite,postgres";
    if (kinds.includes("pglite")) {
      const lite = await openPglite();
      try {
        out.push(...(await benchOn("PGlite", lite, receiver, Math.max(FAN_OUT, Math.round(drainEvents / 4)))));
      } finally {
        await lite.close();
      }
    }
    const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (url && kinds.includes("postgres")) {
      const pg = (await import("pg")).default;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const schema = `bench_hooks_${randomBytes(4).toString("hex")}`;
      await admin.query(`CREATE SCHEMA "${schema}"`);
      const database = await openPostgres(url, schema);
      try {
        out.push(
          ...(await benchOn("PostgreSQL", database, receiver, drainEvents, {
            url,
            schema,
            processes: Number(process.env.BENCH_WEBHOOK_PRODUCERS ?? 4),
          })),
        );
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
