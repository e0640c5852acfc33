// Recurring payouts end to end on a sandbox chain, as an integrator and a payer meet them:
// the API over HTTP, the payer's wallet signing and approving, the relayer paying on chain,
// detection recording the payments and webhooks reaching a real receiver. The chain's clock
// is moved forward a week at a time (anvil evm_increaseTime + evm_mine).

import { type Address, encodeFunctionData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import * as paymentsRoute from "@/app/v2/payments/route";
import * as recurringRoute from "@/app/v2/payouts/recurring/[id]/route";
import * as payoutsRoute from "@/app/v2/payouts/route";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import { erc20Abi } from "../chains/contracts";
import { SANDBOX_RECURRING_PROXY } from "../chains/recurring-proxy";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { moveChainClock } from "../devnet/chain-clock";
import { testToken } from "../devnet/sandbox-tokens";
import { detectPayments } from "../payments/indexer/start-detection";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { sandboxWithWebhooks } from "../test/sandbox-with-webhooks";
import { type ApiTransaction, chainClients, sendAll } from "../test/send-calldata";
import { eventually } from "../webhooks/webhook-fixtures";
import { relayOnce } from "./relayer";

const WEEK = 7 * 86_400;
const chain = sandboxWithWebhooks();

const headers = () => ({ "x-api-key": chain.platform.apiKey });
const usdc = testToken("base", "USDC").address;
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const clients = () => chainClients("base", chain.sandbox.urls.base!);
const balance = (who: Address) =>
  clients().publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const week = () => moveChainClock(chain.sandbox.urls.base!, WEEK);
const hooks = (name: string, requestId: string) =>
  chain.receiver.received
    .map((r) => JSON.parse(r.raw.toString("utf8")))
    .filter((b) => b.event === name && b.requestId === requestId);

interface Permit {
  domain: { name: string; version: string; chainId: number; verifyingContract: Address };
  types: { SchedulePermit: { name: string; type: string }[] };
  primaryType: "SchedulePermit";
  values: Record<string, string | number | boolean>;
}

/** What a payer's wallet does with the answer: eth_signTypedData_v4 of domain, types and values. */
function signPermit(privateKey: Hex, permit: Permit): Promise<Hex> {
  const v = permit.values;
  const message = {
    ...v,
    amount: BigInt(v.amount as string),
    feeAmount: BigInt(v.feeAmount as string),
    relayerFee: BigInt(v.relayerFee as string),
    nonce: BigInt(v.nonce as string),
    deadline: BigInt(v.deadline as number),
  };
  return privateKeyToAccount(privateKey).signTypedData({
    domain: permit.domain,
    types: permit.types,
    primaryType: "SchedulePermit",
    message,
  } as never);
}

async function createSchedule(payer: Address, payee: Address, extra: Record<string, unknown> = {}) {
  const r = await call(payoutsRoute, "POST", "/v2/payouts", {
    headers: headers(),
    body: {
      payee,
      amount: "10",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      feePercentage: "1",
      feeAddress: DEMO_WALLETS[9].address,
      recurrence: { startDate: new Date().toISOString().slice(0, 10), frequency: "WEEKLY", totalPayments: 4, payer },
      ...extra,
    },
  });
  expect(r.status, r.text).toBe(201);
  return r.json as {
    id: string;
    requestId: string;
    paymentReference: string;
    transactions: ApiTransaction[];
    recurringPaymentPermit: Permit;
    metadata: Record<string, unknown>;
  };
}
const getSchedule = async (id: string) => {
  const r = await call(recurringRoute, "GET", `/v2/payouts/recurring/${id}`, { headers: headers(), params: { id } });
  expect(r.status, r.text).toBe(200);
  return r.json;
};
const patch = (id: string, action: string) =>
  call(recurringRoute, "PATCH", `/v2/payouts/recurring/${id}`, {
    headers: headers(),
    params: { id },
    body: { action },
  });
const activate = (id: string, permitSignature: string, h = headers()) =>
  call(recurringRoute, "POST", `/v2/payouts/recurring/${id}`, {
    headers: h,
    params: { id },
    body: { permitSignature },
  });
const approveProxy = (privateKey: Hex, amount: bigint) =>
  sendAll("base", chain.sandbox.urls.base!, privateKey, [
    {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [SANDBOX_RECURRING_PROXY, amount] }),
      value: 0,
    },
  ]);

