// Secure payment calldata sent for real on a sandbox chain: the calls /pay answers are sent
// from funded wallets to the real contracts, in the order given, and the balances prove what
// each party received. Multicall payouts pay every payable child in one batch transaction.

import { type Address, type Hex, keccak256, parseEventLogs, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as payRoute from "@/app/v2/secure-payments/[token]/pay/route";
import * as tokenRoute from "@/app/v2/secure-payments/[token]/route";
import * as multicallRoute from "@/app/v2/secure-payments/multicall-payouts/[token]/route";
import * as lookupRoute from "@/app/v2/secure-payments/route";
import { erc20Abi, erc20FeeProxyAbi, getContract } from "../chains/contracts";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { testToken } from "../devnet/sandbox-tokens";
import { createTestOrchestrator, createTestSession } from "../orchestrators/fixtures";
import { linkClientIdDirect, unlinkClientId } from "../orchestrators/platform-links";
import { evmPayee, registerTestDestination } from "../payee-destinations/fixtures";
import { recordPayments } from "../payments/record-payments";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { chainClients, sendAll } from "../test/send-calldata";
import { createPlatformEndpoint } from "../webhooks/client-id-endpoints";
import { createOrchestratorEndpoint } from "../webhooks/orchestrator-endpoints";
import { buildSecurePaymentCalls } from "./build-secure-payment-calls";
import { createMulticallPayout } from "./combine-payout-links";
import { createSecurePayout } from "./create-payout-link";
import { createSecurePayment } from "./create-secure-payment";
import type { SecurePaymentCreator } from "./creator";
import { multicallView, type SecurePaymentCalldata, securePaymentCalldata } from "./schemas";

let sandbox: TestSandbox;
let restore: () => void;
let p: Awaited<ReturnType<typeof createTestPlatform>>;
const FEE_ADDRESS = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  restore = pointAppAtSandbox(sandbox);
  p = await createTestPlatform("chain shop");
  await (await db()).clientId.update({
    where: { id: p.clientIdId },
    data: { feePercentage: "1", feeAddress: FEE_ADDRESS },
  });
});

afterAll(async () => {
  restore?.();
  await sandbox?.dispose();
});

const usdc = testToken("base", "USDC");
const usdt = testToken("base", "USDT");
const feeProxy = getContract("base", "ERC20FeeProxy").address;
const batchProxy = getContract("base", "BatchConversionPayments").address;
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const balanceOf = (token: Address, who: Address) =>
  chainClients("base", sandbox.urls.base!).publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });

async function approve(privateKey: `0x${string}`, token: Address, spender: Address, amount: bigint) {
  const { walletOf, publicClient } = chainClients("base", sandbox.urls.base!);
  await publicClient.waitForTransactionReceipt({
    hash: await walletOf(privateKey).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, amount],
    }),
  });
}

async function link(amount: string, opts: { creator?: SecurePaymentCreator; tokenAddress?: string } = {}) {
  const creator = opts.creator ?? { platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null };
  const d = await registerTestDestination(p.platformId, { payee: evmPayee(), tokenAddress: opts.tokenAddress });
  const created = await createSecurePayment(creator, { requests: [{ destinationId: d.destinationId, amount }] });
  return { ...created, payee: d.walletAddress as Address };
}

