// Tron end to end against the sandbox Tron node: GET /v2/request/{id}/pay reads the payer's
// allowance, balances and resources from the node; the calldata it answers is built, signed and
// broadcast by TronWeb (the client a Tron wallet uses), then detected from the node's TronGrid
// events, recorded with the transaction's owner as payer, and announced as payment.confirmed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { TronWeb, utils as tronUtils } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as requestStatusRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { getContract } from "../chains/contracts";
import { encodeTrc20Approve } from "../chains/tron";
import { readTronPayerState } from "../chains/tron-payer-state";
import { resetConfigForTests } from "../config";
import { db } from "../db/client";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { TRON_DEMO_WALLETS } from "../devnet/tron/accounts";
import { detectPayments } from "../payments/indexer/start-detection";
import { call } from "../test/http";
import { type Receiver, startReceiver } from "../webhooks/receiver-fixtures";
import { eventually, platformWithEndpoints, startTestDelivery } from "../webhooks/webhook-fixtures";
import { checkTronPayer, tronBandwidthBytes } from "./tron-pay-checks";

const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const PROXY = getContract("tron", "ERC20FeeProxy").address;
const FEE_LIMIT = 150_000_000; // TronWeb's default: 150 TRX

let sandbox: TestSandbox;
let restore: () => void;
let receiver: Receiver;
let platform: Awaited<ReturnType<typeof platformWithEndpoints>>;
let delivery: Awaited<ReturnType<typeof startTestDelivery>>;

beforeAll(async () => {
  sandbox = await startTestSandbox([], { tron: true });
  restore = pointAppAtSandbox(sandbox);
  receiver = await startReceiver();
  platform = await platformWithEndpoints(`${receiver.url}/hooks`);
  delivery = await startTestDelivery();
  await detectPayments("tron");
});

afterAll(async () => {
  await delivery?.stop();
  await receiver?.close();
  restore?.();
  await sandbox?.dispose();
});

interface PayAnswer {
  transactions: { to: string; data: string; value: number }[];
  metadata: {
    stepsRequired: number;
    needsApproval: boolean;
    approvalTransactionIndex: number | null;
    paymentTransactionIndex: number;
    hasEnoughBalance: boolean;
    hasEnoughGas: boolean;
  };
}

const tronWeb = (privateKey: string) => new TronWeb({ fullHost: sandbox.tron!.url, privateKey });
const fresh = () => tronUtils.accounts.generateAccount() as { address: { base58: string }; privateKey: string };

