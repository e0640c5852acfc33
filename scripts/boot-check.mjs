// `npm run test:boot`: start-up on a fresh PostgreSQL database, measured (issue #14).
//   1. STARTS (default 10) starts in a row of `npm start` with DATABASE_URL on one fresh
//      database (sandbox mode, as a new operator runs it): each must become ready
//      (/health/ready 200), then stops with SIGTERM.
//   2. ROUNDS (default 1) times, on another fresh database: 2 web + 2 worker processes
//      started at the same instant, sharing `npm run chains`; all four must come up.
// Environment: PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), DB_PREFIX
// (default stablelink_boot_; databases are dropped after).
// Ports come from the kernel (scripts/free-ports.mjs), fresh for every start: the chains' state
// is in DATA_DIR, not on a port, and a port given back at a stop cannot be held for the next.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePorts } from "./free-ports.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const prefix = process.env.DB_PREFIX ?? "stablelink_boot_";
const SANDBOX_CHAINS = 8; // the seven EVM chains and the Tron node (lib/config.ts SANDBOX_NETWORKS)
const starts = Number(process.env.STARTS ?? 10);
const rounds = Number(process.env.ROUNDS ?? 1);
const children = new Set();

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function freshDatabase(tag) {
  const name = `${prefix}${tag}_${Date.now()}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

function start(label, cmd, args, env) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  const out = [];
  const onData = (d) => out.push(d.toString());
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => (children.delete(child), resolve({ code, signal }))),
  );
  return { label, child, out, exited, text: () => out.join("") };
}

async function stop(p, signal = "SIGTERM") {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return p.exited;
  try {
    process.kill(-p.child.pid, signal); // its process group: npm start's server and anvils
  } catch {
    /* gone */
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-p.child.pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }, 30_000);
  const r = await p.exited;
  clearTimeout(timer);
  return r;
}

/** Resolves with ms to readiness; rejects when the process exits first or after timeoutMs. */
async function ready(p, started, check, timeoutMs = 240_000) {
  let exited = false;
  void p.exited.then(() => (exited = true));
  while (Date.now() - started < timeoutMs) {
    if (exited) throw new Error(`${p.label} exited during start-up:\n${p.text().slice(-3000)}`);
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${p.label} not ready after ${timeoutMs} ms:\n${p.text().slice(-3000)}`);
}

const httpReady = (port) => async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).status === 200;
const printed = (p, text) => async () => p.text().includes(text);

const key = "ab".repeat(32);
const failures = [];

async function sequentialStarts() {
  const db = await freshDatabase("seq");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stablelink-boot-"));
  const times = [];
  try {
    for (let i = 1; i <= starts; i++) {
      const [port, ...chainPorts] = await freePorts(1 + SANDBOX_CHAINS);
      const t = Date.now();
      const p = start(`start ${i}`, "node", ["scripts/start.mjs"], {
        DATABASE_URL: db.url,
        PORT: String(port),
        DATA_DIR: dataDir,
        SANDBOX_PORTS: chainPorts.join(","),
      });
      try {
        times.push(await ready(p, t, httpReady(port)));
        console.log(`  start ${i}/${starts}: ready in ${times.at(-1)} ms`);
      } catch (err) {
        failures.push(`start ${i}: ${err.message}`);
        console.log(`  start ${i}/${starts}: FAILED`);
      }
      const r = await stop(p);
      if (r.code !== 143 && r.code !== 0) console.log(`  start ${i}: exit ${r.code ?? r.signal} after SIGTERM`);
    }
  } finally {
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return times;
}

async function togetherRound(round) {
  const db = await freshDatabase(`together${round}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stablelink-boot-"));
  const procs = [];
  const [webPort1, webPort2, ...chainPorts] = await freePorts(2 + SANDBOX_CHAINS);
  const chains = start("chains", "node", ["--import", "tsx", "lib/devnet/cli.ts"], {
    DATA_DIR: path.join(dataDir, "chains-dir"),
    SANDBOX_PORTS: chainPorts.join(","),
  });
  try {
    await ready(chains, Date.now(), printed(chains, "Environment for web"));
    // What `npm run chains` prints for the processes that share the chains.
    const printedEnv = Object.fromEntries(
      [...chains.text().matchAll(/^\s+((?:RPC_URL|PAYMENT)_[A-Z_]+|TRONGRID_URL)=(\S+)/gm)].map((m) => [m[1], m[2]]),
    );
    const env = { ...printedEnv, DATABASE_URL: db.url, DATA_DIR: dataDir, ENCRYPTION_KEY: key, SEED_DEMO: "true" };
    const t = Date.now();
    const webPorts = [webPort1, webPort2];
    const webs = [1, 2].map((i) =>
      start(`web ${i}`, "node", ["scripts/start.mjs"], { ...env, PORT: String(webPorts[i - 1]) }),
    );
    const workers = [1, 2].map((i) => start(`worker ${i}`, "node", ["--import", "tsx", "scripts/worker.ts"], env));
    procs.push(...webs, ...workers);
    const results = await Promise.allSettled([
      ...webs.map((w, i) => ready(w, t, httpReady(webPorts[i]))),
      ...workers.map((w) => ready(w, t, printed(w, "worker running"))),
    ]);
    results.forEach((r, i) => {
      if (r.status === "rejected") failures.push(`round ${round} ${procs[i].label}: ${r.reason.message}`);
    });
    const line = results
      .map((r, i) => `${procs[i].label} ${r.status === "fulfilled" ? `${r.value} ms` : "FAILED"}`)
      .join(", ");
    console.log(`  round ${round}: ${line}`);
    return results.every((r) => r.status === "fulfilled");
  } finally {
    for (const p of procs) await stop(p);
    await stop(chains);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.on("SIGINT", () => {
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  process.exit(130);
});

// Build once first when the sources changed (npm start would, inside the first timing; and two
// web processes started at once must not both build).
if (spawnSync("node", ["scripts/start.mjs", "--build-only"], { cwd: root, stdio: "inherit" }).status !== 0)
  process.exit(1);
if (starts > 0) {
  console.log(`${starts} starts in a row of npm start on a fresh database:`);
  const times = await sequentialStarts();
  if (times.length)
    console.log(`  ${times.length}/${starts} ready; ms min ${Math.min(...times)}, max ${Math.max(...times)}`);
}
let ok = 0;
if (rounds > 0) {
  console.log(
    `2 web + 2 worker processes started at the same instant on a fresh database (${rounds} round${rounds > 1 ? "s" : ""}):`,
  );
  for (let r = 1; r <= rounds; r++) if (await togetherRound(r)) ok++;
  console.log(`  ${ok}/${rounds} rounds with all four processes up`);
}
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join("\n\n")}`);
  process.exit(1);
}
console.log("boot check passed");
