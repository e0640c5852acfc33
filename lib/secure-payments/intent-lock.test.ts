// The 423 a reported transaction causes, on a sandbox chain: only a transaction the chain shows
// paying the link (pending in the node's mempool, or mined and successful) holds its reads and
// calldata; a made-up hash, a transfer elsewhere, another link's payment or a reverted payment
// hold nothing, and the merchant's cancel is never held.

import { type Address, createTestClient, type Hex, http, keccak256, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pageIntentRoute from "@/app/pay/[token]/intent/route";
import * as cancelRoute from "@/app/v2/secure-payments/[token]/cancel/route";
import * as intentRoute from "@/app/v2/secure-payments/[token]/intent/route";
import * as payRoute from "@/app/v2/secure-payments/[token]/pay/route";
import * as tokenRoute from "@/app/v2/secure-payments/[token]/route";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { detectPayments } from "../payments/indexer/start-detection";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { type ApiTransaction, chainClients, sendAll } from "../test/send-calldata";
import { createPlatformEndpoint } from "../webhooks/client-id-endpoints";
import { createSecurePayment } from "./create-secure-payment";
import { RECHECK_MS } from "./intent-lock";

let sandbox: TestSandbox;
let restore: () => void;
let p: Awaited<ReturnType<typeof createTestPlatform>>;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  restore = pointAppAtSandbox(sandbox);
  p = await createTestPlatform("intent shop");
  await createPlatformEndpoint({ id: p.clientIdId, platformId: p.platformId }, "http://127.0.0.1:9/hook");
});

afterAll(async () => {
  restore?.();
  await sandbox?.dispose();
});

const browser = () => ({ "x-client-id": p.clientId, origin: TEST_ORIGIN });
const api = () => ({ "x-api-key": p.apiKey });
const url = () => sandbox.urls.base!;

async function link(amount = "5") {
  const d = await registerTestDestination(p.platformId);
  return createSecurePayment(
    { platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null },
    { requests: [{ destinationId: d.destinationId, amount }] },
  );
}

const read = (token: string) =>
  call(tokenRoute, "GET", `/v2/secure-payments/${token}`, { headers: api(), params: { token } });
const calldata = (token: string, wallet: string) =>
  call(payRoute, "GET", `/v2/secure-payments/${token}/pay?wallet=${wallet}`, { headers: api(), params: { token } });
const cancel = (token: string) =>
  call(cancelRoute, "POST", `/v2/secure-payments/${token}/cancel`, { headers: api(), params: { token } });
const report = (token: string, txHash: string, payerAddress?: string) =>
  call(pageIntentRoute, "POST", `/pay/${token}/intent`, {
    params: { token },
    body: { txHash, chain: "BASE", token: "USDC", ...(payerAddress ? { payerAddress } : {}) },
  });
const verdictOf = async (token: string, txHash: string) =>
  (await (await db()).securePaymentIntent.findFirst({ where: { token, txHash } }))?.verification;

/** The link's calls for `wallet`: the approval, if any, then the payment last. */
async function callsOf(token: string, wallet: Address): Promise<ApiTransaction[]> {
  const r = await calldata(token, wallet);
  expect(r.status, r.text).toBe(200);
  return r.json.transactions;
}

/** Sends `tx` from `privateKey` without waiting for it to be mined. */
async function broadcast(privateKey: Hex, tx: { to: string; data?: string; value?: bigint; gas?: bigint }) {
  const { walletOf } = chainClients("base", url());
  return walletOf(privateKey).sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex | undefined,
    value: tx.value ?? 0n,
    gas: tx.gas,
  });
}