async function createRequest(amount: string, payee = fresh().address.base58) {
  const r = await call(requestRoute, "POST", "/v2/request", {
    headers: { "x-api-key": platform.apiKey },
    body: { amount, invoiceCurrency: "USDT-tron", paymentCurrency: "USDT-tron", payee },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { requestId: string; paymentReference: string };
}

async function pay(requestId: string, wallet: string, extra = ""): Promise<PayAnswer> {
  const r = await call(payRoute, "GET", `/v2/request/${requestId}/pay?wallet=${wallet}${extra}`, {
    headers: { "x-api-key": platform.apiKey },
    params: { requestId },
  });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

interface Info {
  blockNumber?: number;
  receipt?: { result?: string; energy_usage_total?: number; energy_fee?: number; net_usage?: number; net_fee?: number };
}

/** Builds with the node, signs with TronWeb, broadcasts, and waits for the transaction's info. */
async function send(privateKey: string, tx: { to: string; data: string }): Promise<{ txid: string; info: Info }> {
  const tw = tronWeb(privateKey);
  const owner = tw.defaultAddress.base58 as string;
  const { transaction } = await tw.transactionBuilder.triggerSmartContract(
    tx.to,
    "",
    { input: tx.data.replace(/^0x/, ""), feeLimit: FEE_LIMIT },
    [],
    owner,
  );
  const sent = (await tw.trx.sendRawTransaction(await tw.trx.sign(transaction, privateKey))) as {
    result?: boolean;
    txid: string;
  };
  expect(sent.result, JSON.stringify(sent)).toBe(true);
  for (let i = 0; i < 100; i++) {
    const info = (await tw.trx.getTransactionInfo(sent.txid)) as Info;
    if (info.blockNumber !== undefined) {
      expect(info.receipt?.result).toBe("SUCCESS");
      return { txid: sent.txid, info };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no info for ${sent.txid}`);
}

async function usdtTo(to: string, amount: bigint) {
  const [bank] = TRON_DEMO_WALLETS;
  const contract = await tronWeb(bank.privateKey).contract().at(USDT);
  await contract.transfer(to, amount.toString()).send({ feeLimit: FEE_LIMIT });
}

describe("GET /v2/request/{id}/pay on Tron reads the chain", () => {
  it("a funded wallet: one approval while the allowance is 0, none once it covers, USDT's reset only when it is non-zero", async () => {
    const payer = TRON_DEMO_WALLETS[2];
    const first = await createRequest("10");
    const before = await pay(first.requestId, payer.address);
    expect(before.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    expect(before.transactions[0]).toEqual({ to: USDT, data: encodeTrc20Approve(PROXY, 10_000_000n), value: 0 });
    await send(payer.privateKey, before.transactions[0]);

    const covered = await pay(first.requestId, payer.address);
    expect(covered.transactions).toEqual([before.transactions[1]]);
    expect(covered.metadata).toMatchObject({
      stepsRequired: 1,
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });

    // 10 USDT allowed, 25 asked: USDT's approval goes through 0 first.
    const bigger = await createRequest("25");
    const short = await pay(bigger.requestId, payer.address);
    expect(short.transactions.map((t) => t.data.slice(0, 10))).toEqual(["0x095ea7b3", "0x095ea7b3", "0xc219a14d"]);
    expect(short.transactions.slice(0, 2).map((t) => t.data)).toEqual([
      encodeTrc20Approve(PROXY, 0n),
      encodeTrc20Approve(PROXY, 25_000_000n),
    ]);
    expect(short.metadata).toMatchObject({ stepsRequired: 3, paymentTransactionIndex: 2, hasEnoughGas: true });
  });

  it("an empty wallet has neither balance nor gas; USDT without TRX has the balance but not the gas", async () => {
    const { requestId } = await createRequest("5");
    const empty = fresh().address.base58;
    expect((await pay(requestId, empty)).metadata).toMatchObject({ hasEnoughBalance: false, hasEnoughGas: false });

    const tokensOnly = fresh().address.base58;
    await usdtTo(tokensOnly, 5_000_000n);
    expect((await pay(requestId, tokensOnly)).metadata).toMatchObject({ hasEnoughBalance: true, hasEnoughGas: false });

    // 1 TRX activates the account but pays for about 10 000 energy, far from an approval and a payment.
    const [bank] = TRON_DEMO_WALLETS;
    await tronWeb(bank.privateKey).trx.sendTransaction(tokensOnly, 1_000_000);
    expect((await pay(requestId, tokensOnly)).metadata).toMatchObject({ hasEnoughBalance: true, hasEnoughGas: false });
    // Not enough USDT: 4.99 of 5.
    const almost = fresh().address.base58;
    await tronWeb(bank.privateKey).trx.sendTransaction(almost, 100_000_000);
    await usdtTo(almost, 4_990_000n);
    expect((await pay(requestId, almost)).metadata).toMatchObject({ hasEnoughBalance: false, hasEnoughGas: false });
  });
});

describe("a Tron payment with the calldata of /pay, signed by TronWeb", () => {
  it("is detected, recorded with its payer, marks the request paid and announces payment.confirmed with the payer", async () => {
    const payer = TRON_DEMO_WALLETS[3];
    const payee = fresh().address.base58;
    const { requestId, paymentReference } = await createRequest("12.5", payee);
    const answer = await pay(requestId, payer.address);
    expect(answer.metadata).toMatchObject({ stepsRequired: 2, hasEnoughBalance: true, hasEnoughGas: true });

    // The estimate behind hasEnoughGas, against what the node then charges.
    const state = await readTronPayerState(payer.address, USDT, PROXY);
    const [approve, payment] = answer.transactions;
    const estimate = await checkTronPayer(
      {
        wallet: payer.address,
        token: USDT,
        spender: PROXY,
        payee,
        amount: 12_500_000n,
        feeAmount: 0n,
        feeAddress: null,
        approvals: [{ data: approve.data as `0x${string}`, amount: 12_500_000n }],
        pay: { to: payment.to, data: payment.data as `0x${string}` },
      },
      state,
      10n,
    );

    const sent = [];
    for (const tx of answer.transactions) sent.push(await send(payer.privateKey, tx));
    const usedEnergy = sent.reduce((sum, s) => sum + BigInt(s.info.receipt?.energy_usage_total ?? 0), 0n);
    // Without the margin, the estimate covers what was used and is not far above it.
    expect(estimate.energy).toBeGreaterThanOrEqual(usedEnergy);
    expect(estimate.energy).toBeLessThan((usedEnergy * 13n) / 10n);
    const burned = sent.reduce(
      (sum, s) => sum + BigInt((s.info.receipt?.energy_fee ?? 0) + (s.info.receipt?.net_fee ?? 0)),
      0n,
    );
    expect(estimate.trxCost).toBeGreaterThanOrEqual(burned);
    sent.forEach((s, i) => {
      const bytes = BigInt(s.info.receipt?.net_usage ?? (s.info.receipt?.net_fee ?? 0) / 1000);
      const estimated = tronBandwidthBytes(answer.transactions[i].data as `0x${string}`);
      expect(estimated).toBeGreaterThanOrEqual(bytes);
      expect(estimated - bytes).toBeLessThan(40n);
    });

    const step = await detectPayments("tron");
    expect(step.kind).toBe("idle");
    const prisma = await db();
    expect(await prisma.paymentRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
      status: "paid",
    });
    const [recorded] = await prisma.payment.findMany({ where: { requestId } });
    expect(recorded).toMatchObject({
      network: "tron",
      txHash: `0x${sent[1].txid}`,
      payerAddress: payer.address,
      payerEoaAddress: payer.address,
      currency: "USDT-tron",
      tokenAddress: USDT,
    });
    expect(recorded.amount.toString()).toBe("12500000");
    const status = await call(requestStatusRoute, "GET", `/v2/request/${requestId}`, {
      headers: { "x-api-key": platform.apiKey },
      params: { requestId },
    });
    expect(status.json).toMatchObject({
      status: "paid",
      hasBeenPaid: true,
      txHash: recorded.txHash,
      payments: [expect.objectContaining({ network: "tron", payerAddress: payer.address })],
    });

    await eventually(
      async () => receiver.received.filter((r) => JSON.parse(r.raw.toString("utf8")).requestId === requestId).length,
      (n) => n >= 1,
    );
    const hook = receiver.received
      .map((r) => JSON.parse(r.raw.toString("utf8")))
      .find((b) => b.requestId === requestId);
    expect(hook).toMatchObject({
      event: "payment.confirmed",
      paymentReference,
      network: "tron",
      txHash: recorded.txHash,
      payerAddress: payer.address,
      payerEoaAddress: payer.address,
      amount: "12.5",
    });
  });
});

describe("a Tron payment with a fee", () => {
  it("is estimated with the fee's transfer, paid to both addresses and recorded with its fee", async () => {
    const payer = TRON_DEMO_WALLETS[5];
    const feeAddress = fresh().address.base58;
    const { requestId } = await createRequest("20");
    const answer = await pay(requestId, payer.address, `&feePercentage=1.5&feeAddress=${feeAddress}`);
    expect(answer.metadata).toMatchObject({ stepsRequired: 2, hasEnoughBalance: true, hasEnoughGas: true });
    expect(answer.transactions[0].data).toBe(encodeTrc20Approve(PROXY, 20_300_000n));
    for (const tx of answer.transactions) await send(payer.privateKey, tx);
    await detectPayments("tron");
    const [recorded] = await (await db()).payment.findMany({ where: { requestId } });
    expect(recorded).toMatchObject({ feeAddress, payerAddress: payer.address });
    expect([recorded.amount.toString(), recorded.feeAmount.toString()]).toEqual(["20000000", "300000"]);
  });
});

describe("TRONGRID_API_KEY", () => {
  it("is sent as TRON-PRO-API-KEY on every call /pay and detection make to the node", async () => {
    // A recording proxy in front of the sandbox node.
    const seen: { path: string; key: string | undefined }[] = [];
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const path = req.url ?? "/";
        seen.push({ path: path.split("?")[0], key: req.headers["tron-pro-api-key"] as string | undefined });
        const upstream = await fetch(new URL(path, sandbox.tron!.url), {
          method: req.method,
          headers: { "content-type": "application/json" },
          body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
        });
        res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    process.env.TRONGRID_URL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    process.env.TRONGRID_API_KEY = "test-trongrid-key";
    resetConfigForTests();
    try {
      const payer = TRON_DEMO_WALLETS[4];
      const { requestId } = await createRequest("3");
      const answer = await pay(requestId, payer.address);
      expect(answer.metadata).toMatchObject({ hasEnoughBalance: true, hasEnoughGas: true });
      for (const tx of answer.transactions) await send(payer.privateKey, tx);
      await detectPayments("tron");
      await expect((await db()).paymentRequest.findUniqueOrThrow({ where: { id: requestId } })).resolves.toMatchObject({
        status: "paid",
      });
      expect(new Set(seen.map((s) => s.path))).toEqual(
        new Set([
          "/wallet/getaccount",
          "/wallet/getaccountresource",
          "/wallet/getchainparameters",
          "/wallet/triggerconstantcontract",
          `/v1/contracts/${PROXY}/events`,
          "/walletsolidity/gettransactionbyid",
        ]),
      );
      expect(seen.filter((s) => s.key !== "test-trongrid-key")).toEqual([]);
    } finally {
      delete process.env.TRONGRID_URL;
      delete process.env.TRONGRID_API_KEY;
      resetConfigForTests();
      proxy.close();
    }
  });
});
