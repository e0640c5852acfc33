// `npm run test:scale`: scale-out and faults on real PostgreSQL (issue #14,
// docs/decisions/scale-test-own-postgres.md). 2 web + 2 worker processes on one fresh database
// of a PostgreSQL cluster of its own, plus the shared sandbox chains (`npm run chains`);
// requests spread over both web processes. It creates requests and pays them on the chain
// (most in full, some partially, some through batch payouts), registers two webhook endpoints
// on local HTTPS receivers that fail 20 % of attempts, and meanwhile kills -9 one worker and one
// web process (both restarted, as an orchestrator would) and restarts PostgreSQL itself.
// Afterwards it asserts and prints: payments recorded once, request statuses, deliveries (each
// event to each endpoint at least once, or failed after its four attempts; none to a wrong
// endpoint; one body per delivery), rate-limit windows shared by the web processes, and no 5xx
// while PostgreSQL was up (503 database_unavailable with Retry-After while it was down).
//
// Needs root and Debian's postgresql-common (pg_createcluster) for PostgreSQL 15. Ports:
// SCALE_PORT_BASE (default 28500, below the ephemeral range 32768–60999, where an outgoing connection
// could hold a port a process is about to listen on): PostgreSQL +0, web +11/+12, worker health +13/+14, chains +20…,
// receivers +40/+41.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { privateKeyToAccount } from "viem/accounts";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { type ApiTransaction, sendAll } from "../lib/test/send-calldata";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const base = Number(process.env.SCALE_PORT_BASE ?? 28500);
const PG_VERSION = "15";
const cluster = `stablelink_scale_${base}`;
const pgPort = base;
const webPorts = [base + 11, base + 12];
const workerHealthPorts = [base + 13, base + 14];
const chainPortBase = base + 20;
const receiverPorts = [base + 40, base + 41];
const REQUESTS = {
  full: Number(process.env.SCALE_FULL ?? 130),
  partial: Number(process.env.SCALE_PARTIAL ?? 40),
  batch: Number(process.env.SCALE_BATCH ?? 40),
};
const BATCH_SIZE = 5;
const FAIL_RATE = 0.2;
const OUTAGE_MS = 8_000;
const RECOVERY_GRACE_MS = 5_000; // 5xx after PostgreSQL accepts connections again count as recovery for this long
const work = fs.mkdtempSync(path.join(os.tmpdir(), "stablelink-scale-"));
const dataDir = path.join(work, "data");
const t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const say = (msg: string) => console.log(`[${at()}] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- processes

interface Proc {
  label: string;
  child: ChildProcess;
  out: string[];
  exited: Promise<void>;
  alive: boolean;
}
const procs = new Set<Proc>();

function launch(label: string, cmd: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const p: Proc = { label, child, out: [], alive: true, exited: undefined as unknown as Promise<void> };
  p.exited = new Promise((resolve) => child.on("exit", () => ((p.alive = false), procs.delete(p), resolve())));
  const keep = (d: Buffer) => {
    p.out.push(d.toString());
    if (p.out.length > 400) p.out.splice(0, 200);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  procs.add(p);
  return p;
}

/** Signals the whole process group (npm start's server, npx's tsx and node). */
function signal(p: Proc, sig: NodeJS.Signals): void {
  try {
    process.kill(-p.child.pid!, sig);
  } catch {
    /* gone */
  }
}

async function stopProc(p: Proc): Promise<void> {
  if (!p.alive) return;
  signal(p, "SIGTERM");
  const timer = setTimeout(() => signal(p, "SIGKILL"), 20_000);
  await p.exited;
  clearTimeout(timer);
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, p?: Proc): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (p && !p.alive) throw new Error(`${p.label} exited while waiting for ${what}:\n${p.out.join("").slice(-4000)}`);
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}${p ? `:\n${p.out.join("").slice(-4000)}` : ""}`);
}

// ---------------------------------------------------------------- PostgreSQL of our own

