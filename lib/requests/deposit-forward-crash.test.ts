// A forwarding worker killed (SIGKILL) between a deposit's arrival and its forward loses
// nothing and pays nothing twice: a real worker process (`scripts/worker.ts`) sees the funds
// at a request's deposit address and signs the forward, but an RPC proxy holds the broadcast
// until the worker is killed; the restarted worker forwards, detection records the payment once
// and `payment.confirmed` names the sender once, to a real receiver. Then the killed worker's
// forward is broadcast late, as a stuck transaction would be: the node refuses it.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi } from "../chains/contracts";
import { EVM_NETWORK_IDS } from "../chains/networks";
import { resetConfigForTests, sandboxPortsEnv } from "../config";
import { type Database, openPglite, setDatabaseFactory } from "../db/client";
import { migrate } from "../db/migrate";
import { DEMO_WALLETS } from "../devnet/accounts";
import { pointAppAtSandbox, sandboxPortsWith, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { testToken } from "../devnet/sandbox-tokens";
import { chainClients } from "../test/send-calldata";
import { type Receiver, startReceiver } from "../webhooks/receiver-fixtures";
import { platformWithEndpoints } from "../webhooks/webhook-fixtures";
import { createRequest } from "./create-request";
import { openDeposit } from "./deposit-address";
import { asStored } from "./request-store";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deposit-crash-"));
const encryptionKey = randomBytes(32).toString("hex");
const savedKey = process.env.ENCRYPTION_KEY;

let sandbox: TestSandbox;
let restore: () => void;
let receiver: Receiver;
let proxy: http.Server;
let proxyPorts: string;
let hold = true;
const heldBroadcasts: Hex[] = [];
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

/** A JSON-RPC proxy to base that, while `hold`, keeps every broadcast and never answers it. */
async function startRpcProxy(target: string): Promise<void> {
  proxy = http.createServer((req, res) => {
    if (req.method !== "POST") return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const calls = [JSON.parse(body)].flat() as { method: string; params?: unknown[] }[];
      const broadcast = calls.find((c) => c.method === "eth_sendRawTransaction");
      if (hold && broadcast) {
        heldBroadcasts.push(broadcast.params?.[0] as Hex);
        return; // the worker waits here, funds seen, forward signed, until it is killed
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
}, 300_000); // a sandbox chain and migrations on a shared, loaded machine

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

describe("a forwarding worker killed between arrival and forward", () => {
  it("is replaced by a restarted one: the request is paid once, announced once, naming the sender", async () => {
    const payer = DEMO_WALLETS[7];
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const { requestId, deposit } = await withDatabase(async () => {
      const p = await platformWithEndpoints(`${receiver.url}/crash`);
      const request = await createRequest(
        { platformId: p.platformId, clientIdId: p.clientIdId },
        { amount: "4", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee },
      );
      return { requestId: request.requestId, deposit: openDeposit(asStored(request))! };
    });
    // The payer's plain transfer, straight to the chain (not through the proxy).
    const token = testToken("base", "USDC").address as Address;
    const { publicClient, walletOf } = chainClients("base", sandbox.urls.base!);
    const sent = await walletOf(payer.privateKey).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [deposit.address, BigInt(deposit.amountInUnits)],
    });
    await publicClient.waitForTransactionReceipt({ hash: sent });

    const first = startWorker();
    await until(() => heldBroadcasts.length > 0, 200_000); // a worker starting on a loaded machine
    first.kill("SIGKILL");
    await exited(first);
    expect(first.signalCode).toBe("SIGKILL");
    const balance = () =>
      publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [deposit.address] });
    expect(await balance()).toBe(4_000_000n); // killed before the forward reached the chain

    hold = false;
    const second = startWorker();
    // The killed run's job holds the network until its lease (60 s) runs out.
    await receiver.waitFor(1, 300_000); // and a worker starting on a loaded machine
    await new Promise((r) => setTimeout(r, 3_000)); // room for a duplicate to show up
    // The killed worker's forward, broadcast late: the restarted worker's forward took its
    // nonce (one forwarding account), so it can never be mined.
    await expect(publicClient.sendRawTransaction({ serializedTransaction: heldBroadcasts[0] })).rejects.toThrow(
      /nonce too low/,
    );
    await new Promise((r) => setTimeout(r, 3_000));
    second.kill("SIGTERM");
    await exited(second);

    const { payments, events } = await withDatabase(async () => {
      const { db } = await import("../db/client");
      const prisma = await db();
      return {
        payments: await prisma.payment.findMany({ where: { requestId } }),
        events: (await prisma.webhookEvent.findMany()).filter(
          (e) => (e.payload as { requestId?: string }).requestId === requestId,
        ),
      };
    });
    expect(payments.map((p) => [p.type, p.payerAddress])).toEqual([["deposit", payer.address]]);
    expect(events.map((e) => e.event)).toEqual(["payment.confirmed"]);
    const received = receiver.received.map(
      (r) => JSON.parse(r.raw.toString()) as { event: string; payerAddress: string },
    );
    expect(received.map((e) => [e.event, e.payerAddress])).toEqual([["payment.confirmed", payer.address]]);
    expect(await balance()).toBe(0n);
  }, 720_000);
});
