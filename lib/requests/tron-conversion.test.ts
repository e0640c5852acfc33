// Fiat-denominated requests on Tron, end to end against the sandbox: GET /pay prices the payment
// from ChainlinkConversionPath on the sandbox's mainnet anvil (its price feeds), records the quote,
// answers the plain ERC20FeeProxy calldata of that amount; TronWeb signs and broadcasts it to the
// sandbox Tron node; detection matches the payment to the quote (docs/decisions/tron-conversion-quotes.md).
import { TronWeb, utils as tronUtils } from "tronweb";
import { type Address, encodeFunctionData, type Hex, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as requestStatusRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { getCurrency } from "../chains/currencies";
import { tronFeeProxyPaymentTransaction } from "../chains/tron";
import { db } from "../db/client";
import { SANDBOX_ADMIN } from "../devnet/accounts";
import { FEED_DECIMALS, feedAddress, USD_HASH } from "../devnet/price-feeds";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { TRON_DEMO_WALLETS } from "../devnet/tron/accounts";
import { detectPayments } from "../payments/indexer/start-detection";
import { call } from "../test/http";
import { sendAll } from "../test/send-calldata";
import { type Receiver, startReceiver } from "../webhooks/receiver-fixtures";
import { eventually, platformWithEndpoints, startTestDelivery } from "../webhooks/webhook-fixtures";
import { LATE_PAYMENT_DISCOUNT_BPS, QUOTE_GRACE_MS, QUOTE_TTL_MS } from "./tron-quotes";

const USDT = getCurrency("USDT-tron")!.address;
const USDT_USD_FEED = feedAddress(getCurrency("USDT-mainnet")!.address as Address, USD_HASH);
const setFeed = (answer: bigint) =>
  sendAll("mainnet", sandbox.urls.mainnet!, SANDBOX_ADMIN.privateKey as Hex, [
    {
      to: USDT_USD_FEED,
      data: encodeFunctionData({
        abi: parseAbi(["function updateAnswer(int256 answer)"]),
        functionName: "updateAnswer",
        args: [answer],
      }),
      value: 0,
    },
  ]);
const FEE_LIMIT = 150_000_000;

let sandbox: TestSandbox;
let restore: () => void;
let receiver: Receiver;
let platform: Awaited<ReturnType<typeof platformWithEndpoints>>;
let delivery: Awaited<ReturnType<typeof startTestDelivery>>;

beforeAll(async () => {
  // mainnet: the rate source's ChainlinkConversionPath and feeds; Tron: where the request is paid.
  sandbox = await startTestSandbox(["mainnet"], { tron: true });
  restore = pointAppAtSandbox(sandbox);
  receiver = await startReceiver();
  platform = await platformWithEndpoints(`${receiver.url}/hooks`);
  delivery = await startTestDelivery();
  await detectPayments("tron");
}, 120_000);

afterAll(async () => {
  await delivery?.stop();
  await receiver?.close();
  restore?.();
  await sandbox?.dispose();
});

interface PayAnswer {
  transactions: { to: string; data: string; value: number }[];
  metadata: { stepsRequired: number; hasEnoughBalance: boolean; hasEnoughGas: boolean };
  quote?: { amount: string; feeAmount: string; conversionRate: string; rateSource: string; expiresAt: string };
}

const fresh = () => (tronUtils.accounts.generateAccount() as { address: { base58: string } }).address.base58;

async function createRequest(amount: string, invoiceCurrency: string) {
  const r = await call(requestRoute, "POST", "/v2/request", {
    headers: { "x-api-key": platform.apiKey },
    body: { amount, invoiceCurrency, paymentCurrency: "USDT-tron", payee: fresh() },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { requestId: string; paymentReference: Hex };
}

async function pay(requestId: string, wallet: string): Promise<PayAnswer> {
  const r = await call(payRoute, "GET", `/v2/request/${requestId}/pay?wallet=${wallet}`, {
    headers: { "x-api-key": platform.apiKey },
    params: { requestId },
  });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

async function statusOf(requestId: string) {
  const r = await call(requestStatusRoute, "GET", `/v2/request/${requestId}`, {
    headers: { "x-api-key": platform.apiKey },
    params: { requestId },
  });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

/** Builds with the node, signs with TronWeb, broadcasts, and waits until it is mined. */
async function send(privateKey: string, tx: { to: string; data: string }): Promise<string> {
  const tw = new TronWeb({ fullHost: sandbox.tron!.url, privateKey });
  const owner = tw.defaultAddress.base58 as string;
  const { transaction } = await tw.transactionBuilder.triggerSmartContract(
    tx.to,
    "",
    { input: tx.data.replace(/^0x/, ""), feeLimit: FEE_LIMIT },
    [],
    owner,
  );
  const sent = (await tw.trx.sign(transaction, privateKey).then((t) => tw.trx.sendRawTransaction(t))) as {
    result?: boolean;
    txid: string;
  };
  expect(sent.result, JSON.stringify(sent)).toBe(true);
  for (let i = 0; i < 100; i++) {
    const info = (await tw.trx.getTransactionInfo(sent.txid)) as {
      blockNumber?: number;
      receipt?: { result?: string };
    };
    if (info.blockNumber !== undefined) {
      expect(info.receipt?.result).toBe("SUCCESS");
      return sent.txid;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no info for ${sent.txid}`);
}

const quotesOf = async (requestId: string) =>
  (await db()).conversionQuote.findMany({ where: { requestId }, orderBy: { createdAt: "asc" } });

async function requestRow(requestId: string) {
  return (await db()).paymentRequest.findUniqueOrThrow({ where: { id: requestId } });
}

describe("a fiat-denominated request on Tron", () => {
  it("is priced from the rate source, quoted once while the quote lives, paid with TronWeb, detected, paid and announced", async () => {
    const payer = TRON_DEMO_WALLETS[6];
    const { requestId, paymentReference } = await createRequest("10", "EUR");
    const first = await pay(requestId, payer.address);
    // EUR/USD 1.08 and USDT/USD 1 on the sandbox mainnet's feeds: 10 EUR = 10.8 USDT.
    expect(first.quote).toMatchObject({
      amount: "10.8",
      feeAmount: "0",
      conversionRate: "1.08",
      rateSource: "chainlink",
    });
    const expiresIn = Date.parse(first.quote!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(QUOTE_TTL_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(QUOTE_TTL_MS);
    expect(first.metadata).toMatchObject({ stepsRequired: 2, hasEnoughBalance: true, hasEnoughGas: true });
    const request = await requestRow(requestId);
    expect(first.transactions[1].data).toBe(
      tronFeeProxyPaymentTransaction({
        token: USDT,
        to: request.payee,
        amount: 10_800_000n,
        paymentReference,
        feeAmount: 0n,
        feeAddress: null,
      }).data,
    );
    const [stored] = await quotesOf(requestId);
    expect(stored).toMatchObject({ rateNetwork: "mainnet", feeAddress: null });
    expect([stored.invoiceAmount.toFixed(), stored.amount.toFixed()]).toEqual(["1000", "10800000"]);

    const again = await pay(requestId, payer.address);
    expect(again.quote).toEqual(first.quote);
    expect(again.transactions).toEqual(first.transactions);
    expect(await quotesOf(requestId)).toHaveLength(1);

    const txids = [];
    for (const tx of first.transactions) txids.push(await send(payer.privateKey, tx));
    await detectPayments("tron");
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
    const [payment] = await (await db()).payment.findMany({ where: { requestId } });
    expect(payment).toMatchObject({ currency: "USDT-tron", payerAddress: payer.address, conversionRate: "1.08" });
    expect(payment.invoiceAmount.toFixed()).toBe("1000");
    expect(payment.amount.toFixed()).toBe("10800000");
    expect(await statusOf(requestId)).toMatchObject({ status: "paid", hasBeenPaid: true, txHash: `0x${txids[1]}` });

    await eventually(
      async () => receiver.received.filter((r) => JSON.parse(r.raw.toString("utf8")).requestId === requestId).length,
      (n) => n >= 1,
    );
    const hook = receiver.received
      .map((r) => JSON.parse(r.raw.toString("utf8")))
      .find((b) => b.requestId === requestId);
    expect(hook).toMatchObject({
      event: "payment.confirmed",
      network: "tron",
      paymentReference,
      txHash: `0x${txids[1]}`,
      payerAddress: payer.address,
    });
  });

  it("follows the rate source: a moved USDT/USD feed on the sandbox chain moves the next quote", async () => {
    // USDT at 1.25 USD: 10 USD buy 8 USDT.
    await setFeed(125n * 10n ** BigInt(FEED_DECIMALS - 2));
    try {
      const { requestId } = await createRequest("10", "USD");
      expect((await pay(requestId, TRON_DEMO_WALLETS[7].address)).quote).toMatchObject({
        amount: "8",
        conversionRate: "0.8",
      });
    } finally {
      await setFeed(10n ** BigInt(FEED_DECIMALS));
    }
  });

  it("short of the quote: credited pro rata, partially paid, and the rest is quoted anew", async () => {
    const payer = TRON_DEMO_WALLETS[8];
    const { requestId, paymentReference } = await createRequest("20", "USD");
    const answer = await pay(requestId, payer.address);
    expect(answer.quote).toMatchObject({ amount: "20" });
    const request = await requestRow(requestId);
    await send(payer.privateKey, answer.transactions[0]); // the approval of 20 USDT
    const half = tronFeeProxyPaymentTransaction({
      token: USDT,
      to: request.payee,
      amount: 10_000_000n,
      paymentReference,
      feeAmount: 0n,
      feeAddress: null,
    });
    await send(payer.privateKey, half);
    await detectPayments("tron");
    const after = await requestRow(requestId);
    expect(after.status).toBe("partially_paid");
    expect(after.amountPaid.toFixed()).toBe("1000");

    const rest = await pay(requestId, payer.address);
    expect(rest.quote).toMatchObject({ amount: "10" });
    expect(rest.quote!.expiresAt).not.toBe(answer.quote!.expiresAt);
    expect(await quotesOf(requestId)).toHaveLength(2);
    for (const tx of rest.transactions) await send(payer.privateKey, tx);
    await detectPayments("tron");
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
  });

  it("an expired quote: /pay answers a new one, and a payment mined after expiry and grace is credited late", async () => {
    const payer = TRON_DEMO_WALLETS[9];
    const { requestId } = await createRequest("50", "USD");
    const stale = await pay(requestId, payer.address);
    // The quote was answered TTL + grace + a minute ago (the database is the clock detection reads).
    const past = Date.now() - QUOTE_TTL_MS - QUOTE_GRACE_MS - 60_000;
    await (await db()).conversionQuote.updateMany({
      where: { requestId },
      data: { createdAt: new Date(past), expiresAt: new Date(past + QUOTE_TTL_MS) },
    });
    for (const tx of stale.transactions) await send(payer.privateKey, tx);
    await detectPayments("tron");
    const after = await requestRow(requestId);
    expect(after.status).toBe("partially_paid");
    // 50 USD paid at the expired quote, less the late-payment discount.
    expect(after.amountPaid.toFixed()).toBe(((5000n * (10_000n - LATE_PAYMENT_DISCOUNT_BPS)) / 10_000n).toString());

    const renewed = await pay(requestId, payer.address);
    expect(Date.parse(renewed.quote!.expiresAt)).toBeGreaterThan(Date.now());
    expect(renewed.quote).toMatchObject({ amount: "1" }); // the 1 USD still due
    for (const tx of renewed.transactions) await send(payer.privateKey, tx);
    await detectPayments("tron");
    expect(await requestRow(requestId)).toMatchObject({ status: "paid" });
  });
});
