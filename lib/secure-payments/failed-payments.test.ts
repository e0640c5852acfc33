// payment.failed for a reported payment that reverted, on a sandbox chain with a real webhook
// receiver: the page reports a payment of the link that reverts for want of an allowance (then
// one that reverts for want of funds); the worker's sweep sends payment.failed once with the
// reason, and neither another sweep nor the link's reads send it again. A reverted transaction
// that pays something else, reported on the link, sends nothing.

import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import * as pageIntentRoute from "@/app/pay/[token]/intent/route";
import * as payRoute from "@/app/v2/secure-payments/[token]/pay/route";
import * as tokenRoute from "@/app/v2/secure-payments/[token]/route";
import { erc20Abi } from "../chains/contracts";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { testToken } from "../devnet/sandbox-tokens";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { call } from "../test/http";
import { sandboxWithWebhooks } from "../test/sandbox-with-webhooks";
import { type ApiTransaction, chainClients, valueOf } from "../test/send-calldata";
import { eventually } from "../webhooks/webhook-fixtures";
import { createSecurePayment } from "./create-secure-payment";
import { checkReportedPayments } from "./failed-payments";

const chain = sandboxWithWebhooks();
const url = () => chain.sandbox.urls.base!;
const api = () => ({ "x-api-key": chain.platform.apiKey });

async function link(amount: string) {
  const d = await registerTestDestination(chain.platform.platformId);
  return createSecurePayment(
    { platformId: chain.platform.platformId, clientIdId: chain.platform.clientIdId, orchestratorId: null },
    { requests: [{ destinationId: d.destinationId, amount }] },
  );
}

async function callsOf(token: string, wallet: Address): Promise<ApiTransaction[]> {
  const r = await call(payRoute, "GET", `/v2/secure-payments/${token}/pay?wallet=${wallet}`, {
    headers: api(),
    params: { token },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.transactions;
}

/** Sends `tx` with a fixed gas limit (no estimate, which would refuse a reverting call) and waits for it. */
async function sendReverting(privateKey: Hex, tx: ApiTransaction) {
  const { walletOf, publicClient } = chainClients("base", url());
  const hash = await walletOf(privateKey).sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    value: valueOf(tx.value),
    gas: 400_000n,
  });
  return { hash, receipt: await publicClient.waitForTransactionReceipt({ hash }) };
}

const report = (token: string, txHash: string) =>
  call(pageIntentRoute, "POST", `/pay/${token}/intent`, {
    params: { token },
    body: { txHash, chain: "BASE", token: "USDC" },
  });

const failedOf = (requestId: string) =>
  chain.receiver.received
    .map((r) => JSON.parse(r.raw.toString("utf8")))
    .filter((b) => b.event === "payment.failed" && b.requestId === requestId);

/** Lets the sweep ask again about intents it asked about a moment ago. */
const later = () => new Date(Date.now() + 10_000);

describe("payment.failed for a reported payment that reverted", () => {
  it("no allowance: payment.failed once with subStatus insufficient_allowance; sweeps and reads do not repeat it", async () => {
    const { token, requestIds } = await link("7");
    const [requestId] = requestIds;
    const broke = DEMO_WALLETS[6]; // approved nothing
    const pay = (await callsOf(token, broke.address)).at(-1)!;
    const { hash, receipt } = await sendReverting(broke.privateKey, pay);
    expect(receipt.status).toBe("reverted");
    expect((await report(token, hash)).status).toBe(200);

    expect(await checkReportedPayments(later())).toEqual({ checked: 1 });
    const [failed] = await eventually(
      async () => failedOf(requestId),
      (h) => h.length >= 1,
    );
    expect(failed).toEqual({
      event: "payment.failed",
      requestId,
      requestID: requestId,
      paymentReference: expect.stringMatching(/^0x[0-9a-f]{16}$/),
      subStatus: "insufficient_allowance",
      paymentProcessor: "request-network",
    });
    // Final: the sweep does not ask again, and the link's reads do not send it again.
    expect(await checkReportedPayments(later())).toEqual({ checked: 0 });
    expect(
      (await call(tokenRoute, "GET", `/v2/secure-payments/${token}`, { headers: api(), params: { token } })).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(failedOf(requestId)).toHaveLength(1);
    expect((await (await db()).securePaymentIntent.findFirst({ where: { token, txHash: hash } }))?.verification).toBe(
      "reverted",
    );
  });

  it("an allowance but no tokens: subStatus insufficient_funds", async () => {
    const { token, requestIds } = await link("9");
    const [requestId] = requestIds;
    const empty = DEMO_WALLETS[8];
    const usdc = testToken("base", "USDC");
    const { publicClient, walletOf } = chainClients("base", url());
    // Gives its tokens away, then approves: the allowance is there, the funds are not.
    const balance = await publicClient.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [empty.address],
    });
    const calls = await callsOf(token, empty.address);
    const w = walletOf(empty.privateKey);
    if (balance > 0n)
      await publicClient.waitForTransactionReceipt({
        hash: await w.writeContract({
          address: usdc.address,
          abi: erc20Abi,
          functionName: "transfer",
          args: [DEMO_WALLETS[9].address, balance],
        }),
      });
    for (const approval of calls.slice(0, -1))
      await publicClient.waitForTransactionReceipt({
        hash: await w.sendTransaction({ to: approval.to as Address, data: approval.data as Hex }),
      });
    const { hash, receipt } = await sendReverting(empty.privateKey, calls.at(-1)!);
    expect(receipt.status).toBe("reverted");
    expect((await report(token, hash)).status).toBe(200);
    await checkReportedPayments(later());
    const [failed] = await eventually(
      async () => failedOf(requestId),
      (h) => h.length >= 1,
    );
    expect(failed.subStatus).toBe("insufficient_funds");
  });

  it("a reverted transaction that pays something else, reported on the link, sends nothing", async () => {
    const { token, requestIds } = await link("3");
    const usdc = testToken("base", "USDC");
    // A transfer of more than the wallet holds: reverts, and carries no reference of the link.
    const { encodeFunctionData } = await import("viem");
    const { hash, receipt } = await sendReverting(DEMO_WALLETS[7].privateKey, {
      to: usdc.address,
      value: 0,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [DEMO_WALLETS[5].address, 10n ** 30n],
      }),
    });
    expect(receipt.status).toBe("reverted");
    expect((await report(token, hash)).status).toBe(200);
    expect(await checkReportedPayments(later())).toEqual({ checked: 1 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(failedOf(requestIds[0])).toHaveLength(0);
  });
});
