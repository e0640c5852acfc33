// Payment detection on a real anvil chain with the real payment contracts: requests created
// and paid through the API's own answers, detected by the indexer, announced to a real HTTP
// receiver; partial payments, foreign references, conversions, batches and a reorg.

import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Address, createPublicClient, getAddress, type Hex, http as httpTransport, parseAbi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import * as batchRoute from "@/app/v2/payouts/batch/route";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as requestRoute from "@/app/v2/request/route";
import { viemChain } from "../../chains/clients";
import { erc20Abi } from "../../chains/contracts";
import { db } from "../../db/client";
import { DEMO_WALLETS } from "../../devnet/accounts";
import { rpcRequest } from "../../devnet/anvil";
import { testToken } from "../../devnet/sandbox-tokens";
import { encodeErc20Payment } from "../../requests/encode-payment";
import { call } from "../../test/http";
import { sandboxWithWebhooks } from "../../test/sandbox-with-webhooks";
import { type ApiTransaction, chainClients, sendAll, valueOf } from "../../test/send-calldata";
import { eventually } from "../../webhooks/webhook-fixtures";
import { indexStep } from "./evm-indexer";
import { detectPayments } from "./start-detection";

const chain = sandboxWithWebhooks();

const headers = () => ({ "x-api-key": chain.platform.apiKey });
const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const url = () => chain.sandbox.urls.base!;
const usdc = testToken("base", "USDC");

async function createRequest(body: Record<string, unknown>): Promise<{ requestId: string; paymentReference: Hex }> {
  const r = await call(requestRoute, "POST", "/v2/request", { headers: headers(), body });
  expect(r.status, r.text).toBe(201);
  return r.json;
}

async function payCalldata(requestId: string, query: Record<string, string>): Promise<ApiTransaction[]> {
  const r = await call(payRoute, "GET", `/v2/request/${requestId}/pay?${new URLSearchParams(query)}`, {
    headers: headers(),
    params: { requestId },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.transactions;
}

const paymentsOf = async (requestId: string) =>
  (await db()).payment.findMany({ where: { requestId }, orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }] });
const requestRow = async (requestId: string) =>
  (await db()).paymentRequest.findUniqueOrThrow({ where: { id: requestId } });
const received = (requestId: string) =>
  chain.receiver.received
    .map((r) => ({ ...r, body: JSON.parse(r.raw.toString("utf8")) }))
    .filter((r) => r.body.requestId === requestId);

