// The pay calldata, sent for real: requests are created and paid through the HTTP handlers,
// the returned transactions are sent from funded sandbox wallets to the real payment
// contracts, and the exact balance changes and proxy events are checked.

import { type Address, type Hex, keccak256, parseEventLogs, parseUnits, type TransactionReceipt } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as routesRoute from "@/app/v2/request/[requestId]/routes/route";
import * as requestRoute from "@/app/v2/request/route";
import {
  erc20Abi,
  erc20ConversionProxyAbi,
  erc20FeeProxyAbi,
  ethConversionProxyAbi,
  ethereumFeeProxyAbi,
  getContract,
} from "../chains/contracts";
import type { EvmNetworkId } from "../chains/networks";
import { DEMO_WALLETS } from "../devnet/accounts";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { testToken } from "../devnet/sandbox-tokens";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { type ApiTransaction, chainClients, gasPaid, sendAll } from "../test/send-calldata";

let sandbox: TestSandbox;
let restore: () => void;
let apiKey: string;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base", "bsc"]);
  restore = pointAppAtSandbox(sandbox);
  apiKey = (await createTestPlatform("payments")).apiKey;
});

afterAll(async () => {
  restore?.();
  await sandbox?.dispose();
});

interface PayAnswer {
  transactions: ApiTransaction[];
  metadata: {
    stepsRequired: number;
    needsApproval: boolean;
    approvalTransactionIndex: number | null;
    paymentTransactionIndex: number;
    hasEnoughBalance: boolean;
    hasEnoughGas: boolean;
  };
}

const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

async function createRequest(body: Record<string, unknown>): Promise<{ requestId: string; paymentReference: Hex }> {
  const r = await call(requestRoute, "POST", "/v2/request", { headers: { "x-api-key": apiKey }, body });
  expect(r.status, r.text).toBe(201);
  return r.json;
}

