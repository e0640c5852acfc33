// Which page a link shows and what the first paint carries, read from the database as the
// page reads it; and the page's own calls (token as credential) for the states that need no chain.

import { ulid } from "ulid";
import { beforeAll, describe, expect, it } from "vitest";
import * as callsRoute from "@/app/pay/[token]/calls/route";
import * as statusRoute from "@/app/pay/[token]/status/route";
import { getContract } from "../chains/contracts";
import { db } from "../db/client";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { putBranding } from "../secure-payments/branding";
import { checkCalls } from "../secure-payments/contract-check";
import { createSecurePayment } from "../secure-payments/create-secure-payment";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { loadPayPage } from "./load-pay-page";

const FEE_ADDRESS = "0x1111111111111111111111111111111111111111";
const OUTSIDER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
let p: Awaited<ReturnType<typeof createTestPlatform>>;
let destination: Awaited<ReturnType<typeof registerTestDestination>>;

beforeAll(async () => {
  p = await createTestPlatform("Corner Shop");
  destination = await registerTestDestination(p.platformId);
  await (await db()).clientId.update({
    where: { id: p.clientIdId },
    data: { feePercentage: "1", feeAddress: FEE_ADDRESS },
  });
});

async function link(extra: Record<string, unknown> = {}, amount = "25") {
  return createSecurePayment({ platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null }, {
    requests: [{ destinationId: destination.destinationId, amount }],
    ...extra,
  } as never);
}