describe("payment detection on anvil", () => {
  it("detects a request paid with the calldata of GET /pay and delivers payment.confirmed with the fields of its event schema", async () => {
    const payer = DEMO_WALLETS[1];
    const payee = freshAddress();
    const { requestId, paymentReference } = await createRequest({
      amount: "12.5",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
    });
    const receipts = await sendAll(
      "base",
      url(),
      payer.privateKey,
      await payCalldata(requestId, { wallet: payer.address }),
    );
    const step = await detectPayments("base");
    expect(step.kind).toBe("idle");
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
    expect((await requestRow(requestId)).amountPaid.toString()).toBe("12500000");
    const [payment] = await paymentsOf(requestId);
    expect(payment).toMatchObject({
      txHash: receipts.at(-1)!.transactionHash,
      type: "direct",
      payerAddress: payer.address,
      currency: "USDC-base",
      tokenAddress: usdc.address,
    });

    await eventually(
      async () => received(requestId).length,
      (n) => n >= 1,
    );
    const [hook] = received(requestId);
    const secret = chain.platform.endpoints[0].secret;
    expect(hook.headers["x-service-signature"]).toBe(createHmac("sha256", secret).update(hook.raw).digest("hex"));
    expect(Object.keys(hook.body)).toEqual([
      "event",
      "requestId",
      "requestID",
      "paymentReference",
      "explorer",
      "amount",
      "totalAmountPaid",
      "expectedAmount",
      "excessAmount",
      "txHash",
      "payerAddress",
      "payerEoaAddress",
      "network",
      "currency",
      "paymentCurrency",
      "isCryptoToFiat",
      "subStatus",
      "paymentProcessor",
      "fees",
      "reference",
      "customerInfo",
      "origin",
      "clientId",
      "orchestratorId",
      "timestamp",
    ]);
    expect(hook.body).toMatchObject({
      event: "payment.confirmed",
      requestId,
      requestID: requestId,
      paymentReference,
      explorer: expect.stringMatching(new RegExp(`/sandbox/tx/base/${payment.txHash}$`)),
      amount: "12.5",
      totalAmountPaid: "12.5",
      expectedAmount: "12.5",
      txHash: payment.txHash,
      payerAddress: payer.address,
      payerEoaAddress: payer.address,
      network: "base",
      currency: "USDC",
      paymentCurrency: "USDC-base",
      isCryptoToFiat: false,
      subStatus: "",
      paymentProcessor: "request-network",
      fees: [],
      reference: null,
      customerInfo: null,
      origin: null, // created with an API key: no browser Origin
      // Created with an API key: no client ID, as the hosted service sends it (the delivery's
      // x-service-endpoint header names the receiving endpoint).
      clientId: null,
      orchestratorId: null,
    });
  });

  it("records a partial payment, then the rest: partially paid, then paid, each payment announced once", async () => {
    const payer = DEMO_WALLETS[2];
    const { requestId } = await createRequest({
      amount: "30",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: freshAddress(),
    });
    await sendAll(
      "base",
      url(),
      payer.privateKey,
      await payCalldata(requestId, { wallet: payer.address, amount: "10" }),
    );
    await detectPayments("base");
    expect(await requestRow(requestId)).toMatchObject({ status: "partially_paid" });
    await sendAll("base", url(), payer.privateKey, await payCalldata(requestId, { wallet: payer.address }));
    await detectPayments("base");
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
    expect((await paymentsOf(requestId)).map((p) => p.amount.toString())).toEqual(["10000000", "20000000"]);
    await eventually(
      async () => received(requestId).length,
      (n) => n >= 3,
    );
    await new Promise((r) => setTimeout(r, 300));
    // Deliveries run side by side: compare without their arrival order.
    expect(
      received(requestId)
        .map((r) => [r.body.event, r.body.amount, r.body.totalAmountPaid].join(" "))
        .sort(),
    ).toEqual(["payment.confirmed 10 10", "payment.confirmed 20 30", "payment.partial 10 10"]);
  });

  it("ignores a payment whose reference is no request's", async () => {
    const payer = DEMO_WALLETS[3];
    const before = await (await db()).payment.count();
    const pay = encodeErc20Payment({
      network: "base",
      token: usdc.address,
      to: freshAddress(),
      amount: 1_000_000n,
      paymentReference: "0x0123456789abcdef",
      feeAmount: 0n,
      feeAddress: null,
    });
    const approve = {
      to: usdc.address,
      data: "0x095ea7b3" + pay.to.slice(2).toLowerCase().padStart(64, "0") + 1_000_000n.toString(16).padStart(64, "0"),
      value: 0,
    };
    await sendAll("base", url(), payer.privateKey, [approve, { to: pay.to, data: pay.data, value: 0 }]);
    const step = await detectPayments("base");
    expect(step.kind).toBe("idle");
    expect(await (await db()).payment.count()).toBe(before);
  });

  it("records a fiat invoice paid through the conversion proxy as a conversion, with its rate", async () => {
    const payer = DEMO_WALLETS[4];
    const { requestId } = await createRequest({
      amount: "20",
      invoiceCurrency: "USD",
      paymentCurrency: "USDC-base",
      payee: freshAddress(),
    });
    await sendAll("base", url(), payer.privateKey, await payCalldata(requestId, { wallet: payer.address }));
    await detectPayments("base");
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
    expect((await requestRow(requestId)).amountPaid.toString()).toBe("2000");
    const [payment] = await paymentsOf(requestId);
    expect(payment.type).toBe("conversion");
    expect(Number(payment.conversionRate)).toBeGreaterThan(0.9);
    expect(Number(payment.conversionRate)).toBeLessThan(1.1);
  });

  it("records a USD invoice paid in ETH through EthConversionProxy as a conversion, with its rate", async () => {
    const payer = DEMO_WALLETS[5];
    const { requestId } = await createRequest({
      amount: "15",
      invoiceCurrency: "USD",
      paymentCurrency: "ETH-base-base",
      payee: freshAddress(),
    });
    await sendAll("base", url(), payer.privateKey, await payCalldata(requestId, { wallet: payer.address }));
    await detectPayments("base");
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
    expect((await requestRow(requestId)).amountPaid.toString()).toBe("1500");
    const [payment] = await paymentsOf(requestId);
    expect(payment).toMatchObject({ type: "conversion", currency: "ETH-base-base" });
    // ETH per USD at the sandbox feed's 3000 USD/ETH.
    expect(Number(payment.conversionRate)).toBeCloseTo(1 / 3000, 8);
  });

  it("records each payment of a batch payout as a batch payment, the converted ones with their rate", async () => {
    const payer = DEMO_WALLETS[5];
    const r = await call(batchRoute, "POST", "/v2/payouts/batch", {
      headers: headers(),
      body: {
        requests: [
          { payee: freshAddress(), amount: "7", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
          { payee: freshAddress(), amount: "0.01", invoiceCurrency: "ETH-base-base", paymentCurrency: "ETH-base-base" },
          { payee: freshAddress(), amount: "9", invoiceCurrency: "USD", paymentCurrency: "USDC-base" },
          { payee: freshAddress(), amount: "12", invoiceCurrency: "USD", paymentCurrency: "ETH-base-base" },
        ],
        payer: payer.address,
      },
    });
    expect(r.status, r.text).toBe(201);
    await sendAll("base", url(), payer.privateKey, [
      ...r.json.ERC20ApprovalTransactions,
      r.json.batchPaymentTransaction,
    ]);
    await detectPayments("base");
    const ids: string[] = r.json.requestIds;
    const payments = await Promise.all(ids.map(async (id) => (await paymentsOf(id))[0]));
    expect(payments.map((p) => p?.type)).toEqual(["batch", "batch", "batch", "batch"]);
    expect(payments.map((p) => p?.currency)).toEqual(["USDC-base", "ETH-base-base", "USDC-base", "ETH-base-base"]);
    expect(payments[2].conversionRate).not.toBeNull();
    expect(payments[3].conversionRate).not.toBeNull();
    for (const id of ids) expect(await requestRow(id)).toMatchObject({ status: "paid" });
  });

  it("undoes a payment whose block a reorg dropped, and records the re-mined transaction once without announcing it again", async () => {
    const payer = DEMO_WALLETS[6];
    const { requestId } = await createRequest({
      amount: "4",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: freshAddress(),
    });
    const [approve, pay] = await payCalldata(requestId, { wallet: payer.address });
    await sendAll("base", url(), payer.privateKey, [approve]);
    await detectPayments("base");
    const snapshot = await rpcRequest<string>(url(), "evm_snapshot");

    const { publicClient, walletOf } = chainClients("base", url());
    const wallet = walletOf(payer.privateKey);
    const prepared = await wallet.prepareTransactionRequest({
      to: pay.to as Address,
      data: pay.data as Hex,
      value: valueOf(pay.value),
    });
    const raw = await wallet.signTransaction(prepared);
    const hash = await publicClient.sendRawTransaction({ serializedTransaction: raw });
    await publicClient.waitForTransactionReceipt({ hash });
    await detectPayments("base");
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
    await eventually(
      async () => received(requestId).length,
      (n) => n >= 1,
    );

    // The block is dropped and the chain grows past it without the payment.
    await rpcRequest(url(), "evm_revert", [snapshot]);
    await rpcRequest(url(), "anvil_mine", ["0x3"]);
    const reorg = await detectPayments("base");
    expect(reorg.kind).not.toBe("retry");
    expect(await paymentsOf(requestId)).toEqual([]);
    expect(await requestRow(requestId)).toMatchObject({ status: "pending" });

    // Mined again in another block: stored once, not announced a second time.
    await publicClient.waitForTransactionReceipt({
      hash: await publicClient.sendRawTransaction({ serializedTransaction: raw }),
    });
    await detectPayments("base");
    await detectPayments("base");
    const payments = await paymentsOf(requestId);
    expect(payments).toHaveLength(1);
    expect(payments[0].txHash).toBe(hash);
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
    await new Promise((r) => setTimeout(r, 500));
    expect(received(requestId).map((r) => r.body.event)).toEqual(["payment.confirmed"]);
  });

  it("reads a range its provider refuses in halves, down to single blocks", async () => {
    let refused = 0;
    // A provider that answers eth_getLogs for one block at a time only.
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const calls = [JSON.parse(body)].flat() as {
          id: number;
          method: string;
          params: { fromBlock: string; toBlock: string }[];
        }[];
        const wide = calls.find(
          (c) => c.method === "eth_getLogs" && BigInt(c.params[0].toBlock) > BigInt(c.params[0].fromBlock),
        );
        if (wide) {
          refused++;
          const error = {
            jsonrpc: "2.0",
            id: wide.id,
            error: { code: -32005, message: "query exceeds max block range 1" },
          };
          return void res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify(Array.isArray(JSON.parse(body)) ? [error] : error));
        }
        const answer = await fetch(url(), { method: "POST", headers: { "content-type": "application/json" }, body });
        res.writeHead(200, { "content-type": "application/json" }).end(await answer.text());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const client = createPublicClient({
        chain: viemChain("base"),
        transport: httpTransport(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`),
      });
      const payer = DEMO_WALLETS[7];
      const { requestId } = await createRequest({
        amount: "1",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
        payee: freshAddress(),
      });
      await sendAll("base", url(), payer.privateKey, await payCalldata(requestId, { wallet: payer.address })); // two blocks
      for (let i = 0; i < 5 && (await indexStep("base", { client })).kind !== "idle"; i++);
      expect(refused).toBeGreaterThan(0);
      expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
      expect(await paymentsOf(requestId)).toHaveLength(1);
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it("records a smart account's payment with the account as payer and the signing wallet as its EOA", async () => {
    const owner = DEMO_WALLETS[8];
    const { publicClient, walletOf } = chainClients("base", url());
    const wallet = walletOf(owner.privateKey);
    const account = await deploySmartAccount(wallet, publicClient);
    // The account holds the tokens and calls the proxy itself (approve, then pay), as a smart wallet does.
    await publicClient.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: "transfer",
        args: [account, 5_000_000n],
      }),
    });
    const { requestId } = await createRequest({
      amount: "5",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: freshAddress(),
    });
    for (const tx of await payCalldata(requestId, {})) {
      const hash = await wallet.writeContract({
        address: account,
        abi: SMART_ACCOUNT_ABI,
        functionName: "execute",
        args: [tx.to as Address, 0n, tx.data as Hex],
      });
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    }
    await detectPayments("base");
    const [payment] = await paymentsOf(requestId);
    expect(payment).toMatchObject({ payerAddress: account, payerEoaAddress: owner.address, type: "direct" });
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
  });
});

const SMART_ACCOUNT_ABI = parseAbi(["function execute(address to, uint256 value, bytes data) payable returns (bytes)"]);

/** The smallest smart account: its owner has it call anything. Compiled here, deployed on the sandbox chain. */
async function deploySmartAccount(
  wallet: ReturnType<ReturnType<typeof chainClients>["walletOf"]>,
  publicClient: ReturnType<typeof chainClients>["publicClient"],
): Promise<Address> {
  const { default: solc } = await import("solc");
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract TestSmartAccount {
  address public immutable owner;
  constructor() { owner = msg.sender; }
  function execute(address to, uint256 value, bytes calldata data) external payable returns (bytes memory) {
    require(msg.sender == owner, "not owner");
    (bool ok, bytes memory out) = to.call{value: value}(data);
    require(ok, "call failed");
    return out;
  }
}`;
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { "A.sol": { content: source } },
        settings: { outputSelection: { "*": { "*": ["evm.bytecode.object"] } } },
      }),
    ),
  );
  const bytecode = `0x${output.contracts["A.sol"].TestSmartAccount.evm.bytecode.object}` as Hex;
  const hash = await wallet.deployContract({ abi: [], bytecode });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  return getAddress(receipt.contractAddress!);
}
