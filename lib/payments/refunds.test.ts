// Money that arrives wrong, and refunds, on a real anvil chain with the real payment contracts:
// an over- and an under-payment detected and reported (excessAmount, partially_paid with what
// remains); a partial and a full refund whose calldata (POST /v2/request/{id}/refunds) the
// merchant's wallet sends, detected as refunds of the request with payment.refunded delivered to
// a real receiver; a refund over what remains refused.

import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as refundsRoute from "@/app/v2/request/[requestId]/refunds/route";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { erc20Abi, getContract } from "../chains/contracts";
import { DEMO_WALLETS } from "../devnet/accounts";
import { testToken } from "../devnet/sandbox-tokens";
import { encodeApprove, encodeErc20Payment } from "../requests/encode-payment";
import { paymentReference } from "../requests/payment-reference";
import { call } from "../test/http";
import { sandboxWithWebhooks } from "../test/sandbox-with-webhooks";
import { type ApiTransaction, chainClients, sendAll } from "../test/send-calldata";
import { eventually } from "../webhooks/webhook-fixtures";
import { detectPayments } from "./indexer/start-detection";

const chain = sandboxWithWebhooks();
const headers = () => ({ "x-api-key": chain.platform.apiKey });
const url = () => chain.sandbox.urls.base!;
const usdc = testToken("base", "USDC");
const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

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

async function status(requestId: string) {
  const r = await call(requestIdRoute, "GET", `/v2/request/${requestId}`, {
    headers: headers(),
    params: { requestId },
  });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

const refund = (requestId: string, body: Record<string, unknown>) =>
  call(refundsRoute, "POST", `/v2/request/${requestId}/refunds`, { headers: headers(), params: { requestId }, body });

const hooks = (requestId: string, event: string) =>
  chain.receiver.received
    .map((r) => JSON.parse(r.raw.toString("utf8")))
    .filter((b) => b.requestId === requestId && b.event === event);

const balanceOf = (who: Address) =>
  chainClients("base", url()).publicClient.readContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });

describe("money that arrives wrong", () => {
  it("an overpayment: paid, excessAmount in the status and in payment.confirmed", async () => {
    const payer = DEMO_WALLETS[1];
    const payee = freshAddress();
    const { requestId, paymentReference: reference } = await createRequest({
      amount: "10",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
    });
    // A wallet that pays more than asked, straight through the fee proxy with the reference.
    const proxy = getContract("base", "ERC20FeeProxy").address;
    await sendAll("base", url(), payer.privateKey, [
      { ...encodeApprove(usdc.address, proxy, 12_250_000n), value: 0 },
      {
        ...encodeErc20Payment({
          network: "base",
          token: usdc.address,
          to: payee,
          amount: 12_250_000n,
          paymentReference: reference,
          feeAmount: 0n,
          feeAddress: null,
        }),
        value: 0,
      },
    ]);
    await detectPayments("base");
    expect(await status(requestId)).toMatchObject({
      status: "paid",
      hasBeenPaid: true,
      amountPaid: "12.25",
      excessAmount: "2.25",
      refundedAmount: "0",
    });
    const [confirmed] = await eventually(
      async () => hooks(requestId, "payment.confirmed"),
      (h) => h.length >= 1,
    );
    expect(confirmed).toMatchObject({ totalAmountPaid: "12.25", expectedAmount: "10", excessAmount: "2.25" });
  });

  it("an underpayment: partially_paid with what remains, then paid by the rest", async () => {
    const payer = DEMO_WALLETS[2];
    const payee = freshAddress();
    const { requestId } = await createRequest({
      amount: "10",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
    });
    await sendAll(
      "base",
      url(),
      payer.privateKey,
      await payCalldata(requestId, { wallet: payer.address, amount: "4" }),
    );
    await detectPayments("base");
    const partial = await status(requestId);
    expect(partial).toMatchObject({
      status: "partially_paid",
      hasBeenPaid: false,
      amountPaid: "4",
      excessAmount: "0",
      conversionBreakdown: { paidAmount: "4", remainingAmount: "6" },
    });
    const [first] = await eventually(
      async () => hooks(requestId, "payment.confirmed"),
      (h) => h.length >= 1,
    );
    expect(first).toMatchObject({ amount: "4", totalAmountPaid: "4", expectedAmount: "10", excessAmount: "0" });
    expect(hooks(requestId, "payment.partial")).toHaveLength(1);

    // /pay without an amount asks for what remains.
    await sendAll("base", url(), payer.privateKey, await payCalldata(requestId, { wallet: payer.address }));
    await detectPayments("base");
    expect(await status(requestId)).toMatchObject({ status: "paid", amountPaid: "10", excessAmount: "0" });
  });
});