describe("the payment page's state of a link", () => {
  it("shows a payable link with amount, payee, token, the client ID's fee, total, expiry and the checks for its network", async () => {
    const { token } = await link({
      reference: "INV-7",
      redirectUrl: "https://shop.example.com/thanks",
      redirectLabel: "Back to Corner Shop",
    });
    const view = await loadPayPage(token);
    if (view.state !== "payable") throw new Error(`expected payable, got ${view.state}`);
    expect(view).toMatchObject({
      paymentType: "single",
      merchantName: "Corner Shop",
      network: { id: "base", name: "Base", chainId: 8453 },
      currency: { symbol: "USDC", decimals: 6 },
      payees: [{ address: destination.walletAddress, amount: "25" }],
      amount: "25",
      fees: [{ label: "Platform fee (1 %)", amount: "0.25" }],
      total: "25.25",
      totalLabel: "25.25 USDC",
      payLabel: "Pay 25.25 USDC",
      reference: "INV-7",
      redirect: { url: "https://shop.example.com/thanks", label: "Back to Corner Shop" },
      restricted: false,
    });
    expect(view.link).toMatch(new RegExp(`/pay/${token}$`));
    // The contract check the browser runs knows this network's proxy, and the payee and fee recipient.
    expect(view.policy.targets.some((t) => t.address === getContract("base", "ERC20FeeProxy").address)).toBe(true);
    expect(view.policy.recipients).toEqual(
      expect.arrayContaining([destination.walletAddress.slice(2).toLowerCase(), FEE_ADDRESS.slice(2)]),
    );
    expect(checkCalls(view.policy, [{ to: OUTSIDER, data: "0x" }]).ok).toBe(false);
  });

  it("hides the payee's address (and with hideUntilApproved the reference) from the first paint, its contract check included", async () => {
    for (const [policy, reference] of [
      [{ hidePayeeAddress: true }, "INV-8"],
      [{ hideUntilApproved: true }, null],
    ] as const) {
      const { token } = await link({ reference: "INV-8", accessPolicy: policy });
      const view = await loadPayPage(token);
      if (view.state !== "payable") throw new Error(`expected payable, got ${view.state}`);
      expect(view).toMatchObject({ payees: [{ address: null, amount: "25" }], reference });
      expect(JSON.stringify(view).toLowerCase()).not.toContain(destination.walletAddress.slice(2).toLowerCase());
      expect(view.policy.recipients).toEqual([FEE_ADDRESS.slice(2)]);
    }
  });

  it("carries the client ID's branding, checked again for the page", async () => {
    await putBranding(
      { clientIdId: p.clientIdId },
      { primaryActionColor: "#fde047", termsPath: "https://shop.example.com/terms", displayRequestBranding: false },
    );
    const view = await loadPayPage((await link()).token);
    expect(view).toMatchObject({
      branding: {
        colors: { action: "#fde047", actionText: "#0f172a" },
        termsUrl: "https://shop.example.com/terms",
        showServiceBranding: false,
      },
    });
    await (await db()).branding.deleteMany({ where: { clientIdId: p.clientIdId } });
  });

  it("an underpaid link asks for what remains and says what was already paid", async () => {
    const under = await link();
    expect(await loadPayPage(under.token)).not.toHaveProperty("alreadyPaid");
    await (await db()).paymentRequest.update({
      where: { id: under.requestIds[0] },
      data: { status: "partially_paid", amountPaid: 10_000_000 },
    });
    expect(await loadPayPage(under.token)).toMatchObject({ state: "payable", amount: "15", alreadyPaid: "10" });
  });

  it("tells expired, cancelled, completed and unknown links apart", async () => {
    const expired = await link();
    await (await db()).securePayment.update({
      where: { token: expired.token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await loadPayPage(expired.token)).toMatchObject({ state: "expired" });

    const cancelled = await link();
    await (await db()).securePayment.update({ where: { token: cancelled.token }, data: { status: "cancelled" } });
    expect(await loadPayPage(cancelled.token)).toMatchObject({ state: "not-payable", reason: "invalidated" });

    const paid = await link({ redirectUrl: "http://shop.example.com/thanks" });
    const tx = `0x${"ab".repeat(32)}`;
    const payable = await loadPayPage(paid.token);
    expect(payable).toMatchObject({ state: "payable", total: "25.25" });
    await (await db()).paymentRequest.update({
      where: { id: paid.requestIds[0] },
      data: { status: "paid", amountPaid: 25_000_000 },
    });
    await (await db()).payment.create({
      data: {
        requestId: paid.requestIds[0],
        platformId: p.platformId,
        network: "base",
        txHash: tx,
        logIndex: 0,
        blockNumber: 10n,
        blockHash: `0x${"cd".repeat(32)}`,
        blockTime: new Date(),
        amount: 25_000_000,
        type: "direct",
      },
    });
    // The receipt's amount is the payable page's total (the fee on top included), never another figure.
    expect(await loadPayPage(paid.token)).toMatchObject({
      state: "completed",
      amount: "25.25",
      paidToPayee: "25",
      fee: "0.25",
      symbol: "USDC",
      txHash: tx,
      explorerTxUrl: expect.stringMatching(new RegExp(`/sandbox/tx/base/${tx}$`)),
      redirect: { url: "http://shop.example.com/thanks" },
    });
    const progress = await call(statusRoute, "GET", `/pay/${paid.token}/status`, { params: { token: paid.token } });
    expect(progress.json).toEqual({ status: "completed", txHash: tx, deposit: null });

    expect(await loadPayPage(ulid())).toEqual({ state: "unknown" });
    expect(await loadPayPage("not-a-token")).toEqual({ state: "unknown" });
  });
});

describe("the page's own calls, with the link's token as the only credential", () => {
  it("refuses a wallet outside the access list, and reports it once for two tries", async () => {
    const allowed = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const { token, requestIds } = await link({ accessPolicy: { allowedPayerAddresses: [allowed] } });
    expect(await loadPayPage(token)).toMatchObject({ state: "payable", restricted: true });
    for (let i = 0; i < 2; i++) {
      const r = await call(callsRoute, "GET", `/pay/${token}/calls?wallet=${OUTSIDER}`, { params: { token } });
      expect(r.status, r.text).toBe(403);
      expect(r.json.message).toMatch(/not allowed/);
    }
    const events = (
      await (await db()).webhookEvent.findMany({ where: { event: "secure_payment.access_rejected" } })
    ).filter((e) => (e.payload as { requestId?: string }).requestId === requestIds[0]);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ attemptedPayerWalletAddress: OUTSIDER.toLowerCase() });
  });

  it("answers an unknown token 404 and an expired one 403, and validates the wallet", async () => {
    const unknown = ulid();
    expect(
      (await call(callsRoute, "GET", `/pay/${unknown}/calls?wallet=${OUTSIDER}`, { params: { token: unknown } }))
        .status,
    ).toBe(404);
    expect((await call(statusRoute, "GET", `/pay/${unknown}/status`, { params: { token: unknown } })).status).toBe(404);
    const expired = await link();
    await (await db()).securePayment.update({
      where: { token: expired.token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(
      (
        await call(callsRoute, "GET", `/pay/${expired.token}/calls?wallet=${OUTSIDER}`, {
          params: { token: expired.token },
        })
      ).status,
    ).toBe(403);
    const open = await link();
    const bad = await call(callsRoute, "GET", `/pay/${open.token}/calls?wallet=TJRabPrwbZy45sbavfcjinPJC18kjpRTv8`, {
      params: { token: open.token },
    });
    expect(bad.status).toBe(400);
    expect((await call(callsRoute, "GET", `/pay/${open.token}/calls`, { params: { token: open.token } })).status).toBe(
      400,
    );
    expect(
      (await call(statusRoute, "GET", `/pay/${open.token}/status`, { params: { token: open.token } })).json,
    ).toEqual({ status: "pending", txHash: null, deposit: "waiting" });
  });
});
