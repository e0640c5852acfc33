// Payouts sent for real on anvil: the answers of POST /v2/payouts and /v2/payouts/batch are
// sent from funded sandbox wallets to the real payment contracts, and every balance change
// and proxy event is checked.

import { type Address, encodeFunctionData, type Hex, keccak256, parseAbi, parseEventLogs, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as batchRoute from "@/app/v2/payouts/batch/route";
import * as payoutsRoute from "@/app/v2/payouts/route";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { erc20Abi, erc20FeeProxyAbi, ethereumFeeProxyAbi, getContract } from "../chains/contracts";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { actAsAdmin, devChain } from "../devnet/dev-chain";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { testToken } from "../devnet/sandbox-tokens";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { uint } from "../test/independent-abi";
import { type ApiTransaction, chainClients, gasPaid, sendAll } from "../test/send-calldata";
import { TRON_BATCH_MESSAGE } from "./create-batch-payout";

let sandbox: TestSandbox;
let restore: () => void;
let platform: Awaited<ReturnType<typeof createTestPlatform>>;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  restore = pointAppAtSandbox(sandbox);
  platform = await createTestPlatform("payouts");
});

afterAll(async () => {
  restore?.();
  await sandbox?.dispose();
});

const headers = () => ({ "x-api-key": platform.apiKey });
const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const usdc = testToken("base", "USDC");
const usdt = testToken("base", "USDT");
const batchContract = getContract("base", "BatchConversionPayments").address;
const batchAdminAbi = parseAbi(["function setBatchFee(uint16 _batchFee)"]);

function clients() {
  return chainClients("base", sandbox.urls.base!);
}
const tokenBalance = (token: Address, who: Address) =>
  clients().publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const requestCount = async () => (await db()).paymentRequest.count({ where: { platformId: platform.platformId } });

interface BatchAnswer {
  ERC20ApprovalTransactions: ApiTransaction[];
  batchPaymentTransaction: ApiTransaction;
  transactions: ApiTransaction[];
  metadata: {
    stepsRequired: number;
    needsApproval: boolean;
    approvalTransactionIndex: number | null;
    paymentTransactionIndex: number;
  };
  requestIds: string[];
}

async function batch(
  body: unknown,
): Promise<{ status: number; json: BatchAnswer & { message?: string }; text: string }> {
  return call(batchRoute, "POST", "/v2/payouts/batch", { headers: headers(), body });
}

describe("POST /v2/payouts", () => {
  it("creates the request and answers calldata that pays it, checked for the payer's wallet", async () => {
    const payer = DEMO_WALLETS[1];
    const payee = freshAddress();
    const feeAddress = freshAddress();
    const r = await call(payoutsRoute, "POST", "/v2/payouts", {
      headers: headers(),
      body: {
        payee,
        amount: "25.5",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
        feePercentage: "2",
        feeAddress,
        payerWallet: payer.address,
        reference: "PAYOUT-1",
      },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json.requestId).toMatch(/^[0-9a-f]{66}$/);
    expect(r.json.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });

    const before = await tokenBalance(usdc.address, payer.address);
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, r.json.transactions);
    expect(await tokenBalance(usdc.address, payee)).toBe(25_500_000n);
    expect(await tokenBalance(usdc.address, feeAddress)).toBe(510_000n);
    expect(before - (await tokenBalance(usdc.address, payer.address))).toBe(26_010_000n);
    const events = parseEventLogs({
      abi: erc20FeeProxyAbi,
      logs: receipts.flatMap((x) => x.logs),
      eventName: "TransferWithReferenceAndFee",
    });
    expect(events[0].args.paymentReference).toBe(keccak256(r.json.paymentReference as Hex));

    const stored = await call(requestIdRoute, "GET", `/v2/request/${r.json.requestId}`, {
      headers: headers(),
      params: { requestId: r.json.requestId },
    });
    expect(stored.json).toMatchObject({
      paymentReference: r.json.paymentReference,
      payer: payer.address,
      payee,
      reference: "PAYOUT-1",
      amount: "25.5",
    });
  });

  it("refuses a payer equal to the payee and bad input, storing nothing", async () => {
    const before = await requestCount();
    const base = {
      payee: DEMO_WALLETS[2].address,
      amount: "1",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
    };
    const recurring = await call(payoutsRoute, "POST", "/v2/payouts", {
      headers: headers(),
      body: {
        ...base,
        recurrence: { startDate: "2099-01-01", frequency: "DAILY", totalPayments: 3, payer: DEMO_WALLETS[2].address },
      },
    });
    expect(recurring.json.errors).toEqual([{ field: "recurrence.payer", message: "must differ from the payee" }]);
    const self = await call(payoutsRoute, "POST", "/v2/payouts", {
      headers: headers(),
      body: { ...base, payerWallet: DEMO_WALLETS[2].address },
    });
    expect(self.json.errors).toEqual([{ field: "payerWallet", message: "must differ from the payee" }]);
    const bad = await call(payoutsRoute, "POST", "/v2/payouts", {
      headers: headers(),
      body: { ...base, amount: "1.0000001", feePercentage: "1" },
    });
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["amount", "feeAddress"]);
    expect(await requestCount()).toBe(before);
  });
});