async function pay(requestId: string, query: Record<string, string> = {}): Promise<PayAnswer> {
  const qs = new URLSearchParams(query).toString();
  const r = await call(payRoute, "GET", `/v2/request/${requestId}/pay${qs ? `?${qs}` : ""}`, {
    headers: { "x-api-key": apiKey },
    params: { requestId },
  });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

function tokenBalance(network: EvmNetworkId, token: Address) {
  const { publicClient } = chainClients(network, sandbox.urls[network]!);
  return (who: Address) =>
    publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
}

function nativeBalance(network: EvmNetworkId) {
  const { publicClient } = chainClients(network, sandbox.urls[network]!);
  return (who: Address) => publicClient.getBalance({ address: who });
}

function feeProxyEvents(receipts: TransactionReceipt[]) {
  return parseEventLogs({
    abi: erc20FeeProxyAbi,
    logs: receipts.flatMap((r) => r.logs),
    eventName: "TransferWithReferenceAndFee",
  });
}

const usdc = testToken("base", "USDC");
const usdt = testToken("base", "USDT");
const feeProxy = getContract("base", "ERC20FeeProxy").address;

describe("ERC-20 payments through ERC20FeeProxy", () => {
  it("without an allowance: an exact approval first, then the payment; the payee gets the amount, the event carries the reference", async () => {
    const payer = DEMO_WALLETS[1];
    const payee = freshAddress();
    const { requestId, paymentReference } = await createRequest({
      amount: "12.34",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address });
    expect(answer.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    expect(answer.transactions[0]).toMatchObject({ to: usdc.address, value: 0 });
    expect(answer.transactions[0].data.slice(0, 10)).toBe("0x095ea7b3");
    expect(answer.transactions[1]).toMatchObject({ to: feeProxy, value: 0 });
    expect(answer.transactions[1].data.slice(0, 10)).toBe("0xc219a14d");

    const balance = tokenBalance("base", usdc.address);
    const before = await Promise.all([balance(payer.address), balance(payee)]);
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    const after = await Promise.all([balance(payer.address), balance(payee)]);
    expect([before[0] - after[0], after[1] - before[1]]).toEqual([12_340_000n, 12_340_000n]);

    const events = feeProxyEvents(receipts);
    expect(events).toHaveLength(1);
    expect(events[0].args).toEqual({
      tokenAddress: usdc.address,
      to: payee,
      amount: 12_340_000n,
      paymentReference: keccak256(paymentReference),
      feeAmount: 0n,
      feeAddress: "0x0000000000000000000000000000000000000000",
    });
    // The exact approval is used up: no allowance is left behind.
    const { publicClient } = chainClients("base", sandbox.urls.base!);
    expect(
      await publicClient.readContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [payer.address, feeProxy],
      }),
    ).toBe(0n);
  });

  it("with an allowance already given: the payment alone", async () => {
    const payer = DEMO_WALLETS[2];
    const { walletOf, publicClient } = chainClients("base", sandbox.urls.base!);
    await publicClient.waitForTransactionReceipt({
      hash: await walletOf(payer.privateKey).writeContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [feeProxy, parseUnits("1000", 6)],
      }),
    });
    const payee = freshAddress();
    const { requestId } = await createRequest({
      amount: "5",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address });
    expect(answer.metadata).toMatchObject({
      stepsRequired: 1,
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await tokenBalance("base", usdc.address)(payee)).toBe(5_000_000n);
  });

  it("USDT with a short non-zero allowance: reset to 0, approve, pay", async () => {
    const payer = DEMO_WALLETS[3];
    const { walletOf, publicClient } = chainClients("base", sandbox.urls.base!);
    await publicClient.waitForTransactionReceipt({
      hash: await walletOf(payer.privateKey).writeContract({
        address: usdt.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [feeProxy, 1n],
      }),
    });
    const payee = freshAddress();
    const { requestId } = await createRequest({
      amount: "7.5",
      invoiceCurrency: "USDT-base",
      paymentCurrency: "USDT-base",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address });
    expect(answer.metadata).toMatchObject({
      stepsRequired: 3,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 2,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    expect(answer.transactions.map((t) => t.to)).toEqual([usdt.address, usdt.address, feeProxy]);
    const balance = tokenBalance("base", usdt.address);
    const before = await balance(payer.address);
    await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await balance(payee)).toBe(7_500_000n);
    expect(before - (await balance(payer.address))).toBe(7_500_000n);
  });

  it("a partial amount and a fee: the payee gets the part, the fee address the fee on top", async () => {
    const payer = DEMO_WALLETS[4];
    const payee = freshAddress();
    const feeAddress = freshAddress();
    const { requestId, paymentReference } = await createRequest({
      amount: "100",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address, amount: "40", feePercentage: "2.5", feeAddress });
    const balance = tokenBalance("base", usdc.address);
    const before = await balance(payer.address);
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await balance(payee)).toBe(40_000_000n);
    expect(await balance(feeAddress)).toBe(1_000_000n);
    expect(before - (await balance(payer.address))).toBe(41_000_000n);
    expect(feeProxyEvents(receipts)[0].args).toMatchObject({
      amount: 40_000_000n,
      feeAmount: 1_000_000n,
      feeAddress,
      paymentReference: keccak256(paymentReference),
    });
  });

  it("bsc's 18-decimal USDC, to the last wei", async () => {
    const payer = DEMO_WALLETS[5];
    const payee = freshAddress();
    const token = testToken("bsc", "USDC");
    const { requestId } = await createRequest({
      amount: "12.345678901234567891",
      invoiceCurrency: "USDC-bsc",
      paymentCurrency: "USDC-bsc",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address });
    expect(answer.transactions[1].to).toBe(getContract("bsc", "ERC20FeeProxy").address);
    await sendAll("bsc", sandbox.urls.bsc!, payer.privateKey, answer.transactions);
    expect(await tokenBalance("bsc", token.address)(payee)).toBe(12_345_678_901_234_567_891n);
  });

  it("reports a wallet without tokens or gas as unable to pay", async () => {
    const { requestId } = await createRequest({
      amount: "1",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: freshAddress(),
    });
    const answer = await pay(requestId, { wallet: freshAddress() });
    expect(answer.metadata).toMatchObject({ needsApproval: true, hasEnoughBalance: false, hasEnoughGas: false });
  });
});

