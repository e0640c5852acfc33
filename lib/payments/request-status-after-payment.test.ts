// GET /v2/request/{requestId} once payments are recorded: hasBeenPaid, txHash, the payments
// and the amounts, in the shape `/docs` publishes.

import { describe, expect, it } from "vitest";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { detected, PAYER, record, testRequest } from "./payment-fixtures";

async function status(apiKey: string, requestId: string) {
  const r = await call(requestIdRoute, "GET", `/v2/request/${requestId}`, {
    headers: { "x-api-key": apiKey },
    params: { requestId },
  });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

const USD_HASH = "0x775eb53d00dd0acd3ec1696472105d579b9b386b";

describe("GET /v2/request/{requestId} after payments", () => {
  it("shows a partial payment with its breakdown, then the full payment: paid, the latest txHash, every payment", async () => {
    const p = await createTestPlatform();
    const request = await testRequest({ platformId: p.platformId, clientIdId: null }, { amount: "25" });
    const first = detected(request, 10_000_000n, {
      feeAmount: 50_000n,
      feeAddress: "0x1111111111111111111111111111111111111111",
    });
    await record([first]);
    const partial = await status(p.apiKey, request.requestId);
    expect(partial).toMatchObject({
      hasBeenPaid: false,
      status: "partially_paid",
      isListening: true,
      txHash: first.txHash,
      amountPaid: "10",
      conversionRate: null,
    });
    expect(partial.conversionBreakdown).toEqual({
      paidAmount: "10",
      remainingAmount: "15",
      currentMarketRate: null,
      currentMarketRateSource: null,
      payments: [{ amount: "10", timestamp: first.blockTime.toISOString() }],
    });

    const second = detected(request, 15_000_000n);
    await record([second]);
    const paid = await status(p.apiKey, request.requestId);
    expect(paid).toMatchObject({
      hasBeenPaid: true,
      status: "paid",
      isListening: false,
      txHash: second.txHash,
      amount: "25",
      amountPaid: "25",
    });
    expect(paid.payments).toEqual([
      {
        txHash: first.txHash,
        network: "base",
        amount: "10",
        feeAmount: "0.05",
        feeAddress: "0x1111111111111111111111111111111111111111",
        payerAddress: PAYER,
        currency: "USDC-base",
        blockNumber: Number(first.blockNumber),
        timestamp: first.blockTime.toISOString(),
        type: "direct",
        conversionRate: null,
      },
      expect.objectContaining({ txHash: second.txHash, amount: "15", feeAmount: "0", type: "direct" }),
    ]);
    expect(paid.fees).toEqual([{ type: "platform", provider: "base", amount: "0.05", currency: "USDC" }]);
  });

  it("gives the rate of a fiat request paid in one conversion payment", async () => {
    const p = await createTestPlatform();
    const request = await testRequest(
      { platformId: p.platformId, clientIdId: null },
      { amount: "10", invoiceCurrency: "USD" },
    );
    await record([
      detected(request, 10_010_000n, {
        type: "conversion",
        conversion: { requestAmount: 10_00000000n, requestFee: 0n, currencyHash: USD_HASH },
      }),
    ]);
    const paid = await status(p.apiKey, request.requestId);
    expect(paid).toMatchObject({
      hasBeenPaid: true,
      amountInUsd: "10",
      conversionRate: "1.001",
      rateSource: "chainlink",
      conversionBreakdown: null,
    });
    expect(paid.payments[0]).toMatchObject({
      amount: "10.01",
      currency: "USDC-base",
      type: "conversion",
      conversionRate: "1.001",
    });
  });
});
