// The off-ramp flow end to end on a real anvil chain: a payer made compliant through the hosted
// pages and the review queue, a bank account, a crypto-to-fiat request paid with the /pay
// calldata to the sandbox deposit wallet, detected, then walked to fiat_sent by the operator;
// a real receiver gets every event, signed. And the refusals of /pay.

import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as progressRoute from "@/app/v1/offramp-payments/[requestId]/progress/route";
import * as reviewRoute from "@/app/v1/payers/[userId]/review/route";
import * as detailsRoute from "@/app/v2/payer/[clientUserId]/payment-details/route";
import * as payerRoute from "@/app/v2/payer/route";
import * as agreementPageRoute from "@/app/v2/payer-pages/[token]/agreement/route";
import * as kycPageRoute from "@/app/v2/payer-pages/[token]/kyc/route";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { erc20Abi } from "../chains/contracts";
import { DEMO_WALLETS } from "../devnet/accounts";
import { testToken } from "../devnet/sandbox-tokens";
import { log } from "../log";
import { detectPayments } from "../payments/indexer/start-detection";
import { createTestPlatform, createTestWalletSession } from "../test/fixtures";
import { call } from "../test/http";
import { sandboxWithWebhooks } from "../test/sandbox-with-webhooks";
import { type ApiTransaction, chainClients, sendAll } from "../test/send-calldata";
import type { Received } from "../webhooks/receiver-fixtures";
import { eventually } from "../webhooks/webhook-fixtures";
import { BANK, IDENTITY } from "./payer-fixtures";

const chain = sandboxWithWebhooks();
let session: { token: string };

// Every log call of the run (whatever the level), to check no personal data is ever logged.
const logged: unknown[][] = [];
for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
  vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => void logged.push(args)) as never);
}

beforeAll(async () => {
  session = await createTestWalletSession(chain.platform.platformId);
});

const key = () => ({ "x-api-key": chain.platform.apiKey });
const bearer = () => ({ authorization: `Bearer ${session.token}` });
const DEPOSIT = DEMO_WALLETS[8].address;
const payerWallet = DEMO_WALLETS[2];

async function payer(clientUserId: string, opts: { compliant: boolean }) {
  const created = await call(payerRoute, "POST", "/v2/payer", { headers: key(), body: { clientUserId, ...IDENTITY } });
  const { kycUrl, userId } = created.json as { kycUrl: string; userId: string };
  const token = new URL(kycUrl).pathname.split("/")[2];
  await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, { body: { corrections: {} }, params: { token } });
  if (opts.compliant) {
    await call(reviewRoute, "POST", `/v1/payers/${userId}/review`, {
      headers: bearer(),
      body: { decision: "approve" },
      params: { userId },
    });
    await call(agreementPageRoute, "POST", `/v2/payer-pages/${token}/agreement`, {
      body: { accepted: true },
      params: { token },
    });
  }
  const added = await call(detailsRoute, "POST", `/v2/payer/${clientUserId}/payment-details`, {
    headers: key(),
    body: BANK,
    params: { clientUserId },
  });
  return { userId, paymentDetailsId: (added.json as { payment_detail: { id: string } }).payment_detail.id };
}