describe("paying a secure payment", () => {
  it("without an allowance: the approval, then the payment carrying the client ID's fee; the fee bundle says where it goes", async () => {
    const payer = DEMO_WALLETS[1];
    const { token, payee, requestIds } = await link("10");
    const r = await call(payRoute, "GET", `/v2/secure-payments/${token}/pay?wallet=${payer.address}`, {
      headers: { "x-client-id": p.clientId, origin: TEST_ORIGIN },
      params: { token },
    });
    expect(r.status, r.text).toBe(200);
    const answer = r.json;
    expect(answer.transactions.map((t: { to: string }) => t.to)).toEqual([usdc.address, feeProxy]);
    expect(answer.transactions[0].data.slice(0, 10)).toBe("0x095ea7b3");
    expect(answer.metadata).toMatchObject({
      paymentTransactionIndex: 1,
      approvalTransactionsCount: 1,
      needsApproval: true,
      hasEnoughBalance: true,
      hasEnoughGas: true,
      isSafe: false,
    });
    expect(securePaymentCalldata.safeParse(answer).error).toBeUndefined();
    expect(answer.feeBundle).toMatchObject({
      defaultFeeBearer: "payer",
      amountSummary: { grossAmount: "10", totalFees: "0.1", payerTotal: "10.1" },
      fees: [
        {
          requestId: requestIds[0],
          amount: "0.1",
          paymentCurrencyId: "USDC-base",
          chainId: "8453",
          recipient: FEE_ADDRESS,
        },
      ],
    });
    const before = await balanceOf(usdc.address, payer.address);
    await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await balanceOf(usdc.address, payee)).toBe(10_000_000n);
    expect(await balanceOf(usdc.address, FEE_ADDRESS)).toBe(100_000n);
    expect(before - (await balanceOf(usdc.address, payer.address))).toBe(10_100_000n);
  });

  it("with enough allowance: the payment alone; no fee plan gives a null fee bundle; a Safe is marked", async () => {
    const payer = DEMO_WALLETS[2];
    await approve(payer.privateKey, usdc.address, feeProxy, parseUnits("1000", 6));
    const { token, payee } = await link("5", {
      creator: { platformId: p.platformId, clientIdId: null, orchestratorId: null },
    });
    const answer = await buildSecurePaymentCalls(token, { wallet: payer.address, isSafe: "true" });
    expect(answer.transactions.map((t) => t.to)).toEqual([feeProxy]);
    expect(answer.feeBundle).toBeNull();
    expect(answer.metadata).toMatchObject({
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
      isSafe: true,
    });
    await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await balanceOf(usdc.address, payee)).toBe(5_000_000n);
  });

  it("a smart account with the funds in its EOA: calldata and allowance for the account, the balance read from the EOA", async () => {
    const { token } = await link("2");
    const account = fresh(); // holds nothing and has approved nothing
    const funded = await buildSecurePaymentCalls(token, { wallet: account, eoaWallet: DEMO_WALLETS[5].address });
    expect(funded.transactions.map((t) => t.to)).toEqual([usdc.address, feeProxy]);
    expect(funded.metadata.hasEnoughBalance).toBe(true);
    const empty = await buildSecurePaymentCalls(token, { wallet: account, eoaWallet: fresh() });
    expect(empty.metadata.hasEnoughBalance).toBe(false);
  });

  it("USDT with a short allowance left: reset to 0, approve, pay", async () => {
    const payer = DEMO_WALLETS[3];
    await approve(payer.privateKey, usdt.address, feeProxy, 1n);
    const { token, payee } = await link("7.5", { tokenAddress: usdt.address });
    const answer = await buildSecurePaymentCalls(token, { wallet: payer.address });
    expect(answer.transactions.map((t) => t.to)).toEqual([usdt.address, usdt.address, feeProxy]);
    expect(answer.metadata.paymentTransactionIndex).toBe(2);
    await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await balanceOf(usdt.address, payee)).toBe(7_500_000n);
  });
});

describe("after the payment is detected", () => {
  it("the link answers 409, the lookup shows who paid and when, and payment.confirmed reaches the platform and the creating orchestrator", async () => {
    const payer = DEMO_WALLETS[6];
    const o = await createTestOrchestrator();
    await linkClientIdDirect(p.platformId, p.clientIdId, o.orchestratorId);
    const platformHook = await createPlatformEndpoint(
      { id: p.clientIdId, platformId: p.platformId },
      "http://127.0.0.1:9/confirmed",
    );
    const orchestratorHook = await createOrchestratorEndpoint(o.orchestratorId, "http://127.0.0.1:9/orch-confirmed");
    const { token, requestIds, payee } = await link("3", {
      creator: { platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: o.orchestratorId },
    });
    await unlinkClientId(p.platformId, p.clientIdId); // later unlinking does not change who hears about it

    const answer = await buildSecurePaymentCalls(token, { wallet: payer.address });
    const receipts = await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    const [event] = parseEventLogs({
      abi: erc20FeeProxyAbi,
      logs: receipts.flatMap((r) => r.logs),
      eventName: "TransferWithReferenceAndFee",
    });
    const receipt = receipts.at(-1)!;
    const request = await (await db()).paymentRequest.findUniqueOrThrow({ where: { id: requestIds[0] } });
    expect(event.args.paymentReference).toBe(keccak256(request.paymentReference as Hex));
    // What the indexer records for this log.
    const { publicClient } = chainClients("base", sandbox.urls.base!);
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    await (await db()).$transaction((tx) =>
      recordPayments(tx, [
        {
          network: "base",
          txHash: receipt.transactionHash,
          logIndex: event.logIndex,
          blockNumber: receipt.blockNumber,
          blockHash: receipt.blockHash,
          blockTime: new Date(Number(block.timestamp) * 1000),
          referenceHash: event.args.paymentReference,
          tokenAddress: event.args.tokenAddress,
          to: event.args.to,
          amount: event.args.amount,
          feeAmount: event.args.feeAmount,
          feeAddress: event.args.feeAddress,
          payerAddress: payer.address,
          payerEoaAddress: payer.address,
          type: "direct",
        },
      ]),
    );
    expect(event.args.to).toBe(payee);

    const state = await call(tokenRoute, "GET", `/v2/secure-payments/${token}`, {
      headers: { "x-client-id": p.clientId, origin: TEST_ORIGIN },
      params: { token },
    });
    expect(state.status).toBe(409);
    const found = await call(lookupRoute, "GET", `/v2/secure-payments?requestId=${requestIds[0]}`, {
      headers: { "x-api-key": p.apiKey },
    });
    expect(found.json).toMatchObject({
      token,
      status: "completed",
      payerAddress: payer.address,
      orchestratorId: o.orchestratorId,
    });
    expect(found.json.completedAt).not.toBeNull();

    const confirmed = (await (await db()).webhookEvent.findMany({ where: { event: "payment.confirmed" } })).filter(
      (e) => (e.payload as { requestId: string }).requestId === requestIds[0],
    );
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0].payload).toMatchObject({
      txHash: receipt.transactionHash,
      clientId: p.clientId,
      orchestratorId: o.orchestratorId,
    });
    const endpoints = (await (await db()).webhookDelivery.findMany({ where: { eventId: confirmed[0].id } }))
      .map((d) => d.endpointId)
      .sort();
    expect(endpoints).toEqual([platformHook.id, orchestratorHook.webhook.id].sort());
  });
});

