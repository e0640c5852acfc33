// Recurring payouts against the server as `npm start` runs it (the relayer and payment
// detection run inside the web process): a weekly schedule of 4 on the optimism sandbox chain,
// signed by a demo wallet, paid by the relayer when due, paused on a revoked allowance
// (payment.failed), resumed, cancelled. The chain's clock moves with `npm run chain:time`'s
// evm_increaseTime + evm_mine. Optimism: no other spec depends on that chain's time.
import { type APIRequestContext, expect, test } from "@playwright/test";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { optimism } from "viem/chains";
import { moveChainClock } from "../lib/devnet/chain-clock";
import { startReceiver } from "../lib/webhooks/receiver-fixtures";
import { demo } from "./demo";
import { sandboxRpc } from "./support/sandbox-rpc";

const RPC = sandboxRpc("optimism");
const DAI: Address = "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1";
const PROXY: Address = "0x508CE1213d343E23FfadEfB544fADdC231612C9B";
// anvil's second default account: a demo wallet funded with every sandbox token; no other spec uses it.
const PAYER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const WEEK = 7 * 86_400;
const erc20 = parseAbi([
  "function approve(address spender, uint256 amount) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
]);
const publicClient = createPublicClient({ chain: optimism, transport: http(RPC) });
const wallet = createWalletClient({ chain: optimism, transport: http(RPC), account: PAYER });

async function send(tx: { to: string; data: string }) {
  const hash = await wallet.sendTransaction({ to: tx.to as Address, data: tx.data as Hex });
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
}
const balance = (who: Address) =>
  publicClient.readContract({ address: DAI, abi: erc20, functionName: "balanceOf", args: [who] });
const status = async (request: APIRequestContext, id: string) =>
  (await (
    await request.get(`/v2/payouts/recurring/${id}`, { headers: { "x-api-key": demo().apiKey } })
  ).json()) as Record<string, unknown>;

test("a weekly schedule of 4 is paid when due, pauses on a revoked allowance, resumes and stops when cancelled on the Subscriptions page", async ({
  request,
  page,
}) => {
  test.setTimeout(180_000);
  const headers = { "x-api-key": demo().apiKey };
  const receiver = await startReceiver(() => 200);
  try {
    expect(
      (
        await request.post("/v1/webhook", {
          headers,
          data: { url: `${receiver.url}/recurring`, clientId: demo().clientId },
        })
      ).status(),
    ).toBe(201);
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const created = await request.post("/v2/payouts", {
      headers,
      data: {
        payee,
        amount: "10",
        invoiceCurrency: "DAI-optimism",
        paymentCurrency: "DAI-optimism",
        recurrence: {
          startDate: new Date().toISOString().slice(0, 10),
          frequency: "WEEKLY",
          totalPayments: 4,
          payer: PAYER.address,
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, requestId, transactions, recurringPaymentPermit: permit } = await created.json();

    // The payer's wallet: approve the proxy for the 4 instalments, sign the typed data.
    for (const tx of transactions) await send(tx);
    const v = permit.values;
    const signature = await PAYER.signTypedData({
      domain: permit.domain,
      types: permit.types,
      primaryType: "SchedulePermit",
      message: {
        ...v,
        amount: BigInt(v.amount),
        feeAmount: BigInt(v.feeAmount),
        relayerFee: BigInt(v.relayerFee),
        nonce: BigInt(v.nonce),
        deadline: BigInt(v.deadline),
      },
    });
    expect(
      (await request.post(`/v2/payouts/recurring/${id}`, { headers, data: { permitSignature: signature } })).status(),
    ).toBe(201);

    // Instalment 1 is due at once: the relayer pays it and detection records it as recurring.
    await expect.poll(async () => (await status(request, id)).processedPayments, { timeout: 30_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          (await (await request.get(`/v2/payments?type=recurring&requestId=${requestId}`, { headers })).json()).payments
            ?.length,
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect
      .poll(() => receiver.received.some((r) => JSON.parse(r.raw.toString()).event === "payment.confirmed"), {
        timeout: 30_000,
      })
      .toBe(true);

    // A week later, instalment 2.
    await moveChainClock(RPC, WEEK);
    await expect.poll(async () => (await status(request, id)).processedPayments, { timeout: 30_000 }).toBe(2);

    // Allowance revoked, a week later: the schedule pauses and payment.failed arrives.
    await send({ to: DAI, data: encodeFunctionData({ abi: erc20, functionName: "approve", args: [PROXY, 0n] }) });
    await moveChainClock(RPC, WEEK);
    await expect.poll(async () => (await status(request, id)).status, { timeout: 30_000 }).toBe("paused");
    await expect
      .poll(
        () =>
          receiver.received
            .map((r) => JSON.parse(r.raw.toString()))
            .find((b) => b.event === "payment.failed" && b.requestId === requestId)?.subStatus,
        { timeout: 30_000 },
      )
      .toBe("insufficient_allowance");

    // Allowance restored, unpaused: the missed instalment 3 is paid at once.
    await send({
      to: DAI,
      data: encodeFunctionData({ abi: erc20, functionName: "approve", args: [PROXY, 20n * 10n ** 18n] }),
    });
    expect(
      (await request.patch(`/v2/payouts/recurring/${id}`, { headers, data: { action: "unpause" } })).status(),
    ).toBe(200);
    await expect.poll(async () => (await status(request, id)).processedPayments, { timeout: 30_000 }).toBe(3);

    // The merchant sees it on the dashboard's Subscriptions page and cancels it there.
    expect(
      (
        await page.request.post("/v1/auth/login", { data: { email: demo().email, password: demo().password } })
      ).status(),
    ).toBe(200);
    await page.goto("/dashboard/subscriptions");
    const row = page.locator(`[data-testid="subscription-row"][data-id="${id}"]`);
    await expect(row).toContainText("3 of 4");
    await expect(row).toContainText("active");
    await row.getByRole("button", { name: /Cancel subscription/ }).click();
    await page.getByRole("button", { name: "Cancel subscription", exact: true }).click();
    await expect(row).toHaveAttribute("data-status", "cancelled");

    // Cancelled: nothing more is paid, weeks later.
    await moveChainClock(RPC, 2 * WEEK);
    await new Promise((r) => setTimeout(r, 5_000)); // several relayer runs (every second in the sandbox)
    expect(await status(request, id)).toMatchObject({ status: "cancelled", processedPayments: 3 });
    expect(await balance(payee)).toBe(30n * 10n ** 18n);
  } finally {
    await receiver.close();
  }
});
