// A platform integrated with the hosted service points its base URL here and changes nothing
// (issue #21): these tests are such a client, played against the server as `npm start` runs it.
// - It picks the payment out of `/pay` by `metadata.paymentTransactionIndex` and sends every
//   other transaction first as an approval; the payee is paid exactly once.
// - A batch payout is sent the same way, from `transactions` and its metadata.
// - Its webhook receiver knows only the hosted service's header names (`x-request-network-*`)
//   and answers 401 without a valid signature; an endpoint registered with
//   `requestNetworkHeaders` has every delivery accepted, and a tampered body is refused.
// Sandbox wallets 2 and 3 pay (no other spec uses them); payees are fresh addresses.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { type Address, erc20Abi, type Hex } from "viem";
import { getContract } from "../lib/chains/contracts";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { type ApiTransaction, chainClients, sendAll } from "../lib/test/send-calldata";
import { type Received, startReceiver } from "../lib/webhooks/receiver-fixtures";
import { demo } from "./demo";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";
import { sandboxRpc } from "./support/sandbox-rpc";

const RPC = sandboxRpc("base");
// The production token addresses, which the sandbox keeps (docs/sandbox.md).
const USDC: Address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const USDT: Address = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
const freshAddress = () => `0x${randomBytes(20).toString("hex")}` as Address;
const balanceOf = (token: Address, who: Address) =>
  chainClients("base", RPC).publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });

interface Calldata {
  transactions: ApiTransaction[];
  metadata: {
    stepsRequired: number;
    needsApproval: boolean;
    approvalTransactionIndex: number | null;
    paymentTransactionIndex: number;
  };
}

/** What a client of the hosted interface does with a calldata answer: approvals first, then the payment at its index. */
async function payLikeAHostedClient(privateKey: Hex, answer: Calldata): Promise<{ sent: number; paymentHash: string }> {
  const { transactions, metadata } = answer;
  const approvals = transactions.filter((_, i) => i !== metadata.paymentTransactionIndex);
  await sendAll("base", RPC, privateKey, approvals);
  const [payment] = await sendAll("base", RPC, privateKey, [transactions[metadata.paymentTransactionIndex]]);
  return { sent: approvals.length + 1, paymentHash: payment.transactionHash };
}

/** The receiver a platform wrote for the hosted service: it knows only x-request-network-signature. */
function hostedServiceReceiver(secret: () => string) {
  return (r: Received) => {
    const signature = r.headers["x-request-network-signature"];
    if (typeof signature !== "string") return 401;
    const expected = createHmac("sha256", secret()).update(r.raw).digest("hex");
    return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      ? 200
      : 401;
  };
}