describe("native payments through EthereumFeeProxy", () => {
  it("sends amount + fee as a BigNumber value; payee and fee address get theirs exactly", async () => {
    const payer = DEMO_WALLETS[6];
    const payee = freshAddress();
    const feeAddress = freshAddress();
    const { requestId, paymentReference } = await createRequest({
      amount: "0.25",
      invoiceCurrency: "ETH-base-base",
      paymentCurrency: "ETH-base-base",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address, feePercentage: "1", feeAddress });
    expect(answer.metadata).toEqual({
      stepsRequired: 1,
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    expect(answer.transactions[0]).toMatchObject({
      to: getContract("base", "EthereumFeeProxy").address,
      value: { type: "BigNumber", hex: "0x03810f6985c94000" },
    });
    const balance = nativeBalance("base");
    const before = await balance(payer.address);
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await balance(payee)).toBe(parseUnits("0.25", 18));
    expect(await balance(feeAddress)).toBe(parseUnits("0.0025", 18));
    expect(before - (await balance(payer.address))).toBe(parseUnits("0.2525", 18) + gasPaid(receipts));
    const events = parseEventLogs({
      abi: ethereumFeeProxyAbi,
      logs: receipts[0].logs,
      eventName: "TransferWithReferenceAndFee",
    });
    expect(events[0].args).toMatchObject({
      to: payee,
      amount: parseUnits("0.25", 18),
      feeAmount: parseUnits("0.0025", 18),
      paymentReference: keccak256(paymentReference),
    });
  });
});

describe("fiat-denominated payments through Erc20ConversionProxy", () => {
  it("USD → USDC at the feed's 1.00: the payee gets exactly the dollar amount", async () => {
    const payer = DEMO_WALLETS[7];
    const payee = freshAddress();
    const { requestId, paymentReference } = await createRequest({
      amount: "10.50",
      invoiceCurrency: "USD",
      paymentCurrency: "USDC-base",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address });
    expect(answer.metadata).toMatchObject({
      stepsRequired: 2,
      needsApproval: true,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    expect(answer.transactions[1].to).toBe(getContract("base", "Erc20ConversionProxy").address);
    const balance = tokenBalance("base", usdc.address);
    const before = await balance(payer.address);
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await balance(payee)).toBe(10_500_000n);
    expect(before - (await balance(payer.address))).toBe(10_500_000n);
    const logs = receipts.flatMap((r) => r.logs);
    const conversion = parseEventLogs({
      abi: erc20ConversionProxyAbi,
      logs,
      eventName: "TransferWithConversionAndReference",
    });
    expect(conversion[0].args).toMatchObject({ amount: 1_050_000_000n, paymentReference: keccak256(paymentReference) });
    expect(feeProxyEvents(receipts)[0].args).toMatchObject({
      tokenAddress: usdc.address,
      to: payee,
      amount: 10_500_000n,
      paymentReference: keccak256(paymentReference),
    });
  });

  it("EUR → USDC through EUR/USD at 1.08, with a fee converted alike", async () => {
    const payer = DEMO_WALLETS[8];
    const payee = freshAddress();
    const feeAddress = freshAddress();
    const { requestId } = await createRequest({
      amount: "10",
      invoiceCurrency: "EUR",
      paymentCurrency: "USDC-base",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address, feePercentage: "2", feeAddress });
    const balance = tokenBalance("base", usdc.address);
    const before = await balance(payer.address);
    await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await balance(payee)).toBe(10_800_000n);
    expect(await balance(feeAddress)).toBe(216_000n);
    expect(before - (await balance(payer.address))).toBe(11_016_000n);
  });
});

describe("fiat-denominated payments in the native coin through EthConversionProxy", () => {
  it("USD → ETH at the feed's 3000: the payee gets exactly the dollar amount in ETH and the margin comes back", async () => {
    const payer = DEMO_WALLETS[6];
    const payee = freshAddress();
    const feeAddress = freshAddress();
    const { requestId, paymentReference } = await createRequest({
      amount: "30",
      invoiceCurrency: "USD",
      paymentCurrency: "ETH-base-base",
      payee,
    });
    const answer = await pay(requestId, { wallet: payer.address, feePercentage: "1", feeAddress });
    expect(answer.metadata).toMatchObject({
      stepsRequired: 1,
      needsApproval: false,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    expect(answer.transactions).toHaveLength(1);
    expect(answer.transactions[0].to).toBe(getContract("base", "EthConversionProxy").address);
    // 0.0101 ETH (30 USD and the 1 % fee at 3000 USD/ETH; the inverse feed rounds a few wei) and the 2 % margin.
    const sent = BigInt((answer.transactions[0].value as { hex: string }).hex);
    const near = (v: bigint, target: bigint) =>
      expect(v > target - 1000n && v <= target + 1000n, `${v} ≈ ${target}`).toBe(true);
    near(sent, ((10n ** 16n + 10n ** 14n) * 10_200n) / 10_000n);
    const balance = nativeBalance("base");
    const before = await balance(payer.address);
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    const received = await balance(payee);
    const fee = await balance(feeAddress);
    near(received, 10n ** 16n);
    near(fee, 10n ** 14n);
    // The margin came back: the payer spent exactly what the payee and the fee address received.
    expect(before - (await balance(payer.address)) - gasPaid(receipts)).toBe(received + fee);
    const logs = receipts.flatMap((r) => r.logs);
    const conversion = parseEventLogs({
      abi: ethConversionProxyAbi,
      logs,
      eventName: "TransferWithConversionAndReference",
    });
    expect(conversion[0].args).toMatchObject({ amount: 3_000_000_000n, paymentReference: keccak256(paymentReference) });
  });
});

describe("payment routes", () => {
  it("list the same-chain route with the platform fee and the gas simulated for the wallet", async () => {
    const payer = DEMO_WALLETS[9];
    const feeAddress = freshAddress();
    const { requestId } = await createRequest({
      amount: "20",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: freshAddress(),
    });
    const r = await call(
      routesRoute,
      "GET",
      `/v2/request/${requestId}/routes?wallet=${payer.address}&feePercentage=2.5&feeAddress=${feeAddress}`,
      {
        headers: { "x-api-key": apiKey },
        params: { requestId },
      },
    );
    expect(r.status, r.text).toBe(200);
    // The wallet also holds stablecoins on bsc: crosschain routes from there follow the same-chain one.
    const [route, ...others] = r.json.routes;
    expect(others.map((o: { id: string }) => o.id).sort()).toEqual(["CROSSCHAIN_BNB_USDC", "CROSSCHAIN_BNB_USDT"]);
    expect(route).toMatchObject({
      id: "REQUEST_NETWORK_PAYMENT",
      fee: 0.025,
      speed: "FAST",
      price_impact: 0,
      chain: "BASE",
      token: "USDC",
    });
    expect(route.feeBreakdown[0]).toEqual({
      type: "platform",
      stage: "sending",
      provider: "platform",
      amount: "0.5",
      currency: "USDC",
      receiverAddress: feeAddress,
      network: "base",
    });
    expect(route.feeBreakdown[1]).toMatchObject({
      type: "gas",
      stage: "sending",
      provider: "base",
      currency: "ETH",
      network: "base",
    });
    // approve + transferFrom with a fee: tens of thousands of gas at anvil's gas price.
    const gasWei = parseUnits(route.feeBreakdown[1].amount, 18);
    const { publicClient } = chainClients("base", sandbox.urls.base!);
    const gasPrice = await publicClient.getGasPrice();
    const estimatedGas = gasWei / gasPrice;
    // The estimate is the gas the transactions really use when sent.
    const answer = await pay(requestId, { wallet: payer.address, feePercentage: "2.5", feeAddress });
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    const used = receipts.reduce((sum, rc) => sum + rc.gasUsed, 0n);
    expect(Number(estimatedGas)).toBeGreaterThan(Number(used) * 0.9);
    expect(Number(estimatedGas)).toBeLessThan(Number(used) * 1.1);
  });
});
