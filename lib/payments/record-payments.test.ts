// Payment records against the database: matching by reference, the request's status, the
// outbox events and their exactly-once guarantee, and undoing a reorged range.
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { findRequest } from "../requests/request-store";
import { platformWithEndpoints } from "../webhooks/webhook-fixtures";
import type { DetectedPayment } from "./detected-payment";
import { detected, record, testRequest } from "./payment-fixtures";
import { undoPaymentsAbove } from "./record-payments";
import { paymentsOfRequest as listPayments } from "./request-payments";

async function eventsOf(requestId: string) {
  const rows = await (await db()).webhookEvent.findMany({ orderBy: { id: "asc" } });
  return rows
    .filter((r) => (r.payload as { requestId?: string }).requestId === requestId)
    .map((r) => ({ event: r.event, payload: r.payload as Record<string, unknown> }));
}

const undo = async (network: string, block: bigint) =>
  (await db()).$transaction((tx) => undoPaymentsAbove(tx, network, block));

describe("recording payments", () => {
  it("marks a request paid and emits payment.confirmed with the fields of its event schema, to the request's endpoints", async () => {
    const p = await platformWithEndpoints("http://127.0.0.1:9/hook");
    const customerInfo = { firstName: "Ada", email: "ada@example.com", address: { country: "FR" } };
    const request = await testRequest(
      { ...p, origin: "https://shop.example.com" },
      { reference: "order-7", customerInfo },
    );
    const fee = "0x1111111111111111111111111111111111111111";
    const payment = detected(request, 25_000_000n, { feeAmount: 125_000n, feeAddress: fee });
    expect(await record([payment])).toEqual({ recorded: 1, events: 1, ignored: 0 });

    const stored = await findRequest(p.platformId, request.requestId);
    expect(stored).toMatchObject({ status: "paid", amountPaid: 25_000_000n });
    const events = await eventsOf(request.requestId);
    expect(events.map((e) => e.event)).toEqual(["payment.confirmed"]);
    expect(events[0].payload).toEqual({
      event: "payment.confirmed",
      requestId: request.requestId,
      requestID: request.requestId,
      paymentReference: request.paymentReference,
      explorer: expect.stringMatching(new RegExp(`/sandbox/tx/base/${payment.txHash}$`)),
      amount: "25",
      totalAmountPaid: "25",
      expectedAmount: "25",
      excessAmount: "0",
      txHash: payment.txHash,
      payerAddress: payment.payerAddress,
      payerEoaAddress: payment.payerEoaAddress,
      network: "base",
      currency: "USDC",
      paymentCurrency: "USDC-base",
      isCryptoToFiat: false,
      subStatus: "",
      paymentProcessor: "request-network",
      fees: [{ type: "platform", amount: "0.125", currency: "USDC", address: fee }],
      reference: "order-7",
      customerInfo,
      origin: "https://shop.example.com",
      clientId: p.clientId,
      orchestratorId: null,
      timestamp: expect.any(String),
    });
    const [row] = await listPayments(request.requestId);
    expect(row).toMatchObject({
      txHash: payment.txHash,
      amount: 25_000_000n,
      feeAmount: 125_000n,
      blockNumber: payment.blockNumber,
      blockTime: payment.blockTime,
      type: "direct",
    });
    const deliveries = await (await db()).webhookDelivery.count({ where: { endpointId: p.endpoints[0].id } });
    expect(deliveries).toBe(1);
  });

  it("marks a request partially paid, then paid, with payment.partial for the partial payment only", async () => {
    const p = await platformWithEndpoints();
    const request = await testRequest(p);
    await record([detected(request, 10_000_000n)]);
    expect(await findRequest(p.platformId, request.requestId)).toMatchObject({
      status: "partially_paid",
      amountPaid: 10_000_000n,
    });
    await record([detected(request, 15_000_000n)]);
    expect(await findRequest(p.platformId, request.requestId)).toMatchObject({
      status: "paid",
      amountPaid: 25_000_000n,
    });
    const events = await eventsOf(request.requestId);
    expect(events.map((e) => [e.event, e.payload.amount, e.payload.totalAmountPaid])).toEqual([
      ["payment.confirmed", "10", "10"],
      ["payment.partial", "10", "10"],
      ["payment.confirmed", "15", "25"],
    ]);
  });

  it("ignores unknown references, payments to another payee and payments in another token", async () => {
    const p = await platformWithEndpoints();
    const request = await testRequest(p);
    const unknown = detected({ ...request, paymentReference: "0x0123456789abcdef" }, 25_000_000n);
    const otherPayee = detected(request, 25_000_000n, { to: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" });
    const otherToken = detected(request, 25_000_000n, { tokenAddress: "0x000000000000000000000000000000000000dEaD" });
    expect(await record([unknown, otherPayee, otherToken])).toEqual({ recorded: 0, events: 0, ignored: 3 });
    expect(await findRequest(p.platformId, request.requestId)).toMatchObject({ status: "pending", amountPaid: 0n });
    expect(await listPayments(request.requestId)).toEqual([]);
  });

  it("stores a batch seen twice once, and emits its events once", async () => {
    const p = await platformWithEndpoints();
    const a = await testRequest(p);
    const b = await testRequest(p, { amount: "5" });
    const batch: DetectedPayment[] = [
      detected(a, 25_000_000n, { type: "batch" }),
      detected(b, 5_000_000n, { type: "batch" }),
    ];
    expect(await record(batch)).toMatchObject({ recorded: 2, events: 2 });
    expect(await record(batch)).toMatchObject({ recorded: 0, events: 0 });
    expect((await listPayments(a.requestId)).map((x) => x.type)).toEqual(["batch"]);
    expect(await eventsOf(a.requestId)).toHaveLength(1);
    expect(await eventsOf(b.requestId)).toHaveLength(1);
  });

  it("settles a fiat invoice from the conversion proxy's request amount, and keeps the rate", async () => {
    const p = await platformWithEndpoints();
    const request = await testRequest(p, { amount: "10", invoiceCurrency: "USD" });
    const payment = detected(request, 9_990_000n, {
      type: "conversion",
      conversion: {
        requestAmount: 10_00000000n,
        requestFee: 0n,
        currencyHash: "0x775eb53d00dd0acd3ec1696472105d579b9b386b",
      },
    });
    await record([payment]);
    expect(await findRequest(p.platformId, request.requestId)).toMatchObject({ status: "paid", amountPaid: 1000n });
    const row = await (await db()).payment.findFirstOrThrow({ where: { requestId: request.requestId } });
    expect(row).toMatchObject({ type: "conversion", conversionRate: "0.999", currency: "USDC-base" });
    expect((await eventsOf(request.requestId))[0].payload).toMatchObject({
      amount: "10",
      currency: "USD",
      paymentCurrency: "USDC-base",
    });
  });

  it("undoes payments above a dropped block, settles the request again, and does not announce the re-mined transaction twice", async () => {
    const p = await platformWithEndpoints();
    const request = await testRequest(p);
    const first = detected(request, 10_000_000n);
    const second = detected(request, 15_000_000n);
    await record([first, second]);
    expect(await undo("base", first.blockNumber)).toEqual({ removed: 1 });
    expect(await findRequest(p.platformId, request.requestId)).toMatchObject({
      status: "partially_paid",
      amountPaid: 10_000_000n,
    });
    expect(await undo("base", first.blockNumber - 1n)).toEqual({ removed: 1 });
    expect(await findRequest(p.platformId, request.requestId)).toMatchObject({ status: "pending", amountPaid: 0n });

    // The same transactions mined again in other blocks, at other log indexes.
    const again = [first, second].map((x) => ({
      ...x,
      blockNumber: x.blockNumber + 10n,
      blockHash: `0x${"ee".repeat(32)}`,
      logIndex: 3,
    }));
    expect(await record(again)).toMatchObject({ recorded: 2, events: 0 });
    expect(await findRequest(p.platformId, request.requestId)).toMatchObject({
      status: "paid",
      amountPaid: 25_000_000n,
    });
    expect((await eventsOf(request.requestId)).map((e) => e.event)).toEqual([
      "payment.confirmed",
      "payment.partial",
      "payment.confirmed",
    ]);
  });
});