async function untilPaid(request: APIRequestContext, requestId: string, headers: Record<string, string>) {
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/v2/request/${requestId}`, { headers })).json()) as { status: string }).status,
      { timeout: 60_000 },
    )
    .toBe("paid");
}

test("a client of the hosted interface pays by paymentTransactionIndex, the payee is paid once, and its receiver accepts every delivery", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  let secret = "";
  const receiver = await startReceiver(
    hostedServiceReceiver(() => secret),
    { port: process.env.E2E_RECEIVER_PORT ? Number(process.env.E2E_RECEIVER_PORT) : undefined },
  );
  try {
    const apiKey = { "x-api-key": demo().apiKey };
    const origin = new URL(baseURL!).origin;
    const browser = { "x-client-id": demo().clientId, origin };
    const created = await request.post("/v1/webhook", {
      headers: apiKey,
      data: { url: `${receiver.url}/hosted`, clientId: demo().clientId, requestNetworkHeaders: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const endpoint = (await created.json()) as { id: string; secret: string };
    secret = endpoint.secret;

    // USDT with an allowance left over: the answer resets it to 0, approves, then pays (index 2).
    const payer = DEMO_WALLETS[2];
    const proxy = getContract("base", "ERC20FeeProxy").address;
    await chainClients("base", RPC)
      .walletOf(payer.privateKey)
      .writeContract({ address: USDT, abi: erc20Abi, functionName: "approve", args: [proxy, 1n] });
    const payee = freshAddress();
    const reference = `ORDER-${randomBytes(4).toString("hex")}`;
    const customerInfo = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      address: { city: "London", country: "GB" },
    };
    const made = await request.post("/v2/request", {
      headers: browser,
      data: {
        amount: "12.5",
        invoiceCurrency: "USDT-base",
        paymentCurrency: "USDT-base",
        payee,
        reference,
        customerInfo,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { requestId, paymentReference } = (await made.json()) as { requestId: string; paymentReference: string };

    await expect
      .poll(
        async () =>
          (await chainClients("base", RPC).publicClient.readContract({
            address: USDT,
            abi: erc20Abi,
            functionName: "allowance",
            args: [payer.address, proxy],
          })) > 0n,
      )
      .toBe(true);
    const pay = await request.get(`/v2/request/${requestId}/pay?wallet=${payer.address}`, { headers: browser });
    expect(pay.status(), await pay.text()).toBe(200);
    const answer = (await pay.json()) as Calldata;
    expect(answer.metadata).toMatchObject({
      stepsRequired: 3,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 2,
    });

    const { sent, paymentHash } = await payLikeAHostedClient(payer.privateKey, answer);
    expect(sent).toBe(3);
    expect(await balanceOf(USDT, payee)).toBe(12_500_000n);
    await untilPaid(request, requestId, apiKey);
    const status = (await (await request.get(`/v2/request/${requestId}`, { headers: apiKey })).json()) as {
      payments: unknown[];
      txHash: string;
    };
    expect(status.payments).toHaveLength(1);
    expect(status.txHash).toBe(paymentHash);

    // payment.confirmed reaches the hosted-service receiver, with what its docs show receivers store.
    const sentTest = await request.post("/v1/webhook/test", {
      headers: apiKey,
      data: { eventType: "payment.failed", webhookId: endpoint.id, clientId: demo().clientId },
    });
    expect(sentTest.status()).toBe(202);
    const bodyOf = (r: Received) => JSON.parse(r.raw.toString()) as Record<string, unknown>;
    await expect
      .poll(() => receiver.received.filter((r) => bodyOf(r).requestId === requestId).length, { timeout: 30_000 })
      .toBe(1);
    const confirmed = receiver.received.find((r) => bodyOf(r).requestId === requestId)!;
    expect(bodyOf(confirmed)).toMatchObject({
      event: "payment.confirmed",
      requestId,
      requestID: requestId,
      paymentReference,
      txHash: paymentHash,
      amount: "12.5",
      isCryptoToFiat: false,
      subStatus: "",
      paymentProcessor: "request-network",
      reference,
      customerInfo,
      origin,
      clientId: demo().clientId,
    });
    expect(confirmed.headers["x-request-network-delivery"]).toBe(confirmed.headers["x-service-delivery"]);
    expect(confirmed.headers["x-request-network-retry-count"]).toBe("0");

    // Every delivery to the endpoint was accepted by that receiver at its first attempt.
    await expect
      .poll(() => receiver.received.filter((r) => r.path === "/hosted").length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/v1/webhook/${endpoint.id}/deliveries`, { headers: apiKey })).json()) as {
              deliveries: { status: string }[];
            }
          ).deliveries.map((d) => d.status),
        {
          timeout: 30_000,
        },
      )
      .toEqual(expect.not.arrayContaining(["pending"]));
    const log = (await (await request.get(`/v1/webhook/${endpoint.id}/deliveries`, { headers: apiKey })).json()) as {
      deliveries: { status: string; event: string; attempts: { statusCode: number }[] }[];
    };
    expect(log.deliveries.length).toBeGreaterThanOrEqual(2);
    for (const d of log.deliveries)
      expect(d, d.event).toMatchObject({ status: "delivered", attempts: [{ statusCode: 200 }] });
    const test = receiver.received.find((r) => bodyOf(r).event === "payment.failed")!;
    expect(test.headers["x-request-network-test"]).toBe("true");

    // The same receiver refuses a delivery whose body was changed on the way, and one without the header.
    const replay = (raw: string, headers: Record<string, string>) =>
      fetch(`${receiver.url}/hosted`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: raw,
      });
    const signature = { "x-request-network-signature": String(confirmed.headers["x-request-network-signature"]) };
    expect((await replay(confirmed.raw.toString(), signature)).status).toBe(200);
    expect(
      (await replay(confirmed.raw.toString().replace('"amount":"12.5"', '"amount":"1250"'), signature)).status,
    ).toBe(401);
    expect(
      (
        await replay(confirmed.raw.toString(), {
          "x-service-signature": String(confirmed.headers["x-service-signature"]),
        })
      ).status,
    ).toBe(401);
  } finally {
    await receiver.close();
  }
});