async function offrampRequest(amount = "25") {
  const r = await call(requestRoute, "POST", "/v2/request", {
    headers: key(),
    body: { amount, invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", isCryptoToFiatAvailable: true },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as { requestId: string; paymentReference: string };
}

const pay = (requestId: string, query: string, headers = key()) =>
  call(payRoute, "GET", `/v2/request/${requestId}/pay?${query}`, { headers, params: { requestId } });
const progress = (requestId: string, subStatus: string) =>
  call(progressRoute, "POST", `/v1/offramp-payments/${requestId}/progress`, {
    headers: bearer(),
    body: { subStatus },
    params: { requestId },
  });
const status = async (requestId: string) =>
  (await call(requestIdRoute, "GET", `/v2/request/${requestId}`, { headers: key(), params: { requestId } })).json as {
    payee: string;
    status: string;
    offRamp: { subStatus: string; paymentDetailsId: string } | null;
  };

function verified(hook: Received): Record<string, unknown> {
  const headers = Object.fromEntries(
    Object.entries(hook.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]),
  );
  return new Webhook(chain.platform.endpoints[0].secret).verify(hook.raw.toString("utf8"), headers) as Record<
    string,
    unknown
  >;
}

describe("an off-ramp payment", () => {
  it("pays the deposit address with the request's reference, then moves through payment.processing sub-statuses to payment.confirmed, all delivered signed", async () => {
    const { userId, paymentDetailsId } = await payer("offramp-user", { compliant: true });
    const { requestId, paymentReference } = await offrampRequest("25");
    expect((await status(requestId)).payee).toBe(DEPOSIT);
    expect((await status(requestId)).offRamp).toBeNull();

    const answer = await pay(
      requestId,
      `wallet=${payerWallet.address}&clientUserId=offramp-user&paymentDetailsId=${paymentDetailsId}`,
    );
    expect(answer.status, answer.text).toBe(200);
    expect((await status(requestId)).offRamp).toMatchObject({ subStatus: "awaiting_payment", paymentDetailsId });
    const usdc = testToken("base", "USDC");
    const { publicClient } = chainClients("base", chain.sandbox.urls.base!);
    const balance = () =>
      publicClient.readContract({ address: usdc.address, abi: erc20Abi, functionName: "balanceOf", args: [DEPOSIT] });
    const before = await balance();
    await sendAll(
      "base",
      chain.sandbox.urls.base!,
      payerWallet.privateKey,
      (answer.json as { transactions: ApiTransaction[] }).transactions,
    );
    expect((await balance()) - before).toBe(25_000_000n);

    await eventually(
      () => detectPayments("base").then(() => status(requestId)),
      (s) => s.offRamp?.subStatus === "initiated",
      30_000,
      500,
    );
    expect((await status(requestId)).status).toBe("paid");
    // The fiat side, as the operator reports it; a step backwards is refused.
    for (const step of ["pending_internal_assessment", "ongoing_checks", "sending_fiat"])
      expect((await progress(requestId, step)).status).toBe(200);
    const backwards = await progress(requestId, "ongoing_checks");
    expect(backwards.status).toBe(409);
    expect(backwards.json).toMatchObject({ code: "offramp_step_invalid" });
    expect((await progress(requestId, "fiat_sent")).status).toBe(200);
    expect((await status(requestId)).offRamp).toMatchObject({ subStatus: "fiat_sent" });
    expect((await progress(requestId, "bounced")).status).toBe(409);

    const hooks = await chain.receiver.waitFor(10, 60_000);
    const events = hooks.map(verified);
    const about = (e: Record<string, unknown>) => e.userId === userId || e.requestId === requestId;
    // Deliveries run concurrently: compared as a set (each step is one event).
    const sorted = (list: unknown[][]) => list.map((x) => x.join(" ")).sort();
    expect(sorted(events.filter(about).map((e) => [e.event, e.subStatus ?? e.status ?? e.kycStatus]))).toEqual(
      sorted([
        ["compliance.updated", "pending"],
        ["compliance.updated", "completed"],
        ["compliance.updated", "completed"],
        ["payment_detail.updated", "approved"],
        ["payment.processing", "initiated"],
        ["payment.processing", "pending_internal_assessment"],
        ["payment.processing", "ongoing_checks"],
        ["payment.processing", "sending_fiat"],
        ["payment.processing", "fiat_sent"],
        ["payment.confirmed", "fiat_sent"],
      ]),
    );
    const confirmed = events.find((e) => e.event === "payment.confirmed")!;
    expect(confirmed).toMatchObject({
      requestId,
      paymentReference,
      amount: "25",
      isCryptoToFiat: true,
      paymentProcessor: "offramp",
      payerAddress: payerWallet.address,
    });
    expect(events.find((e) => e.event === "payment.processing")).toMatchObject({
      requestId,
      paymentReference,
      network: "base",
      txHash: confirmed.txHash,
    });
  }, 120_000);

  it("is refused for a non-compliant payer, another platform's payer, an unknown paymentDetailsId, and without the payer at all", async () => {
    const request = await offrampRequest("3");
    const notCompliant = await payer("pending-user", { compliant: false });
    const refusedPayer = await pay(
      request.requestId,
      `clientUserId=pending-user&paymentDetailsId=${notCompliant.paymentDetailsId}`,
    );
    expect(refusedPayer.status).toBe(403);
    expect(refusedPayer.json).toMatchObject({
      code: "payer_not_compliant",
      message: expect.stringMatching(/KYC pending, agreement not_started/),
    });

    const compliant = await payer("good-user", { compliant: true });
    const unknownDetails = await pay(
      request.requestId,
      "clientUserId=good-user&paymentDetailsId=00000000-0000-4000-8000-000000000000",
    );
    expect(unknownDetails.status).toBe(404);
    expect(unknownDetails.json).toMatchObject({ code: "payment_details_not_found" });

    // Our payer does not exist for another platform paying its own off-ramp request.
    const other = await createTestPlatform("other");
    const theirs = await call(requestRoute, "POST", "/v2/request", {
      headers: { "x-api-key": other.apiKey },
      body: { amount: "3", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", isCryptoToFiatAvailable: true },
    });
    const foreign = await pay(
      (theirs.json as { requestId: string }).requestId,
      `clientUserId=good-user&paymentDetailsId=${compliant.paymentDetailsId}`,
      { "x-api-key": other.apiKey },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ code: "payer_not_found" });
    const unknownPayer = await pay(
      request.requestId,
      `clientUserId=nobody&paymentDetailsId=${compliant.paymentDetailsId}`,
    );
    expect(unknownPayer.status).toBe(404);
    expect(unknownPayer.json).toMatchObject({ code: "payer_not_found" });

    const withoutPayer = await pay(request.requestId, "");
    expect(withoutPayer.status).toBe(400);
    expect(withoutPayer.json).toMatchObject({ code: "offramp_payer_required" });
    expect((await status(request.requestId)).offRamp).toBeNull();
  });

  it("the logs of the whole run hold none of the payer's identity or bank fields", () => {
    expect(logged.length, "the run logged nothing: the check would be empty").toBeGreaterThan(10);
    const text = JSON.stringify(logged, (_k, v) =>
      typeof v === "bigint" ? v.toString() : v instanceof Error ? `${v.name}: ${v.message}` : v,
    );
    const personal = [...Object.entries(IDENTITY), ...Object.entries(BANK)]
      .filter(([k]) => !["beneficiaryType", "country", "nationality", "currency"].includes(k))
      .map(([, v]) => v);
    for (const value of personal) expect(text, `${value} was logged`).not.toContain(value);
  });
});
