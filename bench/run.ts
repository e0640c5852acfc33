// `npm run bench`: performance figures of the running product, printed, never asserted, on
// PGlite and on PostgreSQL in one run, each HTTP figure next to the floors measured in the same
// run on the same machine (a raw Node http server, the framework's bare route), as ratios.
// Each HTTP scenario first warms up, then runs 32 connections for BENCH_SECONDS (default 10).
//
// PostgreSQL: BENCH_DATABASE_URL is an admin URL (default postgres://postgres@127.0.0.1:5432/postgres);
// the bench creates a fresh database next to it (named BENCH_DATABASE_PREFIX + random, default
// prefix stablelink_bench_) and drops it at the end. BENCH_DATABASES=pglite (or postgres) runs one.
// BENCH_ONLY=http runs only the HTTP scenarios, BENCH_ONLY=server everything measured against the server; payment-search, payment-detection, recurring,
// webhooks, crosschain and pay-page run only theirs. Export BENCH_PORT and SANDBOX_PORT_BASE to keep clear
// of other servers on the machine.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { benchCrosschain } from "./crosschain";
import { firstLoadJs, printFirstLoads } from "./first-load-js";
import { type LoadResult, load, printTable, startRawServer } from "./load";
import { benchPayPage, printPayPage } from "./pay-page";
import { registerBenchDestination } from "./payee-destination";
import { benchPaymentDetection } from "./payment-detection";
import { benchPaymentSearch } from "./payment-search";
import { benchRecurring } from "./recurring";
import { type BenchServer, startServer } from "./server";
import { benchWebhooks } from "./webhooks";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3260);
const only = process.env.BENCH_ONLY;
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((d) => d.trim()) as (
  | "pglite"
  | "postgres"
)[];

type Kind = "pglite" | "postgres";
const LABEL: Record<Kind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped by `drop`. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? "stablelink_bench_"}${randomBytes(4).toString("hex")}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`BENCH_DATABASE_PREFIX makes a database name PostgreSQL would need quoted: ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Runs `fn` with `process.env[name]` set (the in-process benches read their database from the environment). */
async function withEnv<T>(name: string, value: string | undefined, fn: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}

/** The HTTP scenarios against one server, with the floors measured just before them. */
async function benchHttp(kind: Kind, server: BenchServer): Promise<void> {
  const key = { "x-api-key": server.credentials.apiKey };
  const requestId = server.credentials.demoRequestId;
  if (!requestId) throw new Error("the sandbox server seeded no demo request");
  const payee = await registerBenchDestination(server.url);
  // The pay scenario reads the sandbox chain for a wallet that has not approved the proxy yet:
  // allowance, balances and gas price in one batched round trip, then a gas simulation of the
  // approval and the payment (eth_simulateV1), besides the API key, rate limit and request rows.
  const payUrl = `${server.url}/v2/request/${requestId}/pay?wallet=${DEMO_WALLETS[0].address}`;
  const raw = await startRawServer();
  const results: LoadResult[] = [];
  try {
    const scenarios: [string, string, Record<string, string>, string][] = [
      ["floor: raw Node http server, fixed JSON", raw.url, {}, ""],
      ["floor: bare route, fixed JSON (GET /ping)", `${server.url}/ping`, {}, ""],
      [
        "GET /v2/currencies?network=base (API key)",
        `${server.url}/v2/currencies?network=base`,
        key,
        "≥ 0.8, p99 ≤ 100 ms",
      ],
      [
        "GET /v2/payee-destination/{id} (wallet session)",
        `${server.url}${payee.destinationPath}`,
        payee.auth,
        "≥ 0.8, p99 ≤ 100 ms",
      ],
      [
        "GET signing-data, a nonce row each (wallet session)",
        `${server.url}${payee.signingDataPath}`,
        payee.auth,
        "≥ 0.8, p99 ≤ 100 ms",
      ],
      ["GET /v2/request/{id}/pay?wallet= (API key, sandbox chain)", payUrl, key, "≥ 0.5 (goal 0.7)"],
    ];
    const aims: string[] = [];
    for (const [name, url, headers, aim] of scenarios) {
      await load(`warm-up ${name}`, url, headers, 8, 2);
      results.push(await load(name, url, headers, 32, seconds));
      aims.push(aim);
    }
    const bare = results[1].requestsPerSec;
    printTable(
      `${LABEL[kind]}: HTTP at 32 connections, ${seconds} s each (ratio: req/s over the bare route's, measured in this run)`,
      results.map((r, i) => ({ ...r, ratio: +(r.requestsPerSec / bare).toFixed(2), aim: aims[i] })),
    );
  } finally {
    await raw.stop();
  }
}

/** Everything measured against a running server, for one database. */
async function benchServer(kind: Kind, databaseUrl: string | undefined): Promise<void> {
  const server = await startServer(port, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    if (only === "crosschain") return console.table(await benchCrosschain(server));
    if (only === "pay-page") return printPayPage(await benchPayPage(server));
    await benchHttp(kind, server);
    if (only === "http") return;
    if (kind === databases[0])
      printFirstLoads(await Promise.all(["/", "/dashboard/sign-in"].map((p) => firstLoadJs(server.url, p))));
    console.log(`${LABEL[kind]}: payment page`);
    printPayPage(await benchPayPage(server));
    console.log(`${LABEL[kind]}: crosschain`);
    // A scenario that fails is printed as such; the figures after it are still measured.
    console.table(
      await benchCrosschain(server).catch((err: Error) => [{ scenario: "crosschain", failed: err.message }]),
    );
  } finally {
    await server.stop();
  }
}

/** The benches that run in this process on a database of their own (a throwaway one per run). */
async function benchInProcess(kind: Kind, databaseUrl: string | undefined): Promise<void> {
  // payment-detection and recurring open their database like the tests (TEST_DATABASE_URL: a
  // throwaway schema there; unset: in-memory PGlite).
  await withEnv("TEST_DATABASE_URL", databaseUrl, async () => {
    if (!only || only === "payment-detection") {
      console.log(`${LABEL[kind]}: payment detection`);
      console.table(await benchPaymentDetection());
    }
    if (!only || only === "recurring") {
      console.log(`${LABEL[kind]}: recurring`);
      console.table(await benchRecurring());
    }
  });
}

const fresh = databases.includes("postgres") && only !== "payment-search" ? await freshDatabase() : undefined;
try {
  if (only === "payment-search") {
    console.table(await benchPaymentSearch());
  } else {
    for (const kind of databases) {
      const url = kind === "postgres" ? fresh!.url : undefined;
      if (!only || ["http", "crosschain", "pay-page", "server"].includes(only)) await benchServer(kind, url);
      if (!only || ["payment-detection", "recurring"].includes(only)) await benchInProcess(kind, url);
    }
    // Payment search loads its own data on both databases (PostgreSQL: a schema in the fresh database).
    if (!only) await withEnv("BENCH_DATABASE_URL", fresh?.url, async () => console.table(await benchPaymentSearch()));
    // Webhook delivery runs in process on both databases (PostgreSQL: a schema in the fresh database).
    if (!only || only === "webhooks")
      await withEnv("BENCH_DATABASE_URL", fresh?.url, async () => console.table(await benchWebhooks()));
  }
} finally {
  await fresh?.drop();
}
process.exit(0);