function pgctl(...args: string[]): void {
  execFileSync(args[0], args.slice(1), { stdio: "pipe" });
}

function dropCluster(): void {
  try {
    pgctl("pg_dropcluster", PG_VERSION, cluster, "--stop");
  } catch {
    /* not there */
  }
}

async function pgAccepts(): Promise<boolean> {
  const c = new pg.Client({
    host: "127.0.0.1",
    port: pgPort,
    user: "postgres",
    database: "postgres",
    connectionTimeoutMillis: 1000,
  });
  try {
    await c.connect();
    await c.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------- webhook receivers (HTTPS, 20 % failures)

interface Got {
  receiver: number;
  deliveryId: string;
  body: string;
  answered: number;
}
const got: Got[] = [];

function certificate(): { key: string; cert: string; certFile: string } {
  const keyFile = path.join(work, "receiver.key");
  const certFile = path.join(work, "receiver.crt");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "pipe" },
  );
  return { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8"), certFile };
}

function startReceivers(tls: { key: string; cert: string }): https.Server[] {
  return receiverPorts.map((port, receiver) => {
    const server = https.createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const status = Math.random() < FAIL_RATE ? 500 : 200;
        got.push({
          receiver,
          deliveryId: String(req.headers["x-service-delivery"] ?? ""),
          body: Buffer.concat(chunks).toString(),
          answered: status,
        });
        res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "failing on purpose");
      });
    });
    server.listen(port, "127.0.0.1");
    return server;
  });
}

// ---------------------------------------------------------------- HTTP to the web processes, recorded

interface Call {
  web: number;
  method: string;
  path: string;
  start: number;
  end: number;
  status: number; // 0: connection refused or reset
  code?: string;
  retryAfter?: string | null;
}
const calls: Call[] = [];
const webs: (Proc | undefined)[] = [undefined, undefined];
const webUp = [false, false];
let rr = 0;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

async function callWeb(
  web: number,
  method: string,
  urlPath: string,
  opts: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const call: Call = { web, method, path: urlPath.split("?")[0], start: Date.now(), end: 0, status: 0 };
  calls.push(call);
  try {
    const res = await fetch(`http://127.0.0.1:${webPorts[web]}${urlPath}`, {
      method,
      headers: { ...(opts.body ? { "content-type": "application/json" } : {}), ...opts.headers },
      body: opts.body ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    Object.assign(call, {
      end: Date.now(),
      status: res.status,
      code: body?.code,
      retryAfter: res.headers.get("retry-after"),
    });
    return { status: res.status, body, headers: res.headers };
  } catch (err) {
    call.end = Date.now();
    throw err;
  }
}

/** Round robin over the web processes that are up; retries 503s and refused connections. */
async function api(
  method: string,
  urlPath: string,
  opts: { headers?: Record<string, string>; body?: unknown; expect?: number } = {},
): Promise<Answer> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const candidates = [0, 1].filter((i) => webUp[i]);
    const web = candidates[rr++ % Math.max(1, candidates.length)] ?? 0;
    try {
      const a = await callWeb(web, method, urlPath, opts);
      if (a.status === 503 || a.status >= 500) {
        if (Date.now() > deadline) throw new Error(`${method} ${urlPath}: ${a.status} ${JSON.stringify(a.body)}`);
        await sleep(300);
        continue;
      }
      if (opts.expect !== undefined && a.status !== opts.expect)
        throw new Error(`${method} ${urlPath}: expected ${opts.expect}, got ${a.status} ${JSON.stringify(a.body)}`);
      return a;
    } catch (err) {
      if (Date.now() > deadline || (err as Error).message.startsWith(`${method} ${urlPath}`)) throw err;
      await sleep(200); // refused: that process is down; the next try goes elsewhere
    }
  }
}

// ---------------------------------------------------------------- main

const results: string[] = [];
const failures: string[] = [];
const check = (ok: boolean, line: string) => {
  results.push(`${ok ? "ok  " : "FAIL"} ${line}`);
  if (!ok) failures.push(line);
};