describe("a reported transaction and the 423", () => {
  it("a made-up txHash is recorded as before, and the link still answers and can be cancelled", async () => {
    const { token } = await link();
    const fake = `0x${"ab".repeat(32)}`;
    const r = await report(token, fake, DEMO_WALLETS[1].address);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      txHash: fake,
      isListening: expect.any(Boolean),
      payerAddress: DEMO_WALLETS[1].address,
    });
    const api2 = await call(intentRoute, "POST", `/v2/secure-payments/${token}/intent`, {
      headers: browser(),
      params: { token },
      body: { txHash: `0x${"cd".repeat(32)}`, chain: "BASE", token: "USDC" },
    });
    expect(api2.status, api2.text).toBe(200);

    expect((await read(token)).status).toBe(200);
    expect(await verdictOf(token, fake)).toBe("unproven");
    const asked = (await (await db()).securePaymentIntent.findFirst({ where: { token, txHash: fake } }))!.verifiedAt;
    expect((await calldata(token, DEMO_WALLETS[1].address)).status).toBe(200);
    // Asked again only after RECHECK_MS: the second read did not ask the node.
    expect((await (await db()).securePaymentIntent.findFirst({ where: { token, txHash: fake } }))!.verifiedAt).toEqual(
      asked,
    );
    // A Safe's hash alone cannot be looked up: recorded, holds nothing.
    const bySafe = await call(pageIntentRoute, "POST", `/pay/${token}/intent`, {
      params: { token },
      body: { safeTxHash: `0x${"ef".repeat(32)}`, chain: "BASE", token: "USDC" },
    });
    expect(bySafe.status, bySafe.text).toBe(200);
    expect((await read(token)).status).toBe(200);

    const c = await cancel(token);
    expect(c.status, c.text).toBe(200);
    expect(c.json).toEqual({ token, status: "cancelled" });
  });

  it("a mined payment of the link reported before detection holds it (423) until detection settles it", async () => {
    const payer = DEMO_WALLETS[2];
    const { token, requestIds } = await link("4");
    const receipts = await sendAll("base", url(), payer.privateKey, await callsOf(token, payer.address));
    const hash = receipts.at(-1)!.transactionHash;
    expect((await report(token, hash, payer.address)).status).toBe(200);
    const held = await read(token);
    expect(held.status, held.text).toBe(423);
    // The published 423 body: the link's state and each request's payment state, beside our error fields.
    expect(held.json).toMatchObject({
      code: "secure_payment_in_progress",
      status: "pending",
      branding: null,
      requestStatuses: [{ requestId: requestIds[0], hasBeenPaid: false }],
    });
    expect((await calldata(token, payer.address)).status).toBe(423);
    expect(await verdictOf(token, hash)).toBe("mined");

    await detectPayments("base");
    expect(await (await db()).paymentRequest.findUnique({ where: { id: requestIds[0] } })).toMatchObject({
      status: "paid",
    });
    expect((await read(token)).json).toMatchObject({
      code: "secure_payment_completed",
      status: "completed",
      requestStatuses: [{ requestId: requestIds[0], hasBeenPaid: true, txHash: hash }],
    });
  });

  it("a pending payment holds the link; the merchant's cancel is not held, and the payment is still detected", async () => {
    const payer = DEMO_WALLETS[3];
    const { token, requestIds } = await link("6");
    const calls = await callsOf(token, payer.address);
    await sendAll("base", url(), payer.privateKey, calls.slice(0, -1)); // the approval
    const anvil = createTestClient({ mode: "anvil", transport: http(url()) });
    await anvil.setAutomine(false);
    let hash: Hex;
    try {
      const pay = calls.at(-1)!;
      hash = await broadcast(payer.privateKey, { to: pay.to, data: pay.data, gas: 400_000n });
      expect((await report(token, hash, payer.address)).status).toBe(200);
      expect((await read(token)).status).toBe(423);
      expect(await verdictOf(token, hash)).toBe("pending");
      const c = await cancel(token);
      expect(c.status, c.text).toBe(200);
    } finally {
      await anvil.setAutomine(true);
      await anvil.mine({ blocks: 1 });
    }
    expect((await read(token)).json).toMatchObject({ code: "secure_payment_cancelled" });
    // What was paid reaches the payee and is recorded against the cancelled link's request.
    await detectPayments("base");
    const paid = await (await db()).paymentRequest.findUnique({ where: { id: requestIds[0] } });
    expect(paid).toMatchObject({ status: "paid" });
    const payments = await (await db()).payment.findMany({ where: { requestId: requestIds[0] } });
    expect(payments.map((x) => x.txHash.toLowerCase())).toEqual([hash.toLowerCase()]);
    const confirmed = (await (await db()).webhookEvent.findMany({ where: { event: "payment.confirmed" } })).filter(
      (e) => (e.payload as { requestId?: string }).requestId === requestIds[0],
    );
    expect(confirmed).toHaveLength(1);
    expect((await read(token)).json).toMatchObject({ code: "secure_payment_cancelled" });
  });

  it("a transaction that does not pay this link holds nothing: a plain transfer, another link's payment, a reverted payment", async () => {
    const payer = DEMO_WALLETS[4];
    const { publicClient } = chainClients("base", url());
    const { token } = await link("7");

    const transfer = await broadcast(payer.privateKey, { to: DEMO_WALLETS[5].address, value: parseEther("0.01") });
    await publicClient.waitForTransactionReceipt({ hash: transfer });
    expect((await report(token, transfer)).status).toBe(200);
    expect((await read(token)).status).toBe(200);
    expect(await verdictOf(token, transfer)).toBe("foreign");

    const other = await link("8");
    const receipts = await sendAll("base", url(), payer.privateKey, await callsOf(other.token, payer.address));
    const otherPayment = receipts.at(-1)!.transactionHash;
    expect((await report(token, otherPayment)).status).toBe(200);
    expect((await read(token)).status).toBe(200);
    expect(await verdictOf(token, otherPayment)).toBe("foreign");

    // This link's own payment, from a wallet that approved nothing: mined, reverted.
    const broke = DEMO_WALLETS[6];
    const pay = (await callsOf(token, broke.address)).at(-1)!;
    const reverted = await broadcast(broke.privateKey, { to: pay.to, data: pay.data, gas: 400_000n });
    expect((await publicClient.waitForTransactionReceipt({ hash: reverted })).status).toBe("reverted");
    expect((await report(token, reverted)).status).toBe(200);
    expect((await read(token)).status).toBe(200);
    expect((await calldata(token, payer.address)).status).toBe(200);
    expect(await verdictOf(token, reverted)).toBe("reverted");
  });

  it("a transaction not on chain yet holds nothing, and is asked about again after a few seconds", async () => {
    const payer = DEMO_WALLETS[7];
    const { token } = await link("9");
    const calls = await callsOf(token, payer.address);
    await sendAll("base", url(), payer.privateKey, calls.slice(0, -1));
    // Reported before it reaches the node: the hash is known to the wallet before the broadcast.
    const { walletOf } = chainClients("base", url());
    const wallet = walletOf(payer.privateKey);
    const pay = calls.at(-1)!;
    const request = await wallet.prepareTransactionRequest({ to: pay.to as Address, data: pay.data as Hex });
    const signed = await wallet.signTransaction(request);
    const hash = keccak256(signed);
    expect((await report(token, hash, payer.address)).status).toBe(200);
    expect((await read(token)).status).toBe(200);
    expect(await verdictOf(token, hash)).toBe("unproven");
    await wallet.sendRawTransaction({ serializedTransaction: signed });
    await chainClients("base", url()).publicClient.waitForTransactionReceipt({ hash });
    expect((await read(token)).status).toBe(200); // judged a moment ago: not asked again yet
    await new Promise((r) => setTimeout(r, RECHECK_MS + 100));
    expect((await read(token)).status).toBe(423);
    expect(await verdictOf(token, hash)).toBe("mined");
  }, 30_000);
});
