// Two delivery workers draining the same backlog send each delivery once: their claims
// (`FOR UPDATE SKIP LOCKED`) take disjoint sets. On PostgreSQL they are two real worker
// processes (`scripts/worker.ts`) on a schema of TEST_DATABASE_URL's server, as deployed; on
// PGlite (one process per database) two workers in this process on the same database.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../config";
import { db, setDatabaseFactory } from "../db/client";
import { createTestSchema } from "../db/database-fixtures";
import { emitEvents } from "./emit-event";
import { type Receiver, startReceiver } from "./receiver-fixtures";
import { confirmedPayment, eventually, platformWithEndpoints, startTestDelivery } from "./webhook-fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const pgUrl = process.env.TEST_DATABASE_URL;
let schema: string; // PostgreSQL: the test schema the worker processes open
const encryptionKey = randomBytes(32).toString("hex");
const savedKey = process.env.ENCRYPTION_KEY;
const EVENTS = 600;
const OPERATIONS = 4;

let receiver: Receiver;
const children: ChildProcess[] = [];
const inProcess: { stop(): Promise<void> }[] = [];

/** A worker process on the test schema; resolves once it runs (it prints "worker running"). */
async function startWorkerProcess(): Promise<ChildProcess> {
  const u = new URL(pgUrl!);
  u.searchParams.set("schema", schema);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: u.toString(),
    ENCRYPTION_KEY: encryptionKey,
    LOG_LEVEL: "silent",
    NODE_ENV: "development",
    PAYMENT_DETECTION_NETWORKS: "none",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      if (out.includes("worker running")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}

beforeAll(async () => {
  process.env.ENCRYPTION_KEY = encryptionKey;
  resetConfigForTests();
  if (pgUrl) {
    // Named, so that the worker processes open the same schema; dropped when the test setup closes it.
    const created = await createTestSchema(pgUrl);
    schema = created.schema;
    setDatabaseFactory(created.open);
  }
  receiver = await startReceiver(() => 200);
});

afterAll(async () => {
  for (const w of inProcess) await w.stop();
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await receiver?.close();
  if (savedKey === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = savedKey;
  resetConfigForTests();
});

describe("two delivery workers on one database", () => {
  it("share a backlog without sending any delivery twice, each attempt recorded once", async () => {
    const p = await platformWithEndpoints(
      ...Array.from({ length: OPERATIONS }, (_, i) => `${receiver.url}/shared-${i}`),
    );
    // Both workers run before the backlog commits: one NOTIFY wakes them at once, and they race for the same rows.
    if (pgUrl) await Promise.all([startWorkerProcess(), startWorkerProcess()]);
    // (32 in flight each: the receiver answers on this process's event loop, beside the embedded database.)
    else inProcess.push(await startTestDelivery({ concurrency: 32 }), await startTestDelivery({ concurrency: 32 }));

    const prisma = await db();
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i += 100) {
      const events = Array.from({ length: 100 }, () => confirmedPayment(p.owner));
      for (const e of await prisma.$transaction((tx) => emitEvents(tx, events)))
        ids.push(...e.deliveries.map((d) => d.id));
    }
    expect(ids).toHaveLength(EVENTS * OPERATIONS);

    await receiver.waitFor(ids.length, 120_000);
    const endpointIds = p.endpoints.map((e) => e.id);
    await eventually(
      () => prisma.webhookDelivery.count({ where: { endpointId: { in: endpointIds }, status: { not: "delivered" } } }),
      (n) => n === 0,
      60_000,
      200,
    );
    // Room for a duplicate to show up, had a delivery been claimed twice.
    await new Promise((r) => setTimeout(r, 1500));

    const received = new Map<string, number>();
    for (const r of receiver.received) {
      const id = String(r.headers["x-service-delivery"]);
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const attempts = await prisma.webhookAttempt.findMany({
      where: { deliveryId: { in: ids } },
      orderBy: [{ deliveryId: "asc" }, { startedAt: "asc" }],
    });
    const byDelivery = new Map<string, typeof attempts>();
    for (const a of attempts) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
    const violations: string[] = [];
    for (const id of ids) {
      const list = byDelivery.get(id) ?? [];
      const got = received.get(id) ?? 0;
      // Each request the receiver saw is an attempt of its own, recorded once...
      if (got !== list.length) violations.push(`${id}: ${got} requests, ${list.length} attempts recorded`);
      // ...one after the other, never two at once (two workers holding it), and the last is the 2xx.
      for (let i = 1; i < list.length; i++)
        if (list[i].startedAt < list[i - 1].finishedAt!) violations.push(`${id}: attempts ${i - 1} and ${i} overlap`);
      if (list.some((a, i) => (a.statusCode === 200) !== (i === list.length - 1)))
        violations.push(`${id}: ${list.map((a) => a.statusCode ?? a.error).join(", ")}`);
    }
    const twice = [...received.values()].filter((n) => n > 1).length;
    console.log(
      `two workers (${pgUrl ? "processes, PostgreSQL" : "in one process, PGlite"}): ${ids.length} deliveries, ${receiver.received.length} requests, ` +
        `${received.size} delivery ids received, ${twice} more than once (a retry after a recorded failed attempt), ${attempts.length} attempts recorded`,
    );

    expect(violations).toEqual([]);
    expect([...received.keys()].sort()).toEqual([...ids].sort());
    // On a machine with room to answer within the 5 s limit, every delivery was received exactly once.
    if (attempts.every((a) => a.statusCode === 200)) expect(receiver.received).toHaveLength(ids.length);
  }, 180_000);
});
