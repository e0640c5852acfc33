// Detection by subscription on a real anvil chain (which answers WebSocket on its HTTP port):
// a payment is detected on the new head with polling effectively off; when the socket is cut
// (a TCP relay in front of anvil drops every connection and refuses new ones) detection polls
// if it may, reconnects with backoff when the socket is back, and catches up from its cursor
// the payments made meanwhile; and the real workers (pg-boss, one job per network) follow
// heads with a 10-minute polling interval.
import net from "node:net";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HeadWatcher } from "../../chains/head-watcher";
import { resetConfigForTests } from "../../config";
import { db, getDatabase } from "../../db/client";
import { DEMO_WALLETS } from "../../devnet/accounts";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../../devnet/sandbox-fixtures";
import { startJobQueue } from "../../jobs/job-queue";
import { buildPayCalldata } from "../../requests/build-pay-calldata";
import { createRequest } from "../../requests/create-request";
import { asStored } from "../../requests/request-store";
import { type ApiTransaction, sendAll } from "../../test/send-calldata";
import { eventually, platformWithEndpoints } from "../../webhooks/webhook-fixtures";
import { detectPayments, followPayments, startPaymentDetection } from "./start-detection";

let sandbox: TestSandbox;
let restore: () => void;
let ctx: { platformId: string; clientIdId: string };
let relay: Relay;

/**
 * A TCP relay to anvil's port that can be cut (every connection dropped, new ones dropped on
 * arrival) and restored. It keeps listening while cut: a port given back to the system could be
 * taken by another test's connection before the restore, and the app's WebSocket URL is fixed.
 */
interface Relay {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startRelay(targetPort: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = net.connect(targetPort, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const cut = async () => {
    open = false;
    for (const c of sockets) c.destroy();
  };
  const restore = async () => {
    open = true;
  };
  const close = async () => {
    await cut();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url: `ws://127.0.0.1:${port}`, cut, restore, close };
}

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  restore = pointAppAtSandbox(sandbox);
  relay = await startRelay(sandbox.ports.base);
  const p = await platformWithEndpoints();
  ctx = { platformId: p.platformId, clientIdId: p.clientIdId };
  await detectPayments("base"); // past the sandbox's set-up blocks
});

afterAll(async () => {
  await relay?.close();
  restore?.();
  await sandbox?.dispose();
});

const status = async (requestId: string) =>
  (await (await db()).paymentRequest.findUniqueOrThrow({ where: { id: requestId } })).status;

/** A request of 2 USDC paid with the calldata the API gives; answers its id once the paying block is mined. */
async function pay(walletIndex: number): Promise<string> {
  const payer = DEMO_WALLETS[walletIndex];
  const request = await createRequest(ctx, {
    amount: "2",
    invoiceCurrency: "USDC-base",
    paymentCurrency: "USDC-base",
    payee: privateKeyToAccount(generatePrivateKey()).address,
  });
  const calldata = await buildPayCalldata(asStored(request), { wallet: payer.address });
  await sendAll("base", sandbox.urls.base!, payer.privateKey, calldata.transactions as ApiTransaction[]);
  return request.requestId;
}

const POLLING_OFF = 600_000;

/** Runs followPayments in the background until stopped; answers how it ended. */
function follow(watcher: HeadWatcher, intervalMs: number) {
  const stop = new AbortController();
  const run = followPayments("base", { watcher, intervalMs, budgetMs: 120_000, signal: stop.signal });
  return {
    async stop() {
      stop.abort();
      return run;
    },
  };
}