describe("POST /v2/payouts/batch", () => {
  it("pays 50 payees in two tokens in one transaction, approvals first, each payee to the unit", async () => {
    const payer = DEMO_WALLETS[3];
    const payees = Array.from({ length: 50 }, freshAddress);
    const requests = payees.map((payee, i) => {
      const currency = i % 2 === 0 ? "USDC-base" : "USDT-base";
      return {
        payee,
        amount: `${i + 1}.${String(i).padStart(2, "0")}`,
        invoiceCurrency: currency,
        paymentCurrency: currency,
      };
    });
    const r = await batch({ requests, payer: payer.address });
    expect(r.status, r.text).toBe(201);
    expect(r.json.requestIds).toHaveLength(50);
    expect(r.json.ERC20ApprovalTransactions.map((t) => t.to).sort()).toEqual([usdc.address, usdt.address].sort());
    expect(r.json.batchPaymentTransaction).toMatchObject({
      to: batchContract,
      value: { type: "BigNumber", hex: "0x00" },
    });
    expect(r.json.batchPaymentTransaction.data.slice(0, 10)).toBe("0x92cddb91");
    // Clients that pick the payment by index find the batch call after the two approvals.
    expect(r.json.metadata).toEqual({
      stepsRequired: 3,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 2,
    });
    expect(r.json.transactions).toEqual([...r.json.ERC20ApprovalTransactions, r.json.batchPaymentTransaction]);

    const expected = (token: string) =>
      requests.filter((q) => q.paymentCurrency === token).reduce((sum, q) => sum + parseUnits(q.amount, 6), 0n);
    const before = await Promise.all([usdc.address, usdt.address].map((t) => tokenBalance(t, payer.address)));
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, [
      ...r.json.ERC20ApprovalTransactions,
      r.json.batchPaymentTransaction,
    ]);
    const after = await Promise.all([usdc.address, usdt.address].map((t) => tokenBalance(t, payer.address)));
    expect([before[0] - after[0], before[1] - after[1]]).toEqual([expected("USDC-base"), expected("USDT-base")]);
    for (const [i, q] of requests.entries()) {
      expect(
        await tokenBalance(q.paymentCurrency === "USDC-base" ? usdc.address : usdt.address, q.payee),
        `payee ${i}`,
      ).toBe(parseUnits(q.amount, 6));
    }

    const events = parseEventLogs({
      abi: erc20FeeProxyAbi,
      logs: receipts.at(-1)!.logs,
      eventName: "TransferWithReferenceAndFee",
    });
    expect(events).toHaveLength(50);
    const stored = await (await db()).paymentRequest.findMany({ where: { id: { in: r.json.requestIds } } });
    const referenceOf = new Map(stored.map((s) => [s.payee, s.paymentReference as Hex]));
    for (const e of events) expect(e.args.paymentReference).toBe(keccak256(referenceOf.get(e.args.to)!));
  });

  it("mixes a token, a native coin and a USD amount converted to USDC, with a fee on each", async () => {
    const payer = DEMO_WALLETS[4];
    const [p1, p2, p3, feeAddress] = [freshAddress(), freshAddress(), freshAddress(), freshAddress()];
    const r = await batch({
      requests: [
        { payee: p1, amount: "10", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
        { payee: p2, amount: "0.5", invoiceCurrency: "ETH-base-base", paymentCurrency: "ETH-base-base" },
        { payee: p3, amount: "20", invoiceCurrency: "USD", paymentCurrency: "USDC-base" },
      ],
      payer: payer.address,
      feePercentage: "1",
      feeAddress,
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json.batchPaymentTransaction.value).toEqual({ type: "BigNumber", hex: "0x07021ed30b928000" }); // 0.505 ETH
    const { publicClient } = clients();
    const [usdcBefore, ethBefore] = await Promise.all([
      tokenBalance(usdc.address, payer.address),
      publicClient.getBalance({ address: payer.address }),
    ]);
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, [
      ...r.json.ERC20ApprovalTransactions,
      r.json.batchPaymentTransaction,
    ]);
    expect(await tokenBalance(usdc.address, p1)).toBe(10_000_000n);
    expect(await tokenBalance(usdc.address, p3)).toBe(20_000_000n);
    expect(await publicClient.getBalance({ address: p2 })).toBe(parseUnits("0.5", 18));
    expect(await tokenBalance(usdc.address, feeAddress)).toBe(300_000n); // 1 % of 10 + 1 % of 20
    expect(await publicClient.getBalance({ address: feeAddress })).toBe(parseUnits("0.005", 18));
    expect(usdcBefore - (await tokenBalance(usdc.address, payer.address))).toBe(30_300_000n); // the conversion margin is sent back
    expect(ethBefore - (await publicClient.getBalance({ address: payer.address }))).toBe(
      parseUnits("0.505", 18) + gasPaid(receipts),
    );
    const nativeEvents = parseEventLogs({
      abi: ethereumFeeProxyAbi,
      logs: receipts.at(-1)!.logs,
      eventName: "TransferWithReferenceAndFee",
    });
    expect(nativeEvents.map((e) => e.args.to)).toEqual([p2]);
  });

  it("pays the published example's mix, a USD invoice in the native coin included, in one transaction", async () => {
    // The document's example on sepolia, on the sandbox's base: tokens, the native coin, and
    // USD amounts paid in a token and in the native coin (EthConversionProxy, the batch's last group).
    const payer = DEMO_WALLETS[7];
    const [p1, p2, p3, p4] = [freshAddress(), freshAddress(), freshAddress(), freshAddress()];
    const r = await batch({
      requests: [
        { payee: p1, amount: "2", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
        { payee: p2, amount: "10", invoiceCurrency: "USD", paymentCurrency: "USDC-base" },
        { payee: p3, amount: "0.00001", invoiceCurrency: "ETH-base-base", paymentCurrency: "ETH-base-base" },
        { payee: p4, amount: "30", invoiceCurrency: "USD", paymentCurrency: "ETH-base-base" },
      ],
      payer: payer.address,
    });
    expect(r.status, r.text).toBe(201);
    // 0.00001 ETH, and 30 USD at the feed's 3000 USD/ETH (0.01 ETH) with the 2 % margin.
    const sent = BigInt((r.json.batchPaymentTransaction.value as { hex: string }).hex);
    const expected = parseUnits("0.00001", 18) + (10n ** 16n * 10_200n) / 10_000n;
    expect(sent > expected - 1000n && sent <= expected + 1000n, `${sent} ≈ ${expected}`).toBe(true);
    const { publicClient } = clients();
    const ethBefore = await publicClient.getBalance({ address: payer.address });
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, [
      ...r.json.ERC20ApprovalTransactions,
      r.json.batchPaymentTransaction,
    ]);
    expect(await tokenBalance(usdc.address, p1)).toBe(2_000_000n);
    expect(await tokenBalance(usdc.address, p2)).toBe(10_000_000n);
    expect(await publicClient.getBalance({ address: p3 })).toBe(parseUnits("0.00001", 18));
    const converted = await publicClient.getBalance({ address: p4 });
    expect(converted > 10n ** 16n - 1000n && converted <= 10n ** 16n + 1000n, `${converted}`).toBe(true);
    // The margin came back: the payer spent what the payees received, and gas.
    const spent = ethBefore - (await publicClient.getBalance({ address: payer.address })) - gasPaid(receipts);
    expect(spent).toBe(parseUnits("0.00001", 18) + converted);
    const nativeEvents = parseEventLogs({
      abi: ethereumFeeProxyAbi,
      logs: receipts.at(-1)!.logs,
      eventName: "TransferWithReferenceAndFee",
    });
    expect(nativeEvents.map((e) => e.args.to).sort()).toEqual([p3, p4].sort());
  });

  it("pays existing requests by id; a payer whose allowance suffices gets no approval", async () => {
    const payer = DEMO_WALLETS[5];
    const { walletOf, publicClient } = clients();
    await publicClient.waitForTransactionReceipt({
      hash: await walletOf(payer.privateKey).writeContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [batchContract, parseUnits("1000", 6)],
      }),
    });
    const payees = [freshAddress(), freshAddress()];
    const ids: string[] = [];
    for (const payee of payees) {
      const c = await call(requestRoute, "POST", "/v2/request", {
        headers: headers(),
        body: { payee, amount: "3", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
      });
      ids.push(c.json.requestId);
    }
    const r = await batch({ requestIds: ids, payer: payer.address });
    expect(r.status, r.text).toBe(201);
    expect(r.json.ERC20ApprovalTransactions).toEqual([]);
    expect(r.json.metadata).toMatchObject({
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
    });
    expect(r.json.requestIds).toEqual(ids);
    await sendAll("base", sandbox.urls.base!, payer.privateKey, [r.json.batchPaymentTransaction]);
    for (const payee of payees) expect(await tokenBalance(usdc.address, payee)).toBe(3_000_000n);
  });

  it("with a batch fee set by the contract owner: the approval covers it and the fee address receives it", async () => {
    const admin = devChain(sandbox.urls.base!);
    await actAsAdmin(admin);
    const setBatchFee = (fee: number) =>
      admin.send({
        to: batchContract,
        data: encodeFunctionData({ abi: batchAdminAbi, functionName: "setBatchFee", args: [fee] }),
      });
    await setBatchFee(30); // 0.3 %
    try {
      const payer = DEMO_WALLETS[6];
      const [p1, p2, feeAddress] = [freshAddress(), freshAddress(), freshAddress()];
      const r = await batch({
        requests: [
          { payee: p1, amount: "100", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
          { payee: p2, amount: "50", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
        ],
        payer: payer.address,
        feePercentage: "1",
        feeAddress,
      });
      expect(r.status, r.text).toBe(201);
      // 150 USDC + 1 % fee + 0.3 % batch fee on the 150
      expect(r.json.ERC20ApprovalTransactions[0].data.endsWith(uint(151_950_000n))).toBe(true);
      const before = await tokenBalance(usdc.address, payer.address);
      await sendAll("base", sandbox.urls.base!, payer.privateKey, [
        ...r.json.ERC20ApprovalTransactions,
        r.json.batchPaymentTransaction,
      ]);
      expect(before - (await tokenBalance(usdc.address, payer.address))).toBe(151_950_000n);
      expect(await tokenBalance(usdc.address, feeAddress)).toBe(1_950_000n);
      expect([await tokenBalance(usdc.address, p1), await tokenBalance(usdc.address, p2)]).toEqual([
        100_000_000n,
        50_000_000n,
      ]);
    } finally {
      await setBatchFee(0);
    }
  });

  it("refuses Tron payees with the documented message, several networks, and another platform's ids", async () => {
    const before = await requestCount();
    const tron = await batch({
      requests: [
        {
          payee: "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
          amount: "1",
          invoiceCurrency: "USDT-tron",
          paymentCurrency: "USDT-tron",
        },
      ],
    });
    expect(tron.status).toBe(400);
    expect(tron.json).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: TRON_BATCH_MESSAGE,
      code: "batch_tron_unsupported",
    });
    expect(TRON_BATCH_MESSAGE).toBe(
      "Batch payments are not supported for TRON networks. Please submit individual payment requests.",
    );

    const mixed = await batch({
      requests: [
        { payee: freshAddress(), amount: "1", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
        { payee: freshAddress(), amount: "1", invoiceCurrency: "USDC-bsc", paymentCurrency: "USDC-bsc" },
      ],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.json.message).toBe("All requests must be on the same network");
    expect(await requestCount()).toBe(before);

    const stranger = await createTestPlatform("stranger");
    const theirs = await call(requestRoute, "POST", "/v2/request", {
      headers: { "x-api-key": stranger.apiKey },
      body: { payee: freshAddress(), amount: "1", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
    });
    const foreign = await batch({ requestIds: [theirs.json.requestId] });
    expect(foreign.status).toBe(404);
    expect((await batch({ requests: [] })).status).toBe(400);
    expect((await batch({})).status).toBe(400);
  });
});