describe("recurring payouts on the sandbox", () => {
  it("a weekly schedule of 4: paid when due, paused when the allowance is revoked, resumed with the missed instalment, cancelled for good", async () => {
    const payer = DEMO_WALLETS[4];
    const payee = fresh();
    const created = await createSchedule(payer.address, payee);
    // 4 × (10 USDC + 1 % fee) approved in one transaction.
    expect(created.metadata).toMatchObject({
      stepsRequired: 2,
      totalNeededAllowance: "40400000",
      additionalAllowanceNeeded: "40400000",
    });
    expect(created.recurringPaymentPermit.domain).toEqual({
      name: "ERC20RecurringPaymentProxy",
      version: "1",
      chainId: 8453,
      verifyingContract: SANDBOX_RECURRING_PROXY,
    });
    expect(created.recurringPaymentPermit.values).toMatchObject({
      subscriber: payer.address,
      recipient: payee,
      amount: "10000000",
      feeAmount: "100000",
      periodSeconds: WEEK,
      totalPayments: 4,
    });
    expect(await relayOnce("base")).toEqual({ paid: 0, failed: 0 }); // not signed yet: nothing is paid

    await sendAll("base", chain.sandbox.urls.base!, payer.privateKey, created.transactions);
    const activated = await activate(created.id, await signPermit(payer.privateKey, created.recurringPaymentPermit));
    expect(activated.status, activated.text).toBe(201);
    expect(activated.json).toEqual({
      message: "Recurring payment activated successfully",
      id: created.id,
      status: "active",
    });
    expect(
      (await activate(created.id, await signPermit(payer.privateKey, created.recurringPaymentPermit))).json.message,
    ).toBe("Recurring payment is already active");

    // Instalment 1 is due at once: paid, detected as a recurring payment, payment.confirmed delivered.
    expect(await relayOnce("base")).toEqual({ paid: 1, failed: 0 });
    expect(await balance(payee)).toBe(10_000_000n);
    await detectPayments("base");
    await eventually(
      async () => hooks("payment.confirmed", created.requestId).length,
      (n) => n >= 1,
    );
    const search = await call(paymentsRoute, "GET", `/v2/payments?type=recurring&requestId=${created.requestId}`, {
      headers: headers(),
    });
    expect(search.status, search.text).toBe(200);
    expect(search.json.payments).toHaveLength(1);
    expect(search.json.payments[0]).toMatchObject({ type: "recurring" });
    let status = await getSchedule(created.id);
    expect(status).toMatchObject({
      status: "active",
      processedPayments: 1,
      remainingPayments: 3,
      totalPayments: 4,
      failureCount: 0,
      failureReason: null,
    });
    expect(Date.parse(status.nextPaymentDate) / 1000).toBe(
      (created.recurringPaymentPermit.values.firstPayment as number) + WEEK,
    );
    expect(await relayOnce("base")).toEqual({ paid: 0, failed: 0 }); // instalment 2 is not due yet

    // A week later: instalment 2.
    await week();
    expect(await relayOnce("base")).toEqual({ paid: 1, failed: 0 });
    expect(await balance(payee)).toBe(20_000_000n);

    // The payer revokes the allowance; a week later the instalment fails, 3 tries, then the schedule pauses.
    await approveProxy(payer.privateKey, 0n);
    await week();
    for (let i = 0; i < 3; i++) expect(await relayOnce("base")).toEqual({ paid: 0, failed: 1 });
    expect(await relayOnce("base")).toEqual({ paid: 0, failed: 0 });
    status = await getSchedule(created.id);
    expect(status).toMatchObject({
      status: "paused",
      processedPayments: 2,
      failureCount: 3,
      failureReason: "Insufficient token allowance",
      nextPaymentDate: null,
    });
    const [failed] = await eventually(
      async () => hooks("payment.failed", created.requestId),
      (h) => h.length >= 1,
    );
    expect(failed).toMatchObject({
      event: "payment.failed",
      requestId: created.requestId,
      paymentReference: created.paymentReference,
      subStatus: "insufficient_allowance",
    });

    // Allowance restored, unpaused: the missed instalment 3 is paid at once.
    await approveProxy(payer.privateKey, 2n * 10_100_000n);
    const resumed = await patch(created.id, "unpause");
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({
      id: created.id,
      status: "active",
      metadata: { processedPayments: 2, totalPayments: 4 },
    });
    expect(await relayOnce("base")).toEqual({ paid: 1, failed: 0 });
    expect(await balance(payee)).toBe(30_000_000n);

    // Cancelled: the answer resets the allowance, the request says its recurrence stopped, and nothing more is paid.
    const cancelled = await patch(created.id, "cancel");
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({
      status: "cancelled",
      metadata: { processedPayments: 3, totalPayments: 4, remainingPayments: 1, remainingAmount: "10000000" },
    });
    await sendAll("base", chain.sandbox.urls.base!, payer.privateKey, cancelled.json.transactions);
    expect(
      await clients().publicClient.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "allowance",
        args: [payer.address, SANDBOX_RECURRING_PROXY],
      }),
    ).toBe(0n);
    const request = await call(requestIdRoute, "GET", `/v2/request/${created.requestId}`, {
      headers: headers(),
      params: { requestId: created.requestId },
    });
    expect(request.json.isRecurrenceStopped).toBe(true);
    await week();
    await week();
    expect(await relayOnce("base")).toEqual({ paid: 0, failed: 0 });
    expect(await balance(payee)).toBe(30_000_000n);
    expect((await patch(created.id, "cancel")).json.message).toBe("Recurring payment is already cancelled");
    expect((await patch(created.id, "unpause")).json.message).toBe("Recurring payment is not paused");
  }, 120_000);

  it("a relayer killed right after broadcasting an instalment pays it exactly once", async () => {
    const payer = DEMO_WALLETS[5];
    const payee = fresh();
    const created = await createSchedule(payer.address, payee);
    await sendAll("base", chain.sandbox.urls.base!, payer.privateKey, created.transactions);
    expect(
      (await activate(created.id, await signPermit(payer.privateKey, created.recurringPaymentPermit))).status,
    ).toBe(201);

    // The "crash": the transaction is out, its outcome never recorded.
    await expect(relayOnce("base", { afterBroadcast: () => Promise.reject(new Error("killed")) })).rejects.toThrow(
      "killed",
    );
    const row = await (await db()).recurringInstalment.findUniqueOrThrow({
      where: { recurringPaymentId_paymentIndex: { recurringPaymentId: created.id, paymentIndex: 1 } },
    });
    expect(row.status).toBe("sending");

    // The next relayer run reconciles with the chain instead of paying again.
    expect(await relayOnce("base")).toEqual({ paid: 0, failed: 0 });
    expect(await relayOnce("base")).toEqual({ paid: 0, failed: 0 });
    expect(await balance(payee)).toBe(10_000_000n);
    const status = await getSchedule(created.id);
    expect(status).toMatchObject({ processedPayments: 1, payments: [{ index: 1, txHash: row.txHash }] });
  }, 60_000);

  it("PATCH /v2/request/{id} isRecurrenceStopped pauses the schedule, and resuming the request resumes it", async () => {
    const payer = DEMO_WALLETS[6];
    const created = await createSchedule(payer.address, fresh());
    await sendAll("base", chain.sandbox.urls.base!, payer.privateKey, created.transactions);
    expect(
      (await activate(created.id, await signPermit(payer.privateKey, created.recurringPaymentPermit))).status,
    ).toBe(201);
    const setStopped = (isRecurrenceStopped: boolean) =>
      call(requestIdRoute, "PATCH", `/v2/request/${created.requestId}`, {
        headers: headers(),
        params: { requestId: created.requestId },
        body: { isRecurrenceStopped },
      });
    expect((await setStopped(true)).status).toBe(200);
    expect(await relayOnce("base")).toEqual({ paid: 0, failed: 0 });
    expect(await getSchedule(created.id)).toMatchObject({
      status: "paused",
      processedPayments: 0,
      failureReason: "Recurrence stopped on the request (isRecurrenceStopped)",
    });
    expect((await setStopped(false)).status).toBe(200);
    expect(await relayOnce("base")).toEqual({ paid: 1, failed: 0 });
    expect(await getSchedule(created.id)).toMatchObject({
      status: "active",
      processedPayments: 1,
      failureReason: null,
    });
    expect((await patch(created.id, "cancel")).status).toBe(200);
  }, 60_000);

  it("activates a smart-contract wallet's schedule when the wallet accepts the signature (ERC-1271), and refuses another wallet's signature", async () => {
    const wallet = fresh();
    // A minimal wallet whose isValidSignature answers the ERC-1271 magic value whatever it is asked.
    await clients().publicClient.request({
      method: "anvil_setCode",
      params: [wallet, "0x631626ba7e60e01b60005260206000f3"],
    } as never);
    const created = await createSchedule(wallet, fresh());
    expect((await activate(created.id, `0x${"5ca1ab1e".repeat(16)}`)).json).toMatchObject({ status: "active" });

    const eoa = DEMO_WALLETS[6];
    const other = await createSchedule(eoa.address, fresh());
    const wrong = await activate(other.id, await signPermit(DEMO_WALLETS[7].privateKey, other.recurringPaymentPermit));
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe("recurring_signature_invalid");
    expect((await getSchedule(other.id)).status).toBe("pending");
  }, 60_000);

  it("is scoped to the platform, and refuses schedules it cannot pay", async () => {
    const created = await createSchedule(DEMO_WALLETS[6].address, fresh());
    const stranger = await createTestPlatform("stranger");
    const foreign = await call(recurringRoute, "GET", `/v2/payouts/recurring/${created.id}`, {
      headers: { "x-api-key": stranger.apiKey },
      params: { id: created.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("recurring_payment_not_found");

    const bad = async (recurrence: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      const r = await call(payoutsRoute, "POST", "/v2/payouts", {
        headers: headers(),
        body: {
          payee: fresh(),
          amount: "10",
          invoiceCurrency: "USDC-base",
          paymentCurrency: "USDC-base",
          recurrence: {
            startDate: "2030-01-01",
            frequency: "WEEKLY",
            totalPayments: 4,
            payer: DEMO_WALLETS[6].address,
            ...recurrence,
          },
          ...extra,
        },
      });
      expect(r.status).toBe(400);
      return r.json.errors.map((e: { field: string }) => e.field);
    };
    expect(await bad({ totalPayments: 1 })).toContain("recurrence.totalPayments");
    expect(await bad({ totalPayments: 256 })).toContain("recurrence.totalPayments");
    expect(await bad({ frequency: "HOURLY" })).toContain("recurrence.frequency");
    expect(await bad({ startDate: "2020-01-01" })).toContain("recurrence.startDate");
    expect(await bad({ startDate: "2107-01-01" })).toContain("recurrence.startDate"); // past the contract's uint32 times
    expect(await bad({ extra: 1 })).toContain("recurrence.extra");
    expect(await bad({}, { paymentCurrency: "ETH-base-base", invoiceCurrency: "ETH-base-base" })).toContain(
      "paymentCurrency",
    );
    expect(await bad({}, { invoiceCurrency: "USD" })).toContain("invoiceCurrency");
  }, 60_000);
});