describe("payment detection by new-heads subscription", () => {
  it("detects a payment on the block's head with polling effectively off", async () => {
    const watcher = new HeadWatcher("base", relay.url, { minBackoffMs: 100, maxBackoffMs: 400 });
    const run = follow(watcher, POLLING_OFF);
    try {
      await eventually(async () => watcher.subscribed, Boolean, 10_000);
      await new Promise((r) => setTimeout(r, 300)); // the run has caught up and waits
      const heads = watcher.heads;
      const requestId = await pay(1);
      const mined = Date.now();
      await eventually(
        () => status(requestId),
        (s) => s === "paid",
        5_000,
        20,
      );
      expect(Date.now() - mined).toBeLessThan(5_000);
      expect(watcher.heads).toBeGreaterThan(heads);
      expect((await run.stop()).recorded).toBe(1);
    } finally {
      await run.stop();
      watcher.close();
    }
  });

  it("socket cut: no detection without polling, then reconnects and catches up from the cursor what was paid meanwhile", async () => {
    const watcher = new HeadWatcher("base", relay.url, { minBackoffMs: 100, maxBackoffMs: 400 });
    const run = follow(watcher, POLLING_OFF);
    try {
      await eventually(async () => watcher.subscribed, Boolean, 10_000);
      await relay.cut();
      await eventually(
        async () => watcher.subscribed,
        (s) => !s,
        10_000,
      );
      const meanwhile = await pay(2);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await status(meanwhile)).toBe("pending"); // nothing told detection
      await relay.restore();
      await eventually(
        async () => watcher.subscriptions,
        (n) => n >= 2,
        10_000,
      );
      // No block was mined since: the resubscription alone makes detection read from its cursor.
      await eventually(
        () => status(meanwhile),
        (s) => s === "paid",
        5_000,
        20,
      );
      const after = await pay(3);
      await eventually(
        () => status(after),
        (s) => s === "paid",
        5_000,
        20,
      );
      expect((await run.stop()).recorded).toBe(2);
    } finally {
      await relay.restore(); // listening again whatever failed above
      await run.stop();
      watcher.close();
    }
  });

  it("socket down: falls back to polling at the configured interval", async () => {
    await relay.cut();
    const watcher = new HeadWatcher("base", relay.url, { minBackoffMs: 100, maxBackoffMs: 400 });
    const run = follow(watcher, 300);
    try {
      const requestId = await pay(4);
      await eventually(
        () => status(requestId),
        (s) => s === "paid",
        5_000,
        20,
      );
      expect(watcher.subscribed).toBe(false);
      expect(watcher.subscriptions).toBe(0);
      expect((await run.stop()).recorded).toBe(1);
    } finally {
      await relay.restore();
      await run.stop();
      watcher.close();
    }
  });

  it("the workers' detection job follows the sandbox's heads (PAYMENT_DETECTION_INTERVAL_MS=600000) and stops promptly", async () => {
    process.env.PAYMENT_DETECTION_INTERVAL_MS = String(POLLING_OFF);
    process.env.PAYMENT_DETECTION_NETWORKS = "base";
    resetConfigForTests();
    const boss = await startJobQueue(await getDatabase(), { maintenanceIntervalSeconds: 1 });
    const detection = await startPaymentDetection(boss);
    try {
      const first = await pay(5);
      await eventually(
        () => status(first),
        (s) => s === "paid",
        10_000,
        20,
      );
      // The next run of the job (a run lasts 10 s) follows the heads as well.
      await new Promise((r) => setTimeout(r, 10_500));
      const second = await pay(6);
      const mined = Date.now();
      await eventually(
        () => status(second),
        (s) => s === "paid",
        5_000,
        20,
      );
      expect(Date.now() - mined).toBeLessThan(5_000);
      expect(await (await db()).payment.count({ where: { requestId: { in: [first, second] } } })).toBe(2);
    } finally {
      const t = Date.now();
      await detection.stop();
      expect(Date.now() - t).toBeLessThan(5_000);
      await boss.stop({ graceful: false, close: false });
      delete process.env.PAYMENT_DETECTION_INTERVAL_MS;
      delete process.env.PAYMENT_DETECTION_NETWORKS;
      resetConfigForTests();
    }
  });
});
