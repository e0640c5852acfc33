// Crosschain payments end to end on sandbox chains, through the HTTP handlers: a request for
// USDC on arbitrum-one paid from USDC on base (EIP-2612 permit path) and from USDT on optimism
// (approval path); the payee receives the exact amount, the request reads paid, the payment is
// recorded as crosschain, one payment.confirmed goes out. Replays, expiry, tampering and a
// short treasury end as documented, and a settlement interrupted mid-payout pays once.

import { type Address, createPublicClient, createTestClient, createWalletClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as liquidityRoute from "@/app/v2/crosschain/liquidity/route";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as getRoute from "@/app/v2/request/[requestId]/route";
import * as routesRoute from "@/app/v2/request/[requestId]/routes/route";
import * as intentRoute from "@/app/v2/request/payment-intents/[paymentIntentId]/route";
import * as requestRoute from "@/app/v2/request/route";
import * as securePayRoute from "@/app/v2/secure-payments/[token]/pay/route";
import * as securePayoutsRoute from "@/app/v2/secure-payments/payouts/route";
import { SANDBOX_GATEWAY_ADDRESS, SANDBOX_OPERATOR } from "../chains/crosschain-gateway";
import type { EvmNetworkId } from "../chains/networks";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { testToken } from "../devnet/sandbox-tokens";
import { detectPayments } from "../payments/indexer/start-detection";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { readIntent } from "./intent-store";
import { settleOpenIntents } from "./settle-intents";
import { typedDataFromJson } from "./typed-data-fixtures";

let sandbox: TestSandbox;
let restore: () => void;
let apiKey: string;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base", "arbitrum-one", "optimism"]);
  restore = pointAppAtSandbox(sandbox);
  apiKey = (await createTestPlatform("crosschain")).apiKey;
}, 180_000);

afterAll(async () => {
  restore?.();
  await sandbox?.dispose();
});

const headers = () => ({ "x-api-key": apiKey });
const clientOf = (network: EvmNetworkId) => createPublicClient({ transport: http(sandbox.urls[network]!) });
const balanceOf = (network: EvmNetworkId, token: Address, who: Address) =>
  clientOf(network).readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const USDC_ARB = testToken("arbitrum-one", "USDC").address;

async function createRequest(amount = "25"): Promise<{ requestId: string; payee: Address }> {
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const r = await call(requestRoute, "POST", "/v2/request", {
    headers: headers(),
    body: { amount, invoiceCurrency: "USDC-arbitrum-one", paymentCurrency: "USDC-arbitrum-one", payee },
  });
  expect(r.status, r.text).toBe(201);
  return { requestId: r.json.requestId, payee };
}

async function askIntent(requestId: string, query: Record<string, string>) {
  return call(payRoute, "GET", `/v2/request/${requestId}/pay?${new URLSearchParams(query)}`, {
    headers: headers(),
    params: { requestId },
  });
}

async function submit(id: string, body: unknown) {
  return call(intentRoute, "POST", `/v2/request/payment-intents/${id}`, {
    headers: headers(),
    params: { paymentIntentId: id },
    body,
  });
}

const typedData = typedDataFromJson;

async function status(requestId: string) {
  const r = await call(getRoute, "GET", `/v2/request/${requestId}`, { headers: headers(), params: { requestId } });
  return r.json as { status: string; hasBeenPaid: boolean };
}

async function eventsOf(requestId: string, event: string) {
  const all = await (await db()).webhookEvent.findMany({ where: { event } });
  return all.filter((e) => (e.payload as { requestId?: string }).requestId === requestId);
}

async function settleAndDetect() {
  await settleOpenIntents();
  await settleOpenIntents();
  await detectPayments("arbitrum-one");
}

