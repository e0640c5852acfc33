// The RPC cost of GET /v2/request/{id}/pay with a wallet, counted on the wire: a counting
// proxy stands in front of a real anvil (HTTP and the WebSocket the new-heads subscription
// uses), and the app reads the chain through it only.
import http from "node:http";
import net from "node:net";
import { type Address, createTestClient, http as httpTransport, parseGwei } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as requestRoute from "@/app/v2/request/route";
import { chainHead } from "../chains/block-cache";
import { rpcWsUrlFor, viemChain } from "../chains/clients";
import { closeSharedHeadWatcher, type HeadWatcher, sharedHeadWatcher } from "../chains/head-watcher";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";

/** HTTP round trips (one per POST, a JSON-RPC batch counting once) and the methods they carried. */
interface Counter {
  roundTrips: number;
  methods: string[];
}

async function countingProxy(target: string): Promise<{ port: number; counter: Counter; close(): Promise<void> }> {
  const to = new URL(target);
  const counter: Counter = { roundTrips: 0, methods: [] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      counter.roundTrips++;
      const parsed = JSON.parse(body.toString()) as { method: string } | { method: string }[];
      counter.methods.push(...(Array.isArray(parsed) ? parsed : [parsed]).map((m) => m.method));
      const upstream = http.request(
        {
          host: to.hostname,
          port: to.port,
          method: "POST",
          path: "/",
          headers: { "content-type": "application/json", "content-length": body.length },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      upstream.end(body);
    });
  });
  // The subscription's socket goes straight through (its pushes are not round trips).
  server.on("upgrade", (req, socket, head) => {
    const upstream = net.connect(Number(to.port), to.hostname, () => {
      upstream.write(
        `${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\r\n")}\r\n\r\n`,
      );
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    counter,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

let sandbox: TestSandbox;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let restore: () => void;
let apiKey: string;
let watcher: HeadWatcher;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  proxy = await countingProxy(sandbox.urls.base!);
  // The app finds base's RPC on the sandbox's base port: the proxy's.
  restore = pointAppAtSandbox({ ports: { ...sandbox.ports, base: proxy.port } });
  apiKey = (await createTestPlatform("payments")).apiKey;
});

afterAll(async () => {
  closeSharedHeadWatcher(rpcWsUrlFor("base")!);
  restore?.();
  await proxy?.close();
  await sandbox?.dispose();
});

const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

async function createRequest(): Promise<string> {
  const r = await call(requestRoute, "POST", "/v2/request", {
    headers: { "x-api-key": apiKey },
    body: { amount: "5", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee: freshAddress() },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.requestId;
}

async function pay(requestId: string, wallet: Address) {
  const r = await call(payRoute, "GET", `/v2/request/${requestId}/pay?wallet=${wallet}`, {
    headers: { "x-api-key": apiKey },
    params: { requestId },
  });
  expect(r.status, r.text).toBe(200);
  return r.json as { transactions: unknown[]; metadata: { needsApproval: boolean; hasEnoughBalance: boolean } };
}

function measure(): { stop(): Counter } {
  const from = { roundTrips: proxy.counter.roundTrips, methods: proxy.counter.methods.length };
  return {
    stop: () => ({
      roundTrips: proxy.counter.roundTrips - from.roundTrips,
      methods: proxy.counter.methods.slice(from.methods),
    }),
  };
}

const count = (methods: string[], name: string) => methods.filter((m) => m === name).length;

/** Mines a block whose base fee is `gwei`, straight on anvil (not through the proxy). */
async function mineWithBaseFee(gwei: string): Promise<void> {
  const anvil = createTestClient({
    mode: "anvil",
    chain: viemChain("base"),
    transport: httpTransport(sandbox.urls.base!),
  });
  await anvil.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei(gwei) });
  await anvil.mine({ blocks: 1 });
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("RPC round trips of /pay with a wallet", () => {
  it("without a new-heads subscription: calls at the same moment share one head and gas price read, a later call reads them again", async () => {
    const together = measure();
    const heads = await Promise.all(Array.from({ length: 6 }, () => chainHead("base")));
    const shared = together.stop();
    expect(new Set(heads.map((h) => h.block)).size).toBe(1);
    expect(shared).toEqual({ roundTrips: 1, methods: expect.arrayContaining(["eth_blockNumber", "eth_gasPrice"]) });
    expect(shared.methods).toHaveLength(2);

    const later = measure();
    await chainHead("base");
    expect(later.stop().methods).toEqual(["eth_blockNumber", "eth_gasPrice"]);

    // Each /pay: at most its head read (with the gas price, one batch) and its wallet's reads.
    const requestId = await createRequest();
    const wallets = Array.from({ length: 6 }, freshAddress);
    const m = measure();
    const answers = await Promise.all(wallets.map((w) => pay(requestId, w)));
    const seen = m.stop();
    expect(answers.every((a) => a.metadata.needsApproval && !a.metadata.hasEnoughBalance)).toBe(true);
    expect(seen.roundTrips).toBeLessThanOrEqual(2 * wallets.length);
    expect(count(seen.methods, "eth_gasPrice")).toBe(count(seen.methods, "eth_blockNumber"));
  });

  it("with the subscription live: the head and gas price are read once per block, and a new block brings the new gas price", async () => {
    watcher = sharedHeadWatcher("base", rpcWsUrlFor("base")!);
    await until(() => watcher.subscribed);
    const requestId = await createRequest();
    await pay(requestId, freshAddress()); // reads the head for the current block
    const before = await chainHead("base");

    const wallets = Array.from({ length: 6 }, freshAddress);
    const sameBlock = measure();
    await Promise.all(wallets.map((w) => pay(requestId, w)));
    const quiet = sameBlock.stop();
    expect(count(quiet.methods, "eth_blockNumber")).toBe(0);
    expect(count(quiet.methods, "eth_gasPrice")).toBe(0);
    expect(quiet.roundTrips).toBeLessThanOrEqual(wallets.length);
    // One wallet alone: its native balance, token balance and allowance in one round trip.
    const alone = measure();
    await pay(requestId, freshAddress());
    const one = alone.stop();
    expect(one.roundTrips).toBe(1);
    expect(one.methods.every((m) => m === "eth_call" || m === "eth_getBalance")).toBe(true);

    const heads = watcher.heads;
    await mineWithBaseFee("7");
    await until(() => watcher.heads > heads);
    const newBlock = measure();
    await Promise.all(wallets.map((w) => pay(requestId, w)));
    const moved = newBlock.stop();
    expect(count(moved.methods, "eth_blockNumber")).toBe(1);
    expect(count(moved.methods, "eth_gasPrice")).toBe(1);
    expect(moved.roundTrips).toBeLessThanOrEqual(wallets.length + 1);
    const after = await chainHead("base");
    expect(after.block).toBe(before.block + 1n);
    expect(after.gasPrice).toBeGreaterThan(before.gasPrice);
    expect(after.gasPrice).toBeGreaterThanOrEqual(parseGwei("7"));
  });
});