describe("a multicall payout", () => {
  it("lists its children with their state and totals, and pays the payable ones in one batch transaction", async () => {
    const payer = DEMO_WALLETS[4];
    const creator = { platformId: p.platformId, clientIdId: null, orchestratorId: null };
    const recipients = [fresh(), fresh(), fresh(), fresh()];
    const payouts = [];
    for (const [i, recipient] of recipients.entries()) {
      payouts.push(
        await createSecurePayout(creator, {
          recipient,
          creatorWalletAddress: payer.address,
          network: "base",
          currency: "USDC",
          amount: String(i + 1),
        }),
      );
    }
    // The fourth is paid already (what detection writes): it stays listed, blocked.
    await (await db()).paymentRequest.update({
      where: { id: payouts[3].requestIds[0] },
      data: { status: "paid", amountPaid: 4_000_000 },
    });
    const multicall = await createMulticallPayout(creator, { childTokens: payouts.map((x) => x.token) });
    expect(multicall.items.map((i) => i.eligibility)).toEqual(["eligible", "eligible", "eligible", "stale"]);

    const session = await createTestSession(p.platformId);
    const state = await call(multicallRoute, "GET", `/v2/secure-payments/multicall-payouts/${multicall.token}`, {
      headers: { authorization: `Bearer ${session.token}` },
      params: { token: multicall.token },
    });
    expect(state.status, state.text).toBe(200);
    expect(state.json).toMatchObject({
      paymentType: "multicall",
      status: "partially_settled",
      canExecute: true,
      totals: {
        childCount: 4,
        blockedChildCount: 1,
        byDestinationCurrency: [{ network: "base", currency: "USDC-base", totalAmount: "6" }],
        amountSummary: { grossAmount: "6", totalFees: "0", payerTotal: "6" },
      },
    });
    expect(z.safeEncode(multicallView, state.json).error).toBeUndefined();
    expect(
      state.json.children.map((c: { executable: boolean; blockReason: string | null }) => [
        c.executable,
        c.blockReason,
      ]),
    ).toEqual([
      [true, null],
      [true, null],
      [true, null],
      [false, "already_paid"],
    ]);

    // Through the route, so the answer is also held to the published multicall branch.
    const pay = await call(payRoute, "GET", `/v2/secure-payments/${multicall.token}/pay?wallet=${payer.address}`, {
      headers: { "x-client-id": p.clientId, origin: TEST_ORIGIN },
      params: { token: multicall.token },
    });
    expect(pay.status, pay.text).toBe(200);
    const answer = pay.json as SecurePaymentCalldata;
    expect(answer.paymentType).toBe("multicall");
    expect(answer.executionKind).toBe("evm_same_chain");
    expect(answer.children?.map((c) => [c.position, c.securePaymentToken, c.payee, c.amount])).toEqual(
      payouts.slice(0, 3).map((x, i) => [i, x.token, recipients[i], String(i + 1)]),
    );
    expect(answer.payees).toEqual(recipients.slice(0, 3));
    expect(answer.amounts).toEqual(["1", "2", "3"]);
    expect(answer.references).toEqual([null, null, null]);
    expect(answer.transactions.at(-1)!.to).toBe(batchProxy);
    expect(answer.transactions.slice(0, -1).every((t) => t.to === usdc.address)).toBe(true);
    expect(answer.metadata).toMatchObject({ childCount: 4, executableLegCount: 3 });
    expect(answer.childTokens).toEqual(payouts.slice(0, 3).map((x) => x.token));
    await sendAll("base", sandbox.urls.base!, payer.privateKey, answer.transactions);
    expect(await Promise.all(recipients.map((r) => balanceOf(usdc.address, r)))).toEqual([
      1_000_000n,
      2_000_000n,
      3_000_000n,
      0n,
    ]);
  });
});