describe("crosschain payment of a request on arbitrum-one", () => {
  it("from USDC on base with an EIP-2612 permit: the payee gets exactly the amount, the request is paid, one payment.confirmed, type crosschain", async () => {
    const payer = privateKeyToAccount(DEMO_WALLETS[2].privateKey);
    const { requestId, payee } = await createRequest("25");
    const r = await askIntent(requestId, { wallet: payer.address, chain: "BASE", token: "USDC" });
    expect(r.status, r.text).toBe(200);
    expect(r.json.metadata).toEqual({ supportsEIP2612: true });
    expect(r.json.approvalCalldata).toBeNull();
    const intent = typedData(r.json.paymentIntent);
    const values = JSON.parse(r.json.paymentIntent).values;
    expect(values.spender).toBe(SANDBOX_GATEWAY_ADDRESS);
    expect(values.witness.destination).toEqual({ account: payee, network_id: "42161", payment_token: USDC_ARB });
    expect(values.permitted[0].amount).toBe("25000000");
    expect(BigInt(values.witness.operator_data.fee)).toBeGreaterThan(0n); // quoted, not hidden
    const permit = typedData(r.json.approvalPermitPayload);
    const permitValues = JSON.parse(r.json.approvalPermitPayload).values;

    const payerBefore = await balanceOf("base", testToken("base", "USDC").address, payer.address);
    const body = {
      signedPaymentIntent: {
        signature: await payer.signTypedData(intent),
        nonce: values.nonce,
        deadline: values.deadline,
      },
      signedApprovalPermit: {
        signature: await payer.signTypedData(permit),
        nonce: permitValues.nonce,
        deadline: String(permitValues.deadline),
      },
    };
    const submitted = await submit(r.json.paymentIntentId, body);
    expect(submitted.status, submitted.text).toBe(200);
    expect((await submit(r.json.paymentIntentId, body)).json.code).toBe("payment_intent_already_submitted"); // a replay sends nothing

    await settleAndDetect();
    expect(await balanceOf("arbitrum-one", USDC_ARB, payee)).toBe(25_000_000n);
    expect(await balanceOf("base", testToken("base", "USDC").address, payer.address)).toBe(
      payerBefore - 25_000_000n - BigInt(values.witness.operator_data.fee),
    );
    expect(await status(requestId)).toMatchObject({ status: "paid", hasBeenPaid: true });
    const payments = await (await db()).payment.findMany({ where: { requestId } });
    expect(payments.map((p) => p.type)).toEqual(["crosschain"]);
    const stored = await readIntent(r.json.paymentIntentId);
    expect(stored).toMatchObject({
      status: "paid",
      sourceTxHash: expect.stringMatching(/^0x/),
      destinationTxHash: payments[0].txHash,
    });
    const confirmed = await eventsOf(requestId, "payment.confirmed");
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0].payload).toMatchObject({
      txHash: payments[0].txHash,
      payerAddress: payer.address,
      network: "arbitrum-one",
      crosschain: { sourceNetwork: "base", sourceTxHash: stored.sourceTxHash, destinationTxHash: payments[0].txHash },
    });
  }, 120_000);

  it("from USDT on optimism with an approval transaction first", async () => {
    const payer = privateKeyToAccount(DEMO_WALLETS[3].privateKey);
    const { requestId, payee } = await createRequest("10.5");
    const r = await askIntent(requestId, { wallet: payer.address, chain: "OPTIMISM", token: "USDT" });
    expect(r.status, r.text).toBe(200);
    expect(r.json.metadata).toEqual({ supportsEIP2612: false });
    expect(r.json.approvalPermitPayload).toBeNull();
    const wallet = createWalletClient({ account: payer, transport: http(sandbox.urls.optimism!) });
    const hash = await wallet.sendTransaction({
      to: r.json.approvalCalldata.to,
      data: r.json.approvalCalldata.data,
      chain: null,
    });
    await clientOf("optimism").waitForTransactionReceipt({ hash });
    const values = JSON.parse(r.json.paymentIntent).values;
    const submitted = await submit(r.json.paymentIntentId, {
      signedPaymentIntent: {
        signature: await payer.signTypedData(typedData(r.json.paymentIntent)),
        nonce: values.nonce,
        deadline: values.deadline,
      },
    });
    expect(submitted.status, submitted.text).toBe(200);
    await settleAndDetect();
    expect(await balanceOf("arbitrum-one", USDC_ARB, payee)).toBe(10_500_000n);
    expect(await status(requestId)).toMatchObject({ status: "paid" });
    expect(await eventsOf(requestId, "payment.confirmed")).toHaveLength(1);
  }, 120_000);

  it("refuses a tampered destination and a signature by another wallet before anything is sent", async () => {
    const payer = privateKeyToAccount(DEMO_WALLETS[4].privateKey);
    const { requestId } = await createRequest("5");
    const r = await askIntent(requestId, { wallet: payer.address, chain: "BASE", token: "USDC" });
    const intent = typedData(r.json.paymentIntent);
    const values = JSON.parse(r.json.paymentIntent).values;
    const tampered = structuredClone(intent) as unknown as {
      message: { witness: { destination: { account: Address } } };
    };
    tampered.message.witness.destination.account = payer.address;
    const bad = await submit(r.json.paymentIntentId, {
      signedPaymentIntent: {
        signature: await payer.signTypedData(tampered as never),
        nonce: values.nonce,
        deadline: values.deadline,
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("signature_invalid");
    const other = privateKeyToAccount(DEMO_WALLETS[5].privateKey);
    const wrong = await submit(r.json.paymentIntentId, {
      signedPaymentIntent: {
        signature: await other.signTypedData(intent),
        nonce: values.nonce,
        deadline: values.deadline,
      },
    });
    expect(wrong.json.code).toBe("signature_invalid");
    expect((await readIntent(r.json.paymentIntentId)).status).toBe("created");
  });

  it("an intent signed but not pulled before its deadline fails with payment.failed; nothing moves", async () => {
    const payer = privateKeyToAccount(DEMO_WALLETS[6].privateKey);
    const { requestId, payee } = await createRequest("3");
    const r = await askIntent(requestId, { wallet: payer.address, chain: "BASE", token: "USDC" });
    const values = JSON.parse(r.json.paymentIntent).values;
    const body = {
      signedPaymentIntent: {
        signature: await payer.signTypedData(typedData(r.json.paymentIntent)),
        nonce: values.nonce,
        deadline: values.deadline,
      },
      signedApprovalPermit: {
        signature: await payer.signTypedData(typedData(r.json.approvalPermitPayload)),
        nonce: JSON.parse(r.json.approvalPermitPayload).values.nonce,
        deadline: String(JSON.parse(r.json.approvalPermitPayload).values.deadline),
      },
    };
    expect((await submit(r.json.paymentIntentId, body)).status).toBe(200);
    const before = await balanceOf("base", testToken("base", "USDC").address, payer.address);
    await settleOpenIntents(new Date((Number(values.deadline) + 1) * 1000));
    expect(await readIntent(r.json.paymentIntentId)).toMatchObject({ status: "failed", failureReason: "expired" });
    expect(await eventsOf(requestId, "payment.failed")).toHaveLength(1);
    expect(await balanceOf("base", testToken("base", "USDC").address, payer.address)).toBe(before);
    expect(await balanceOf("arbitrum-one", USDC_ARB, payee)).toBe(0n);
  });

  it("a treasury too short on the destination refunds amount + fee on the source (payment.refunded)", async () => {
    const payer = privateKeyToAccount(DEMO_WALLETS[7].privateKey);
    const { requestId, payee } = await createRequest("40");
    const operator = privateKeyToAccount(SANDBOX_OPERATOR.privateKey);
    const arb = createWalletClient({ account: operator, transport: http(sandbox.urls["arbitrum-one"]!) });
    const parked = await balanceOf("arbitrum-one", USDC_ARB, operator.address);
    const sink = DEMO_WALLETS[9].address;
    await clientOf("arbitrum-one").waitForTransactionReceipt({
      hash: await arb.writeContract({
        address: USDC_ARB,
        abi: erc20Abi,
        functionName: "transfer",
        args: [sink, parked - 1_000_000n],
        chain: null,
      }),
    });
    try {
      const r = await askIntent(requestId, { wallet: payer.address, chain: "BASE", token: "USDC" });
      const values = JSON.parse(r.json.paymentIntent).values;
      const usdcBase = testToken("base", "USDC").address;
      const before = await balanceOf("base", usdcBase, payer.address);
      const permitValues = JSON.parse(r.json.approvalPermitPayload).values;
      await submit(r.json.paymentIntentId, {
        signedPaymentIntent: {
          signature: await payer.signTypedData(typedData(r.json.paymentIntent)),
          nonce: values.nonce,
          deadline: values.deadline,
        },
        signedApprovalPermit: {
          signature: await payer.signTypedData(typedData(r.json.approvalPermitPayload)),
          nonce: permitValues.nonce,
          deadline: String(permitValues.deadline),
        },
      });
      await settleAndDetect();
      expect(await readIntent(r.json.paymentIntentId)).toMatchObject({
        status: "refunded",
        failureReason: "treasury_short",
        refundTxHash: expect.stringMatching(/^0x/),
      });
      expect(await balanceOf("base", usdcBase, payer.address)).toBe(before);
      expect(await balanceOf("arbitrum-one", USDC_ARB, payee)).toBe(0n);
      expect(await eventsOf(requestId, "payment.refunded")).toHaveLength(1);
      expect(await status(requestId)).toMatchObject({ status: "pending" });
    } finally {
      const test = createTestClient({ mode: "anvil", transport: http(sandbox.urls["arbitrum-one"]!) });
      await test.impersonateAccount({ address: sink });
      const back = createWalletClient({ account: sink, transport: http(sandbox.urls["arbitrum-one"]!) });
      await clientOf("arbitrum-one").waitForTransactionReceipt({
        hash: await back.writeContract({
          address: USDC_ARB,
          abi: erc20Abi,
          functionName: "transfer",
          args: [operator.address, parked - 1_000_000n],
          chain: null,
        }),
      });
    }
  }, 120_000);

  it("a settlement interrupted after the source pull, its payout sent but not mined, finishes once when a worker runs again", async () => {
    const payer = privateKeyToAccount(DEMO_WALLETS[8].privateKey);
    const { requestId, payee } = await createRequest("7");
    const r = await askIntent(requestId, { wallet: payer.address, chain: "BASE", token: "USDC" });
    const values = JSON.parse(r.json.paymentIntent).values;
    const permitValues = JSON.parse(r.json.approvalPermitPayload).values;
    await submit(r.json.paymentIntentId, {
      signedPaymentIntent: {
        signature: await payer.signTypedData(typedData(r.json.paymentIntent)),
        nonce: values.nonce,
        deadline: values.deadline,
      },
      signedApprovalPermit: {
        signature: await payer.signTypedData(typedData(r.json.approvalPermitPayload)),
        nonce: permitValues.nonce,
        deadline: String(permitValues.deadline),
      },
    });
    await settleOpenIntents(); // the source pull
    expect((await readIntent(r.json.paymentIntentId)).status).toBe("collected");
    // The destination stops mining: the first worker signs, stores and broadcasts the payout,
    // then waits; it is abandoned (as a killed worker) and a second one starts.
    const test = createTestClient({ mode: "anvil", transport: http(sandbox.urls["arbitrum-one"]!) });
    await test.setAutomine(false);
    const abandoned = settleOpenIntents();
    for (let i = 0; i < 100 && (await readIntent(r.json.paymentIntentId)).pendingTx?.step !== "payout"; i++)
      await new Promise((res) => setTimeout(res, 50));
    expect((await readIntent(r.json.paymentIntentId)).pendingTx).toMatchObject({ step: "payout" });
    const restarted = settleOpenIntents();
    await new Promise((res) => setTimeout(res, 300));
    await test.setAutomine(true);
    await test.mine({ blocks: 1 });
    await Promise.all([abandoned, restarted]);
    await settleOpenIntents();
    await detectPayments("arbitrum-one");
    expect(await balanceOf("arbitrum-one", USDC_ARB, payee)).toBe(7_000_000n);
    expect((await readIntent(r.json.paymentIntentId)).status).toBe("paid");
    expect(await eventsOf(requestId, "payment.confirmed")).toHaveLength(1);
  }, 120_000);

  it("refuses a request below 1 and a source token other than USDC or USDT", async () => {
    const payer = DEMO_WALLETS[1].address;
    const small = await createRequest("0.5");
    const r = await askIntent(small.requestId, { wallet: payer, chain: "BASE", token: "USDC" });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("crosschain_amount_too_small");
    const { requestId } = await createRequest("2");
    const dai = await askIntent(requestId, { wallet: payer, chain: "BASE", token: "DAI" });
    expect(dai.json.code).toBe("crosschain_unsupported");
    const noWallet = await askIntent(requestId, { chain: "BASE", token: "USDC" });
    expect(noWallet.status).toBe(400);
  });

  it("lists the treasury's USDC and USDT per chain, marked low under the threshold", async () => {
    const r = await call(liquidityRoute, "GET", "/v2/crosschain/liquidity", { headers: headers() });
    expect(r.status, r.text).toBe(200);
    expect(r.json.treasury).toBe(SANDBOX_OPERATOR.address);
    const baseUsdc = r.json.balances.find((b: { currency: string }) => b.currency === "USDC-base");
    expect(baseUsdc).toMatchObject({ chain: "BASE", token: "USDC", low: false });
    expect(Number(baseUsdc.balance)).toBeGreaterThan(900_000);
    process.env.CROSSCHAIN_LOW_BALANCE = "5000000";
    try {
      const low = await call(liquidityRoute, "GET", "/v2/crosschain/liquidity", { headers: headers() });
      expect(low.json.balances.every((b: { low: boolean }) => b.low)).toBe(true);
    } finally {
      delete process.env.CROSSCHAIN_LOW_BALANCE;
    }
  });

  it("routes list the crosschain routes the wallet can pay, with the operator fee and expected time, after the same-chain route", async () => {
    const payer = DEMO_WALLETS[1].address;
    const { requestId } = await createRequest("20");
    const r = await call(routesRoute, "GET", `/v2/request/${requestId}/routes?wallet=${payer}`, {
      headers: headers(),
      params: { requestId },
    });
    expect(r.status, r.text).toBe(200);
    const ids = r.json.routes.map((x: { id: string }) => x.id);
    expect(ids[0]).toBe("REQUEST_NETWORK_PAYMENT");
    expect(ids).toEqual(expect.arrayContaining(["CROSSCHAIN_BASE_USDC", "CROSSCHAIN_OPTIMISM_USDT"]));
    const base = r.json.routes.find((x: { id: string }) => x.id === "CROSSCHAIN_BASE_USDC");
    expect(base).toMatchObject({
      chain: "BASE",
      token: "USDC",
      speed: 5,
      feeBreakdown: [
        { type: "crosschain", currency: "USDC", receiverAddress: SANDBOX_OPERATOR.address, network: "base" },
      ],
    });
    expect(base.fee).toBeGreaterThan(0);
    const broke = privateKeyToAccount(generatePrivateKey()).address;
    const none = await call(routesRoute, "GET", `/v2/request/${requestId}/routes?wallet=${broke}`, {
      headers: headers(),
      params: { requestId },
    });
    expect(none.json.routes.map((x: { id: string }) => x.id)).toEqual(["REQUEST_NETWORK_PAYMENT"]);
  });

  it("a secure payment link on arbitrum-one is paid from USDC on base through GET /v2/secure-payments/{token}/pay with chain and token", async () => {
    const payer = privateKeyToAccount(DEMO_WALLETS[4].privateKey);
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const link = await call(securePayoutsRoute, "POST", "/v2/secure-payments/payouts", {
      headers: headers(),
      body: {
        recipient,
        creatorWalletAddress: DEMO_WALLETS[1].address,
        network: "arbitrum-one",
        currency: "USDC",
        amount: "6",
      },
    });
    expect(link.status, link.text).toBe(201);
    const token = link.json.token;
    const r = await call(
      securePayRoute,
      "GET",
      `/v2/secure-payments/${token}/pay?wallet=${payer.address}&chain=BASE&token=USDC`,
      { headers: headers(), params: { token } },
    );
    expect(r.status, r.text).toBe(200);
    const values = JSON.parse(r.json.paymentIntent).values;
    expect(values.witness.destination.account).toBe(recipient);
    const permitValues = JSON.parse(r.json.approvalPermitPayload).values;
    const submitted = await submit(r.json.paymentIntentId, {
      signedPaymentIntent: {
        signature: await payer.signTypedData(typedData(r.json.paymentIntent)),
        nonce: values.nonce,
        deadline: values.deadline,
      },
      signedApprovalPermit: {
        signature: await payer.signTypedData(typedData(r.json.approvalPermitPayload)),
        nonce: permitValues.nonce,
        deadline: String(permitValues.deadline),
      },
    });
    expect(submitted.status, submitted.text).toBe(200);
    await settleAndDetect();
    expect(await balanceOf("arbitrum-one", USDC_ARB, recipient)).toBe(BigInt(values.witness.amount));
    expect(await status(link.json.requestIds[0])).toMatchObject({ status: "paid" });
    // The payment's own chain is the ordinary calldata.
    const own = await call(
      securePayRoute,
      "GET",
      `/v2/secure-payments/${token}/pay?wallet=${payer.address}&chain=ARBITRUM&token=USDC`,
      { headers: headers(), params: { token } },
    );
    expect(own.json.paymentIntentId).toBeUndefined();
  });
});