test("a batch payout is paid the same way: approvals first, then the transaction at paymentTransactionIndex", async ({
  request,
}) => {
  test.setTimeout(150_000);
  const apiKey = { "x-api-key": demo().apiKey };
  const payer = DEMO_WALLETS[3];
  const payments = [
    { payee: freshAddress(), amount: "1.25", token: USDC, currency: "USDC-base" },
    { payee: freshAddress(), amount: "2.5", token: USDT, currency: "USDT-base" },
    { payee: freshAddress(), amount: "3", token: USDC, currency: "USDC-base" },
  ];
  const r = await request.post("/v2/payouts/batch", {
    headers: apiKey,
    data: {
      payer: payer.address,
      requests: payments.map((p) => ({
        payee: p.payee,
        amount: p.amount,
        invoiceCurrency: p.currency,
        paymentCurrency: p.currency,
      })),
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  const batch = (await r.json()) as Calldata & {
    ERC20ApprovalTransactions: ApiTransaction[];
    batchPaymentTransaction: ApiTransaction;
    requestIds: string[];
  };
  expect(batch.transactions).toEqual([...batch.ERC20ApprovalTransactions, batch.batchPaymentTransaction]);
  expect(batch.metadata.paymentTransactionIndex).toBe(batch.ERC20ApprovalTransactions.length);
  expect(batch.metadata.stepsRequired).toBe(batch.transactions.length);

  const { sent } = await payLikeAHostedClient(payer.privateKey, batch);
  expect(sent).toBe(batch.transactions.length);
  for (const p of payments)
    expect(await balanceOf(p.token, p.payee), p.payee).toBe(BigInt(Math.round(Number(p.amount) * 1e6)));
  for (const requestId of batch.requestIds) await untilPaid(request, requestId, apiKey);
});

test("in the dashboard, an endpoint is added with the hosted service's header names, and the option is turned off on its page", async ({
  page,
  baseURL,
}) => {
  await registerAndSignIn(page);
  const client = await createClientId(page, baseURL!, "Moving shop");
  await page.goto(`/dashboard/webhooks/${client.id}`);
  const url = "http://127.0.0.1:9/hosted-receiver";
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("checkbox", { name: /Also send the hosted service’s header names/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("new-webhook-secret")).toHaveText(/^whsec_/);
  const row = page.getByTestId("webhook-endpoint-row").filter({ hasText: url });
  await expect(row).toContainText("also the hosted service’s header names");

  const listed = async () =>
    (
      (await (await page.request.get(`/v1/webhook?clientId=${client.id}`)).json()) as {
        url: string;
        requestNetworkHeaders: boolean;
      }[]
    ).find((e) => e.url === url);
  expect((await listed())?.requestNetworkHeaders).toBe(true);
  await row.getByRole("link", { name: `Delivery log of ${url}` }).click();
  const option = page.getByRole("checkbox", { name: /x-request-network-signature/ });
  await expect(option).toBeChecked();
  await option.uncheck();
  await expect.poll(async () => (await listed())?.requestNetworkHeaders).toBe(false);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /x-request-network-signature/ })).not.toBeChecked();
});