describe("refunds", () => {
  it("a partial then a full refund, sent from the merchant's wallet with the answered calldata, detected with payment.refunded; more than what remains is refused", async () => {
    const payer = DEMO_WALLETS[3];
    const merchant = DEMO_WALLETS[4]; // the payee: its wallet sends the refunds
    const { requestId } = await createRequest({
      amount: "20",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: merchant.address,
    });
    await sendAll("base", url(), payer.privateKey, await payCalldata(requestId, { wallet: payer.address }));
    await detectPayments("base");
    expect(await status(requestId)).toMatchObject({ status: "paid", refundedAmount: "0" });

    // Partial: 5 of the 20 back to the payer (the default refund address).
    const partial = await refund(requestId, { amount: "5", wallet: merchant.address });
    expect(partial.status, partial.text).toBe(201);
    const { salt } = await (await import("../db/client"))
      .db()
      .then((p) => p.paymentRequest.findUniqueOrThrow({ where: { id: requestId }, select: { salt: true } }));
    const refundReference = paymentReference(requestId, salt, payer.address);
    expect(partial.json.refund).toEqual({
      amount: "5",
      currency: "USDC-base",
      refundAddress: payer.address,
      paymentReference: refundReference,
    });
    expect(partial.json.metadata).toMatchObject({
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    const before = await balanceOf(payer.address);
    const receipts = await sendAll("base", url(), merchant.privateKey, partial.json.transactions);
    expect((await balanceOf(payer.address)) - before).toBe(5_000_000n);
    const gas = receipts.map((r) => r.gasUsed);
    console.log(`refund gas on the sandbox: approve ${gas[0]}, fee proxy payment ${gas[1]}, total ${gas[0] + gas[1]}`);

    await detectPayments("base");
    expect(await status(requestId)).toMatchObject({
      status: "partially_refunded",
      hasBeenPaid: true,
      amountPaid: "20",
      refundedAmount: "5",
    });
    const [first] = await eventually(
      async () => hooks(requestId, "payment.refunded"),
      (h) => h.length >= 1,
    );
    expect(first).toMatchObject({
      event: "payment.refunded",
      requestId,
      amount: "5",
      currency: "USDC-base",
      txHash: receipts[1].transactionHash,
      network: "base",
      refundAddress: payer.address,
      totalAmountRefunded: "5",
    });

    // More than the 15 that remain: a 400 that says how much can still be refunded.
    const over = await refund(requestId, { amount: "15.01" });
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ code: "refund_exceeds_refundable" });
    expect(over.json.message).toContain("15 USDC-base");

    // Full: no amount refunds what remains.
    const full = await refund(requestId, {});
    expect(full.status, full.text).toBe(201);
    expect(full.json.refund).toMatchObject({ amount: "15", refundAddress: payer.address });
    const fullReceipts = await sendAll("base", url(), merchant.privateKey, full.json.transactions);
    await detectPayments("base");
    expect(await status(requestId)).toMatchObject({ status: "refunded", refundedAmount: "20" });
    const refunded = await eventually(
      async () => hooks(requestId, "payment.refunded"),
      (h) => h.length >= 2,
    );
    expect(refunded[1]).toMatchObject({
      amount: "15",
      totalAmountRefunded: "20",
      txHash: fullReceipts.at(-1)!.transactionHash,
    });
    // Seen again, nothing new: one event per refund.
    await detectPayments("base");
    expect(hooks(requestId, "payment.refunded")).toHaveLength(2);

    const list = await call(refundsRoute, "GET", `/v2/request/${requestId}/refunds`, {
      headers: headers(),
      params: { requestId },
    });
    expect(list.status, list.text).toBe(200);
    expect(list.json).toMatchObject({
      paidAmount: "20",
      refundedAmount: "20",
      refundableAmount: "0",
      currency: "USDC-base",
    });
    expect(list.json.refunds.map((r: { amount: string }) => r.amount)).toEqual(["5", "15"]);
    expect(list.json.refunds[0]).toMatchObject({ refundAddress: payer.address, senderAddress: merchant.address });

    // Nothing left to refund.
    const none = await refund(requestId, { amount: "0.01" });
    expect(none.status).toBe(400);
    expect(none.json.code).toBe("refund_exceeds_refundable");
  });

  it("refuses a request with no payment, the payee as refund address, a malformed amount, and another platform's request", async () => {
    const payee = freshAddress();
    const { requestId } = await createRequest({
      amount: "1",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
    });
    const unpaid = await refund(requestId, {});
    expect([unpaid.status, unpaid.json.code]).toEqual([400, "refund_nothing_paid"]);
    const bad = await refund(requestId, { amount: "1.0000001", refundAddress: "0x12" });
    expect(bad.status).toBe(400);
    const unknown = await refund(requestId, { amount: "1", memo: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([expect.objectContaining({ field: "memo" })]);
    const foreign = await call(refundsRoute, "POST", `/v2/request/${requestId}/refunds`, {
      headers: { "x-api-key": (await (await import("../test/fixtures")).createTestPlatform("other")).apiKey },
      params: { requestId },
      body: {},
    });
    expect(foreign.status).toBe(404);
  });
});
