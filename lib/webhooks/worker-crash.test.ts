// A worker process killed (SIGKILL) in the middle of a delivery loses nothing: the restarted
// worker counts the cut-off attempt as interrupted and delivers with the same delivery id.
// Real processes (`scripts/worker.ts`), the real schedule and 5 s limit, on a database on disk:
// an embedded data directory, or a schema of TEST_DATABASE_URL's server.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../config";
import { type Database, openPglite, openPostgres, setDatabaseFactory } from "../db/client";
import { migrate } from "../db/migrate";
import { INTERRUPTED } from "./delivery-policy";
import { type Receiver, startReceiver } from "./receiver-fixtures";
import {
  confirmedPayment,
  deliveryState,
  emitInTransaction,
  eventually,
  platformWithEndpoints,
} from "./webhook-fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-crash-"));
const pgUrl = process.env.TEST_DATABASE_URL;
const schema = `crash_${randomBytes(4).toString("hex")}`;
const encryptionKey = randomBytes(32).toString("hex");
const savedKey = process.env.ENCRYPTION_KEY;

/** The database the workers use: opened here only while no worker has it (embedded mode). */
let shared: Database | undefined;
async function open(): Promise<Database> {
  if (pgUrl) {
    shared ??= await openPostgres(pgUrl, schema);
    return shared;
  }
  return openPglite(path.join(dataDir, "pglite"));
}
async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  const database = await open();
  setDatabaseFactory(async () => database);
  try {
    return await fn();
  } finally {
    setDatabaseFactory(undefined);
    if (!pgUrl) await database.close();
  }
}

function startWorker(): ChildProcess {
  // No chains run here: payment detection stays off.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: encryptionKey,
    LOG_LEVEL: "silent",
    NODE_ENV: "development",
    PAYMENT_DETECTION_NETWORKS: "none",
  };
  delete env.DATABASE_URL;
  if (pgUrl) {
    const u = new URL(pgUrl);
    u.searchParams.set("schema", schema);
    env.DATABASE_URL = u.toString();
  }
  const args = ["--import", "tsx", "scripts/worker.ts", ...(pgUrl ? [] : ["--embedded"])];
  return spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}

let receiver: Receiver;
let hangFirst = true;
const children: ChildProcess[] = [];

beforeAll(async () => {
  process.env.ENCRYPTION_KEY = encryptionKey;
  resetConfigForTests();
  if (pgUrl) {
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
  }
  const database = await open();
  await migrate(database);
  if (!pgUrl) await database.close();
  // The first request is held open: the worker is killed while it waits for the answer.
  receiver = await startReceiver(() => (hangFirst ? ((hangFirst = false), "hang") : 200));
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await receiver?.close();
  if (shared) await shared.close();
  if (pgUrl) {
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}_pgboss" CASCADE`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (savedKey === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = savedKey;
  resetConfigForTests();
});

describe("a worker killed mid-delivery", () => {
  it("is replaced by a restarted worker that delivers the same delivery", async () => {
    const deliveryId = await withDatabase(async () => {
      const p = await platformWithEndpoints(`${receiver.url}/crash`);
      const emitted = await emitInTransaction(confirmedPayment(p.owner));
      return emitted.deliveries[0].id;
    });

    const first = startWorker();
    children.push(first);
    const [cut] = await receiver.waitFor(1, 90_000);
    expect(cut.headers["x-service-delivery"]).toBe(deliveryId);
    expect(cut.headers["x-service-retry-count"]).toBe("0");
    first.kill("SIGKILL"); // while the request waits for its answer
    await exited(first);
    expect(first.signalCode).toBe("SIGKILL");

    const second = startWorker();
    children.push(second);
    // The job comes back once its lease (5 s limit + 10 s) has run out.
    const [, again] = await receiver.waitFor(2, 90_000);
    expect(again.headers["x-service-delivery"]).toBe(deliveryId);
    expect(again.headers["x-service-retry-count"]).toBe("1");
    expect(again.raw.equals(cut.raw)).toBe(true);
    console.log(`redelivered ${again.at - cut.at} ms after the cut-off attempt`);

    if (pgUrl) {
      await withDatabase(() =>
        eventually(
          () => deliveryState(deliveryId),
          (d) => d.status === "delivered",
        ),
      );
    }
    second.kill("SIGTERM"); // a clean stop finishes the attempt it is running
    await exited(second);
    const state = await withDatabase(() => deliveryState(deliveryId));
    expect(state.status).toBe("delivered");
    expect(state.attempts.map((a) => [a.retryCount, a.statusCode, a.error])).toEqual([
      [0, null, INTERRUPTED],
      [1, 200, null],
    ]);
    expect(receiver.received).toHaveLength(2);
  }, 180_000);
});