async function main() {
  if (process.getuid?.() !== 0)
    throw new Error("the scale test runs its own PostgreSQL cluster with pg_createcluster: run it as root");
  fs.mkdirSync(dataDir, { recursive: true });

  say(
    `PostgreSQL ${PG_VERSION} cluster ${cluster} on port ${pgPort} (its own; restarted during the test, dropped after)`,
  );
  dropCluster();
  pgctl(
    "pg_createcluster",
    PG_VERSION,
    cluster,
    "-p",
    String(pgPort),
    "--start",
    "--",
    "--auth-host=trust",
    "--auth-local=trust",
  );
  await until("PostgreSQL", pgAccepts, 30_000);
  const admin = new pg.Client({ host: "127.0.0.1", port: pgPort, user: "postgres", database: "postgres" });
  await admin.connect();
  await admin.query("CREATE DATABASE stablelink");
  await admin.end();
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/stablelink`;

  const tls = certificate();
  const receivers = startReceivers(tls);

  say("sandbox chains (npm run chains base)");
  const chains = launch("chains", "node", ["--import", "tsx", "lib/devnet/cli.ts", "base"], {
    DATA_DIR: path.join(work, "chains"),
    SANDBOX_PORT_BASE: String(chainPortBase),
  });
  await until("the chains", async () => chains.out.join("").includes("RPC_URL_BASE="), 180_000, chains);
  const rpcUrl = /RPC_URL_BASE=(\S+)/.exec(chains.out.join(""))![1];

  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    RPC_URL_BASE: rpcUrl,
    PAYMENT_DETECTION_NETWORKS: "base",
    PAYMENT_DETECTION_START_BLOCKS: "base:0", // the chain is fresh (npm run chains prints it)
    PAYMENT_CONFIRMATIONS: "0",
    PAYMENT_DETECTION_INTERVAL_MS: "500",
    ENCRYPTION_KEY: randomBytes(32).toString("hex"), // one key for every process: they read each other's secrets
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    WEBHOOK_ALLOWED_HOSTS: "localhost,127.0.0.1",
    NODE_EXTRA_CA_CERTS: tls.certFile, // the receivers' self-signed certificate
    RATE_LIMIT_PER_MINUTE: "100000",
    LOG_LEVEL: "warn",
  };
  const startWeb = (i: number) => {
    webs[i] = launch(`web ${i + 1}`, "node", ["scripts/start.mjs"], {
      ...env,
      PORT: String(webPorts[i]),
      RUN_WORKERS: "false",
    });
    return webs[i]!;
  };
  const workers: (Proc | undefined)[] = [undefined, undefined];
  const startWorker = (i: number) =>
    (workers[i] = launch(`worker ${i + 1}`, "node", ["--import", "tsx", "scripts/worker.ts"], {
      ...env,
      WORKER_HEALTH_PORT: String(workerHealthPorts[i]),
    }));
  const webReady = (i: number) => async () =>
    (await fetch(`http://127.0.0.1:${webPorts[i]}/health/ready`)).status === 200;
  // Workers are waited for as an orchestrator would: their own /health/ready.
  const workerReady = (i: number) => async () =>
    (await fetch(`http://127.0.0.1:${workerHealthPorts[i]}/health/ready`)).status === 200;

  execFileSync("node", ["scripts/start.mjs", "--build-only"], { cwd: root, stdio: "inherit" }); // not twice at once below
  say("2 web + 2 worker processes, started at the same instant");
  const startedAt = Date.now();
  [0, 1].forEach(startWeb);
  [0, 1].forEach(startWorker);
  await Promise.all([
    ...[0, 1].map((i) => until(`web ${i + 1} ready`, webReady(i), 600_000, webs[i])),
    ...[0, 1].map((i) => until(`worker ${i + 1} ready`, workerReady(i), 120_000, workers[i])),
  ]);
  webUp[0] = webUp[1] = true;
  say(`all four up in ${Date.now() - startedAt} ms`);

  const creds = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as {
    apiKey: string;
    clientId: string;
    email: string;
    password: string;
  };
  const key = { "x-api-key": creds.apiKey };

  // Two endpoints, one per receiver; every event of the platform goes to both.
  const endpointOf: string[] = [];
  for (const [i, port] of receiverPorts.entries()) {
    const created = await api("POST", "/v1/webhook", {
      headers: key,
      body: { url: `https://localhost:${port}/hooks/${i}`, clientId: creds.clientId },
      expect: 201,
    });
    endpointOf[i] = created.body.id;
  }

  // Background readers on both web processes for the whole run: who answered what, when. They
  // read a request (the database on every call) and the currencies (cached credentials).
  let reading = true;
  let readable: string | undefined;
  const readers = [0, 1].map(async (web) => {
    for (let i = 0; reading; i++) {
      const target = readable && i % 2 === 0 ? `/v2/request/${readable}` : "/v2/currencies?network=base";
      if (webUp[web]) await callWeb(web, "GET", target, { headers: key }).catch(() => undefined);
      await sleep(100);
    }
  });

  // Requests, created through both web processes (Idempotency-Key: a retried create is one request).
  say(`creating ${REQUESTS.full + REQUESTS.partial + REQUESTS.batch} requests`);
  const payees = Array.from({ length: 4 }, () => privateKeyToAccount(`0x${randomBytes(32).toString("hex")}`).address);
  const create = async (n: number) => {
    const r = await api("POST", "/v2/request", {
      headers: { ...key, "idempotency-key": randomUUID() },
      body: {
        amount: "10",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
        payee: payees[n % payees.length],
      },
      expect: 201,
    });
    readable ??= r.body.requestId;
    return r.body.requestId as string;
  };
  const ids = { full: [] as string[], partial: [] as string[], batch: [] as string[] };
  for (const kind of ["full", "partial", "batch"] as const) {
    for (let i = 0; i < REQUESTS[kind]; i += 10) {
      ids[kind].push(
        ...(await Promise.all(Array.from({ length: Math.min(10, REQUESTS[kind] - i) }, (_, j) => create(i + j)))),
      );
    }
  }
  say(`created ${ids.full.length} full, ${ids.partial.length} partial, ${ids.batch.length} batch requests`);

  // Payment jobs, spread over 8 payer wallets (each sends its own in order).
  type Job = { kind: "full" | "partial"; id: string } | { kind: "batch"; ids: string[] };
  const jobs: Job[] = [
    ...ids.full.map((id) => ({ kind: "full" as const, id })),
    ...ids.partial.map((id) => ({ kind: "partial" as const, id })),
    ...Array.from({ length: Math.ceil(ids.batch.length / BATCH_SIZE) }, (_, i) => ({
      kind: "batch" as const,
      ids: ids.batch.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE),
    })),
  ].sort(() => Math.random() - 0.5);
  const payers = DEMO_WALLETS.slice(0, 8);
  let done = 0;
  let onChainPayments = 0;
  const pay = async (job: Job, payer: (typeof payers)[number]) => {
    let txs: ApiTransaction[];
    if (job.kind === "batch") {
      const b = await api("POST", "/v2/payouts/batch", {
        headers: { ...key, "idempotency-key": randomUUID() },
        body: { requestIds: job.ids, payer: payer.address },
        expect: 201,
      });
      txs = [...b.body.ERC20ApprovalTransactions, b.body.batchPaymentTransaction];
    } else {
      const q = `wallet=${payer.address}${job.kind === "partial" ? "&amount=4" : ""}`;
      txs = (await api("GET", `/v2/request/${job.id}/pay?${q}`, { headers: key, expect: 200 })).body.transactions;
    }
    await sendAll("base", rpcUrl, payer.privateKey, txs);
    onChainPayments += job.kind === "batch" ? job.ids.length : 1;
    done++;
  };

  // Faults while paying: kill -9 a worker, then a web process (each restarted 3 s later, as an
  // orchestrator would, and again if it cannot start), then restart PostgreSQL.
  let pgDownAt = 0;
  let pgUpAt = 0;
  const waitDone = async (share: number) => {
    while (done < jobs.length * share) await sleep(50);
  };
  const supervise = async (what: string, launchIt: () => Proc, isUp: () => Promise<boolean>) => {
    for (let tries = 1; ; tries++) {
      const p = launchIt();
      try {
        await until(what, isUp, 240_000, p);
        return;
      } catch (err) {
        if (tries >= 5) throw err;
        say(`${what}: the process exited during start-up (try ${tries}), restarting it`);
        await sleep(2000);
      }
    }
  };
  const faults = (async () => {
    await waitDone(0.15);
    say("kill -9 worker 1");
    signal(workers[0]!, "SIGKILL");
    await workers[0]!.exited;
    await sleep(3000);
    const workerBack = supervise("worker 1 ready again", () => startWorker(0), workerReady(0));
    await waitDone(0.3);
    say("kill -9 web 1");
    webUp[0] = false;
    signal(webs[0]!, "SIGKILL");
    await webs[0]!.exited;
    await sleep(3000);
    const webBack = supervise("web 1 ready again", () => startWeb(0), webReady(0)).then(() => {
      webUp[0] = true;
      say("web 1 back");
    });
    await waitDone(0.5);
    // A restart held down for a few seconds: longer than the pool's 5 s connection timeout, so
    // requests meet the outage (503) instead of only waiting it out.
    say(`restarting PostgreSQL (pg_ctlcluster stop, ${OUTAGE_MS / 1000} s down, start)`);
    pgDownAt = Date.now();
    pgctl("pg_ctlcluster", PG_VERSION, cluster, "stop");
    await sleep(OUTAGE_MS);
    pgctl("pg_ctlcluster", PG_VERSION, cluster, "start");
    await until("PostgreSQL back", pgAccepts, 60_000);
    pgUpAt = Date.now();
    say(`PostgreSQL accepts connections again after ${pgUpAt - pgDownAt} ms`);
    await Promise.all([workerBack, webBack]);
  })();

  say(`paying ${jobs.length} payment jobs with ${payers.length} wallets`);
  const queue = [...jobs];
  await Promise.all(
    payers.map(async (payer) => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        await pay(job, payer);
        await sleep(150); // paced, so that the faults fall in the middle of the payments
      }
    }),
  );
  say(`paid: ${onChainPayments} payments on chain`);
  await faults;

  // Settle: every request in its expected status and no delivery pending.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const expected = (id: string) => (ids.partial.includes(id) ? "partially_paid" : "paid");
  const all = [...ids.full, ...ids.partial, ...ids.batch];
  const statusOf = async () => {
    const rows = (
      await db.query<{ request_id: string; n: string }>(
        `SELECT request_id, count(*) AS n FROM payments GROUP BY request_id`,
      )
    ).rows;
    return new Map(rows.map((r) => [r.request_id, Number(r.n)]));
  };
  say("waiting for detection and deliveries to settle");
  await until(
    "every request paid and every delivery settled",
    async () => {
      const paid = await statusOf();
      const pending = Number(
        (await db.query(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'`)).rows[0].n,
      );
      return all.every((id) => paid.has(id)) && pending === 0;
    },
    240_000,
  ).catch((err) => failures.push((err as Error).message));
  reading = false;
  await Promise.all(readers);

  // Rate limits: one window for the platform's key, whichever process answers. Each process
  // adds its count to the shared row every 250 ms (lib/api/rate-limit.ts), so the probes are
  // 400 ms apart: each must then see the other's requests, the remaining count falling by one.
  const remaining: number[] = [];
  await sleep(1000); // the readers' last counts reach the shared row first
  for (let i = 0; i < 12; i++) {
    const a = await callWeb(i % 2, "GET", "/v2/currencies?network=base", { headers: key });
    remaining.push(Number(a.headers.get("x-ratelimit-remaining")));
    await sleep(400);
  }
  // A process shows the shared count as of its last exchange, so the first answer of each process
  // may lag (seen: web 2's first answer above web 1's); from the third probe on, each must see the
  // other process's requests: one less each time (separate windows would fall by one every second
  // probe). A new window (a jump up) starts the comparison over.
  const drops = remaining.slice(1).map((r, i) => remaining[i] - r);
  const decreasing = drops.slice(2).every((d) => d === 1 || d < 0);
  check(
    decreasing,
    `rate-limit window shared by both web processes: remaining ${remaining.slice(0, 6).join(", ")}, … alternating web 1 / web 2`,
  );

  // Payments: each on-chain payment recorded exactly once.
  const payments = (
    await db.query(`SELECT count(*) AS n, count(DISTINCT (network, tx_hash, log_index)) AS d FROM payments`)
  ).rows[0];
  const duplicates = Number(payments.n) - Number(payments.d);
  check(
    Number(payments.n) === onChainPayments && duplicates === 0,
    `payments recorded: ${payments.n} for ${onChainPayments} on chain, duplicates=${duplicates}`,
  );

  // Request statuses, through the API.
  let wrong = 0;
  for (const id of all) {
    const r = await api("GET", `/v2/request/${id}`, { headers: key, expect: 200 });
    const want = expected(id);
    const ok =
      r.body.status === want &&
      r.body.hasBeenPaid === (want === "paid") &&
      (want !== "partially_paid" || r.body.amountPaid === "4");
    if (!ok) {
      wrong++;
      if (wrong <= 3) failures.push(`request ${id}: ${r.body.status} paid ${r.body.amountPaid}, expected ${want}`);
    }
  }
  check(
    wrong === 0,
    `request statuses: ${all.length - wrong}/${all.length} right (${ids.full.length + ids.batch.length} paid, ${ids.partial.length} partially paid)`,
  );

  // Events and deliveries.
  const events = (
    await db.query<{ event: string; n: string }>(
      `SELECT event, count(*) AS n FROM webhook_events WHERE NOT is_test GROUP BY event ORDER BY event`,
    )
  ).rows;
  const deliveries = (
    await db.query<{
      id: string;
      event_id: string;
      endpoint_id: string;
      body: string;
      status: string;
      attempt_count: number;
    }>(
      `SELECT d.id, d.event_id, d.endpoint_id::text, d.body, d.status, d.attempt_count FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE NOT e.is_test`,
    )
  ).rows;
  const eventCount = events.reduce((s, e) => s + Number(e.n), 0);
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  const receivedBy = new Map<string, Got[]>();
  for (const g of got) receivedBy.set(g.deliveryId, [...(receivedBy.get(g.deliveryId) ?? []), g]);
  let lost = 0;
  let wrongEndpoint = 0;
  let twoBodies = 0;
  let delivered = 0;
  let failedAfterFour = 0;
  for (const d of deliveries) {
    const seen = receivedBy.get(d.id) ?? [];
    if (seen.some((g) => endpointOf[g.receiver] !== d.endpoint_id)) wrongEndpoint++;
    if (new Set(seen.map((g) => g.body)).size > 1 || seen.some((g) => g.body !== d.body)) twoBodies++;
    if (d.status === "delivered" && seen.some((g) => g.answered === 200)) delivered++;
    else if (d.status === "failed" && d.attempt_count === 4) failedAfterFour++;
    else lost++;
  }
  const unknown = got.filter((g) => !byId.has(g.deliveryId)).length;
  const perEvent = deliveries.length === eventCount * endpointOf.length;
  check(perEvent, `deliveries: ${deliveries.length} for ${eventCount} events × ${endpointOf.length} endpoints`);
  check(
    lost === 0,
    `every delivery delivered (${delivered}) or failed after 4 attempts (${failedAfterFour}): lost=${lost}`,
  );
  check(
    wrongEndpoint === 0 && unknown === 0,
    `deliveries to a wrong endpoint: ${wrongEndpoint}; unknown delivery ids received: ${unknown}`,
  );
  check(twoBodies === 0, `deliveries with two different bodies: ${twoBodies}`);
  const paidEvents = Number(events.find((e) => e.event === "payment.confirmed")?.n ?? 0);
  check(
    paidEvents >= ids.full.length + ids.batch.length,
    `payment.confirmed events: ${paidEvents} (one per settled payment) for ${ids.full.length + ids.batch.length} paid requests`,
  );

  // 5xx: only while PostgreSQL was down, in the error shape, recovered within seconds.
  const fiveXX = calls.filter((c) => c.status >= 500);
  const duringOutage = (c: Call) => pgDownAt > 0 && c.end >= pgDownAt && c.start <= pgUpAt + RECOVERY_GRACE_MS;
  const whileUp = fiveXX.filter((c) => !duringOutage(c));
  const badShape = fiveXX.filter((c) => c.status !== 503 || c.code !== "database_unavailable" || !c.retryAfter);
  const lastOutage5xx = Math.max(pgUpAt, ...fiveXX.filter(duringOutage).map((c) => c.end));
  const firstOkAfter = [0, 1].map(
    (w) => calls.find((c) => c.web === w && c.start >= pgUpAt && c.status > 0 && c.status < 500)?.end ?? NaN,
  );
  const recoveryMs = Math.max(...firstOkAfter) - pgUpAt;
  check(
    whileUp.length === 0,
    `5xx while PostgreSQL was up: ${whileUp.length}${
      whileUp.length
        ? ` (${whileUp
            .slice(0, 3)
            .map((c) => `${c.status} ${c.method} ${c.path}`)
            .join("; ")})`
        : ""
    }`,
  );
  check(
    fiveXX.length > 0 && badShape.length === 0,
    `5xx during the outage: ${fiveXX.length}, all 503 database_unavailable with Retry-After: ${badShape.length === 0}`,
  );
  check(
    Number.isFinite(recoveryMs) && recoveryMs < 10_000,
    `recovery: both web processes answered again ${recoveryMs} ms after PostgreSQL accepted connections (last 5xx ${lastOutage5xx - pgUpAt} ms after)`,
  );
  const perWeb = [0, 1].map((w) => calls.filter((c) => c.web === w && c.status > 0).length);
  const web2Refused = calls.filter((c) => c.web === 1 && c.status === 0).length;
  check(
    web2Refused === 0 && perWeb.every((n) => n > 0),
    `web process that stayed up kept serving: requests answered web 1 ${perWeb[0]}, web 2 ${perWeb[1]}; web 2 refused ${web2Refused}`,
  );
  await db.end();

  console.log("\n=== scale test");
  for (const line of results) console.log(line);
  console.log(
    `\npayments=${payments.n} events=${eventCount} (${events.map((e) => `${e.event} ${e.n}`).join(", ")}) deliveries=${deliveries.length} ` +
      `received=${got.length} (failed on purpose ${got.filter((g) => g.answered !== 200).length}) duplicates=${duplicates} lost=${lost} ` +
      `5xx_while_pg_up=${whileUp.length} pg_outage_ms=${pgUpAt - pgDownAt} recovery_ms=${recoveryMs} http_calls=${calls.length} total_s=${((Date.now() - t0) / 1000).toFixed(0)}`,
  );

  for (const p of [...procs].filter((p) => p !== chains)) await stopProc(p);
  await stopProc(chains);
  for (const r of receivers) r.close();
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  // Whatever is left after a failure: the chains get SIGTERM (their anvils run in groups of
  // their own and are stopped by them), the rest SIGKILL.
  await Promise.all([...procs].map((p) => (p.label === "chains" ? stopProc(p) : (signal(p, "SIGKILL"), p.exited))));
  dropCluster();
  fs.rmSync(work, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`\nFAILED:\n${failures.join("\n")}`);
  exitCode = 1;
}
process.exit(exitCode);
