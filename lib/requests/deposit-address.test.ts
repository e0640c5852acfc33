// Deposit addresses end to end on a real anvil chain and PGlite (docs/decisions/deposit-addresses.md):
// the API answers a request's deposit address; a plain ERC-20 `transfer` to it (no reference,
// from a wallet that never saw the request) is forwarded by the worker through ERC20FeeProxy,
// detected as a `deposit` payment naming the sender, and announced by `payment.confirmed` to a
// real receiver. A run that crashes between arrival and forward, and forwards tried again,
// end with the request paid once.
import { type Address, type Hex, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { erc20Abi } from "../chains/contracts";
import { depositFactoryAbi, SANDBOX_DEPOSIT_FACTORY, SANDBOX_FORWARDER } from "../chains/deposit-factory";
import { DEMO_WALLETS } from "../devnet/accounts";
import { testToken } from "../devnet/sandbox-tokens";
import { detectPayments } from "../payments/indexer/start-detection";
import { call } from "../test/http";
import { sandboxWithWebhooks } from "../test/sandbox-with-webhooks";
import { chainClients } from "../test/send-calldata";
import { eventually } from "../webhooks/webhook-fixtures";
import { createRequest } from "./create-request";
import { forwardDeposits } from "./deposit-forwarder";

const chain = sandboxWithWebhooks();
const key = () => ({ "x-api-key": chain.platform.apiKey });
const usdc = () => testToken("base", "USDC").address as Address;

interface Deposit {
  address: Address;
  network: string;
  chainId: number;
  currency: string;
  tokenAddress: Address;
  amount: string;
  amountInUnits: string;
  paymentUri: string;
}

/** A request of the platform: through the API, or with a stored fee (as payouts and client IDs store one). */
async function newRequest(fee?: { percentage: string; basisPoints: number; address: Address }) {
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const input = { amount: "12.5", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee };
  if (fee) {
    const { platformId, clientIdId } = chain.platform;
    const r = await createRequest({ platformId, clientIdId, fee }, input);
    return { requestId: r.requestId, paymentReference: r.paymentReference, payee };
  }
  const r = await call(requestRoute, "POST", "/v2/request", { headers: key(), body: input });
  expect(r.status, r.text).toBe(201);
  return { ...(r.json as { requestId: string; paymentReference: string }), payee };
}

async function status(requestId: string) {
  const r = await call(requestIdRoute, "GET", `/v2/request/${requestId}`, { headers: key(), params: { requestId } });
  expect(r.status, r.text).toBe(200);
  return r.json as {
    status: string;
    depositAddress: string | null;
    deposit: Deposit | null;
    payments: { type: string; payerAddress: string; amount: string; feeAmount: string }[];
  };
}

/** What a payer's wallet does with the QR code: a plain `transfer`, no reference. */
async function transfer(from: { privateKey: Hex }, to: Address, amount: bigint): Promise<void> {
  const { publicClient, walletOf } = chainClients("base", chain.sandbox.urls.base!);
  const hash = await walletOf(from.privateKey).writeContract({
    address: usdc(),
    abi: erc20Abi,
    functionName: "transfer",
    args: [to, amount],
  });
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
}

async function balanceOf(address: Address): Promise<bigint> {
  const { publicClient } = chainClients("base", chain.sandbox.urls.base!);
  return publicClient.readContract({ address: usdc(), abi: erc20Abi, functionName: "balanceOf", args: [address] });
}

describe("a deposit address", () => {
  it("is answered by the status and /pay, and a plain transfer to it ends as a paid request naming the sender", async () => {
    const feeAddress = privateKeyToAccount(generatePrivateKey()).address;
    const { requestId, payee, paymentReference } = await newRequest({
      percentage: "2",
      basisPoints: 200,
      address: feeAddress,
    });
    const before = await status(requestId);
    const deposit = before.deposit!;
    expect(before.depositAddress).toBe(deposit.address);
    // 12.5 USDC and the request's 2 % fee (0.25) on top.
    expect(deposit).toMatchObject({
      network: "base",
      chainId: 8453,
      currency: "USDC-base",
      tokenAddress: usdc(),
      amount: "12.75",
      amountInUnits: "12750000",
    });
    expect(deposit.paymentUri).toBe(`ethereum:${usdc()}@8453/transfer?address=${deposit.address}&uint256=12750000`);
    // The same address the contract computes, and nothing deployed there before funds arrive.
    const { publicClient } = chainClients("base", chain.sandbox.urls.base!);
    const onChain = await publicClient.readContract({
      address: SANDBOX_DEPOSIT_FACTORY,
      abi: depositFactoryAbi,
      functionName: "depositAddress",
      args: [usdc(), payee, paymentReference as Hex, 250_000n, feeAddress],
    });
    expect(onChain).toBe(deposit.address);
    expect(await publicClient.getCode({ address: deposit.address })).toBeUndefined();

    const payer = DEMO_WALLETS[5];
    const pay = await call(payRoute, "GET", `/v2/request/${requestId}/pay?wallet=${payer.address}`, {
      headers: key(),
      params: { requestId },
    });
    expect(pay.status, pay.text).toBe(200);
    expect((pay.json as { deposit: Deposit }).deposit).toEqual(deposit);

    await transfer(payer, deposit.address, BigInt(deposit.amountInUnits));
    const run = await forwardDeposits("base");
    expect(run.arrived).toBe(1);
    expect(run.forwarded).toEqual([expect.objectContaining({ requestId, amount: parseUnits("12.5", 6) })]);
    // The figure docs/decisions/deposit-addresses.md reports: a first forward deploys the forwarder.
    console.info(`deposit forward gas (first, deploys the forwarder): ${run.forwarded[0].gasUsed}`);
    // Nothing left: another run sends nothing.
    expect(await forwardDeposits("base")).toEqual({ arrived: 0, forwarded: [] });
    expect(await balanceOf(deposit.address)).toBe(0n);
    expect(await balanceOf(payee)).toBe(parseUnits("12.5", 6));
    expect(await balanceOf(feeAddress)).toBe(parseUnits("0.25", 6));

    await detectPayments("base");
    const after = await status(requestId);
    expect(after.status).toBe("paid");
    expect(after.deposit).toBeNull();
    expect(after.payments).toEqual([
      expect.objectContaining({ type: "deposit", payerAddress: payer.address, amount: "12.5", feeAmount: "0.25" }),
    ]);
    const confirmed = await eventually(
      async () =>
        chain.receiver.received
          .map((r) => JSON.parse(r.raw.toString()) as { event: string; requestId: string; payerAddress: string })
          .filter((e) => e.requestId === requestId),
      (events) => events.length > 0,
    );
    expect(confirmed.map((e) => [e.event, e.payerAddress])).toEqual([["payment.confirmed", payer.address]]);
  });

  it("takes a payment in two transfers: the remainder is answered, and the second forward reuses the forwarder", async () => {
    const { requestId } = await newRequest();
    const first = (await status(requestId)).deposit!;
    expect(first.amountInUnits).toBe("12500000");
    const payer = DEMO_WALLETS[6];
    await transfer(payer, first.address, parseUnits("5", 6));
    await forwardDeposits("base");
    await detectPayments("base");
    const partly = await status(requestId);
    expect(partly.status).toBe("partially_paid");
    // Same address, what remains.
    expect(partly.deposit).toMatchObject({ address: first.address, amount: "7.5", amountInUnits: "7500000" });
    await transfer(payer, first.address, parseUnits("7.5", 6));
    const run = await forwardDeposits("base");
    console.info(`deposit forward gas (forwarder already deployed): ${run.forwarded[0].gasUsed}`);
    await detectPayments("base");
    const paid = await status(requestId);
    expect(paid.status).toBe("paid");
    expect(paid.payments.map((p) => [p.type, p.payerAddress, p.amount])).toEqual([
      ["deposit", payer.address, "5"],
      ["deposit", payer.address, "7.5"],
    ]);
  });

  it("survives a run that crashes between arrival and forward, and a forward sent twice: paid once", async () => {
    const { requestId, payee, paymentReference } = await newRequest();
    const deposit = (await status(requestId)).deposit!;
    const payer = DEMO_WALLETS[4];
    await transfer(payer, deposit.address, BigInt(deposit.amountInUnits));
    // The run dies after seeing the funds, before forwarding them.
    await expect(
      forwardDeposits("base", {
        beforeForward: () => {
          throw new Error("worker crashed");
        },
      }),
    ).rejects.toThrow("worker crashed");
    expect(await balanceOf(deposit.address)).toBe(BigInt(deposit.amountInUnits));
    // The next run forwards; one more run and anyone's late forward find nothing to pay.
    expect((await forwardDeposits("base")).forwarded).toHaveLength(1);
    expect((await forwardDeposits("base")).forwarded).toHaveLength(0);
    const { publicClient, walletOf } = chainClients("base", chain.sandbox.urls.base!);
    const args = [usdc(), payee, paymentReference as Hex, 0n, "0x0000000000000000000000000000000000000000"] as const;
    await expect(
      publicClient.simulateContract({
        account: SANDBOX_FORWARDER.address,
        address: SANDBOX_DEPOSIT_FACTORY,
        abi: depositFactoryAbi,
        functionName: "forward",
        args,
      }),
    ).rejects.toThrow(/NothingToForward/);
    const late = await walletOf(SANDBOX_FORWARDER.privateKey).writeContract({
      address: SANDBOX_DEPOSIT_FACTORY,
      abi: depositFactoryAbi,
      functionName: "forward",
      args,
      gas: 500_000n,
    });
    expect((await publicClient.waitForTransactionReceipt({ hash: late })).status).toBe("reverted");
    await detectPayments("base");
    const after = await status(requestId);
    expect(after.status).toBe("paid");
    expect(after.payments).toHaveLength(1);
    expect(await balanceOf(payee)).toBe(parseUnits("12.5", 6));
  });
});
