// An indexer killed (SIGKILL) in the middle of a range loses nothing and repeats nothing: a
// real worker process (`scripts/worker.ts`) reads a range holding a payment, is killed while
// it fetches that payment's block (an RPC proxy holds the answer), and the restarted worker
// records the payment once and announces it once, to a real receiver.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVM_NETWORK_IDS } from "../../chains/networks";
import { resetConfigForTests, sandboxPortsEnv } from "../../config";
import { type Database, openPglite, setDatabaseFactory } from "../../db/client";
import { migrate } from "../../db/migrate";
import { DEMO_WALLETS } from "../../devnet/accounts";
import { pointAppAtSandbox, sandboxPortsWith, startTestSandbox, type TestSandbox } from "../../devnet/sandbox-fixtures";
import { buildPayCalldata } from "../../requests/build-pay-calldata";
import { createRequest } from "../../requests/create-request";
import { asStored } from "../../requests/request-store";
import { type ApiTransaction, sendAll } from "../../test/send-calldata";
import { type Receiver, startReceiver } from "../../webhooks/receiver-fixtures";
import { platformWithEndpoints } from "../../webhooks/webhook-fixtures";

const root = path.resolve(import.meta.dirname, "../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "indexer-crash-"));
// The workers decrypt the endpoint's secret this test process stored: one key for both.
const encryptionKey = randomBytes(32).toString("hex");
const savedKey = process.env.ENCRYPTION_KEY;

let sandbox: TestSandbox;
let restore: () => void;
let receiver: Receiver;
let proxy: http.Server;
let proxyPorts: string; // SANDBOX_PORTS for the workers: base on the proxy
let hold = true;
let held = 0;
const children: ChildProcess[] = [];

async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  const database: Database = await openPglite(path.join(dataDir, "pglite"));
  setDatabaseFactory(async () => database);
  try {
    return await fn();
  } finally {
    setDatabaseFactory(undefined);
    await database.close();
  }
}

/** A JSON-RPC proxy to the sandbox's base chain that, while `hold`, never answers a full-block read. */
async function startRpcProxy(target: string): Promise<void> {
  proxy = http.createServer((req, res) => {
    // The worker's new-heads WebSocket is refused here: detection then polls (start-detection.ts).
    if (req.method !== "POST") return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const calls = [JSON.parse(body)].flat() as { method: string; params?: unknown[] }[];
      if (hold && calls.some((c) => c.method === "eth_getBlockByNumber" && c.params?.[1] === true)) {
        held++;
        return; // the worker waits here, mid-range, until it is killed
      }
      const answer = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
      res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyPorts = sandboxPortsEnv(await sandboxPortsWith({ base: (proxy.address() as AddressInfo).port }));
}

function startWorker(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: encryptionKey,
    LOG_LEVEL: process.env.DEBUG_WORKER ? "debug" : "silent",
    NODE_ENV: "development",
    SANDBOX_PORTS: proxyPorts,
    PAYMENT_DETECTION_NETWORKS: "base",
  };
  delete env.DATABASE_URL;
  for (const n of EVM_NETWORK_IDS) delete env[`RPC_URL_${n.toUpperCase().replace(/-/g, "_")}`];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--embedded"], {
    cwd: root,
    env,
    stdio: ["ignore", process.env.DEBUG_WORKER ? "inherit" : "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  process.env.ENCRYPTION_KEY = encryptionKey;
  sandbox = await startTestSandbox(["base"]);
  restore = pointAppAtSandbox(sandbox);
  receiver = await startReceiver();
  await startRpcProxy(sandbox.urls.base!);
  const database = await openPglite(path.join(dataDir, "pglite"));
  await migrate(database);
  await database.close();
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  proxy?.closeAllConnections();
  proxy?.close();
  await receiver?.close();
  restore?.();
  await sandbox?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (savedKey === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = savedKey;
  resetConfigForTests();
});

describe("an indexer killed mid-range", () => {
  it("is replaced by a restarted one that records the payment once and announces it once", async () => {
    const payer = DEMO_WALLETS[7];
    const requestId = await withDatabase(async () => {
      const p = await platformWithEndpoints(`${receiver.url}/crash`);
      const request = await createRequest(
        { platformId: p.platformId, clientIdId: p.clientIdId },
        {
          amount: "3",
          invoiceCurrency: "USDC-base",
          paymentCurrency: "USDC-base",
          payee: privateKeyToAccount(generatePrivateKey()).address,
        },
      );
      const calldata = await buildPayCalldata(asStored(request), { wallet: payer.address });
      await sendAll("base", sandbox.urls.base!, payer.privateKey, calldata.transactions as ApiTransaction[]);
      return request.requestId;
    });

    const first = startWorker();
    await until(() => held > 0, 60_000);
    first.kill("SIGKILL");
    await exited(first);
    expect(first.signalCode).toBe("SIGKILL");

    hold = false;
    const second = startWorker();
    // The killed run's job holds the network until its lease (30 s) runs out.
    await receiver.waitFor(1, 90_000);
    await new Promise((r) => setTimeout(r, 3_000)); // room for a duplicate to show up
    second.kill("SIGTERM");
    await exited(second);

    const { payments, events } = await withDatabase(async () => {
      const { db } = await import("../../db/client");
      const prisma = await db();
      return {
        payments: await prisma.payment.findMany({ where: { requestId } }),
        events: (await prisma.webhookEvent.findMany()).filter(
          (e) => (e.payload as { requestId?: string }).requestId === requestId,
        ),
      };
    });
    expect(payments).toHaveLength(1);
    expect(events.map((e) => e.event)).toEqual(["payment.confirmed"]);
    expect(receiver.received.map((r) => JSON.parse(r.raw.toString()).event)).toEqual(["payment.confirmed"]);
  }, 180_000);
});
