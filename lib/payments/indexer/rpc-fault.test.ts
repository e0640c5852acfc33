// Issue 32's RPC fault test: a network with two providers (two proxies in front of one anvil),
// detection following it in the background, payments made while the first provider is stopped,
// then answers 429, then lags. Every payment is detected exactly once, payment.confirmed is
// delivered once per request, and /pay is answered from the healthy provider throughout.
// The outage lasts RPC_FAULT_OUTAGE_MS (default 5 s; the 30 s with RPC_FAULT_OUTAGE_MS=30000).
// On PostgreSQL with TEST_DATABASE_URL, like every database test.
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as requestRoute from "@/app/v2/request/route";
import { resetPublicClients, rpcHealth } from "../../chains/clients";
import { type RpcProxy, startRpcProxy } from "../../chains/rpc-proxy-fixtures";
import { resetConfigForTests } from "../../config";
import { db } from "../../db/client";
import { DEMO_WALLETS } from "../../devnet/accounts";
import { startTestSandbox, type TestSandbox } from "../../devnet/sandbox-fixtures";
import { call } from "../../test/http";
import { sendAll } from "../../test/send-calldata";
import { type Receiver, startReceiver } from "../../webhooks/receiver-fixtures";
import { eventually, platformWithEndpoints, startTestDelivery } from "../../webhooks/webhook-fixtures";
import { detectPayments, followPayments } from "./start-detection";

const OUTAGE_MS = Number(process.env.RPC_FAULT_OUTAGE_MS ?? 5_000);

let sandbox: TestSandbox;
let a: RpcProxy;
let b: RpcProxy;
let receiver: Receiver;
let platform: Awaited<ReturnType<typeof platformWithEndpoints>>;
let delivery: Awaited<ReturnType<typeof startTestDelivery>>;
const saved = { ...process.env };

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  a = await startRpcProxy(sandbox.urls.base!);
  b = await startRpcProxy(sandbox.urls.base!);
  Object.assign(process.env, {
    RPC_URL_BASE: `${a.url}/v2/KEY,${b.url}`,
    PAYMENT_CONFIRMATIONS: "0",
    PAYMENT_DETECTION_START_BLOCKS: "base:0",
    KYT_PROVIDERS: "ofac-list",
  });
  resetConfigForTests();
  resetPublicClients();
  receiver = await startReceiver();
  platform = await platformWithEndpoints(`${receiver.url}/hooks`);
  delivery = await startTestDelivery();
  await detectPayments("base"); // past the sandbox's set-up blocks
});

afterAll(async () => {
  await delivery?.stop();
  await receiver?.close();
  await a?.close();
  await b?.close();
  process.env = saved;
  resetConfigForTests();
  resetPublicClients();
  await sandbox?.dispose();
});

const headers = () => ({ "x-api-key": platform.apiKey });

/** A request paid with /pay's calldata (the payer's wallet sends to the chain itself). */
async function pay(payer: (typeof DEMO_WALLETS)[number]): Promise<string> {
  const payee: Address = privateKeyToAccount(generatePrivateKey()).address;
  const created = await call(requestRoute, "POST", "/v2/request", {
    headers: headers(),
    body: { amount: "1.25", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee },
  });
  expect(created.status, created.text).toBe(201);
  const { requestId } = created.json as { requestId: string };
  const answer = await call(payRoute, "GET", `/v2/request/${requestId}/pay?wallet=${payer.address}`, {
    headers: headers(),
    params: { requestId },
  });
  expect(answer.status, answer.text).toBe(200);
  await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.json.transactions);
  return requestId;
}

describe("detection and /pay through RPC provider faults", () => {
  it("detects every payment once and sends payment.confirmed once each while a provider is down, rate-limits, then lags", async () => {
    const stop = new AbortController();
    const following = followPayments("base", { budgetMs: 10 * 60_000, intervalMs: 200, signal: stop.signal });
    const requests: string[] = [];
    try {
      // Stopped: connections refused.
      const bCalls = b.calls;
      await a.setMode("refuse");
      const outageEnds = Date.now() + OUTAGE_MS;
      while (Date.now() < outageEnds) {
        requests.push(await pay(DEMO_WALLETS[1]));
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(rpcHealth().base![0]).toMatchObject({ status: "failing", lastError: "unreachable" });
      expect(b.calls).toBeGreaterThan(bCalls); // /pay and detection read from the other one

      // Back, but answering 429 to everything.
      await a.setMode("pass");
      await new Promise((r) => setTimeout(r, 1_000)); // let it out of its cool-down first
      await a.setMode("429");
      for (let i = 0; i < 3; i++) requests.push(await pay(DEMO_WALLETS[2]));
      await eventually(
        async () => rpcHealth().base![0],
        (h) => h.lastError === "rate-limited",
      );

      // Answering, but from a node stuck at an old head.
      await a.setMode("pass");
      await a.setMode("lag");
      for (let i = 0; i < 3; i++) requests.push(await pay(DEMO_WALLETS[3]));
      await a.setMode("pass");

      // Every request paid once, announced once.
      const confirmed = (requestId: string) =>
        receiver.received.filter((r) => {
          const body = JSON.parse(r.raw.toString("utf8")) as { event: string; requestId: string };
          return body.event === "payment.confirmed" && body.requestId === requestId;
        }).length;
      await eventually(
        async () => requests.map(confirmed),
        (counts) => counts.every((n) => n >= 1),
        30_000,
      );
      await new Promise((r) => setTimeout(r, 1_500)); // a second announcement would come by now
      expect(requests.map(confirmed)).toEqual(requests.map(() => 1));
      const payments = await (await db()).payment.groupBy({
        by: ["requestId"],
        where: { requestId: { in: requests } },
        _count: { _all: true },
      });
      expect(payments.map((p) => p._count._all)).toEqual(requests.map(() => 1));
      expect(requests.length).toBeGreaterThanOrEqual(8);
    } finally {
      stop.abort();
      await following;
    }
  });
});
