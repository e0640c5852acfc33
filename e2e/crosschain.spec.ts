// Crosschain payments against the started service and its sandbox chains: the service's own
// worker settles (Permit2 and our gateway placed at start-up, the operator's treasury funded).
// A request for USDC on arbitrum-one is paid from USDC on base (permit) and from USDT on
// optimism (approval transaction); the payee receives the exact amount and the request reads paid.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { type Address, createPublicClient, createWalletClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { typedDataFromJson } from "../lib/crosschain/typed-data-fixtures";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { demo } from "./demo";
import { sandboxRpc } from "./support/sandbox-rpc";

const USDC_ARB: Address = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";

const typedData = typedDataFromJson;

async function payCrosschain(
  request: APIRequestContext,
  payerKey: `0x${string}`,
  chain: "BASE" | "OPTIMISM",
  token: "USDC" | "USDT",
  amount: string,
) {
  const headers = { "x-api-key": demo().apiKey };
  const payer = privateKeyToAccount(payerKey);
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const created = await request.post("/v2/request", {
    headers,
    data: { amount, invoiceCurrency: "USDC-arbitrum-one", paymentCurrency: "USDC-arbitrum-one", payee },
  });
  expect(created.status()).toBe(201);
  const { requestId } = await created.json();
  const quote = await request.get(
    `/v2/request/${requestId}/pay?wallet=${payer.address}&chain=${chain}&token=${token}`,
    { headers },
  );
  expect(quote.status(), await quote.text()).toBe(200);
  const intent = await quote.json();
  const values = JSON.parse(intent.paymentIntent).values;
  const body: Record<string, unknown> = {
    signedPaymentIntent: {
      signature: await payer.signTypedData(typedData(intent.paymentIntent)),
      nonce: values.nonce,
      deadline: values.deadline,
    },
  };
  if (intent.approvalPermitPayload) {
    const p = JSON.parse(intent.approvalPermitPayload).values;
    body.signedApprovalPermit = {
      signature: await payer.signTypedData(typedData(intent.approvalPermitPayload)),
      nonce: p.nonce,
      deadline: String(p.deadline),
    };
  }
  if (intent.approvalCalldata) {
    const source = chain === "BASE" ? "base" : "optimism";
    const hash = await createWalletClient({ account: payer, transport: http(sandboxRpc(source)) }).sendTransaction({
      ...intent.approvalCalldata,
      value: 0n,
      chain: null,
    });
    await createPublicClient({ transport: http(sandboxRpc(source)) }).waitForTransactionReceipt({ hash });
  }
  const signedAt = Date.now();
  const submitted = await request.post(`/v2/request/payment-intents/${intent.paymentIntentId}`, {
    headers,
    data: body,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  expect(
    (await request.post(`/v2/request/payment-intents/${intent.paymentIntentId}`, { headers, data: body })).status(),
  ).toBe(409);
  await expect
    .poll(async () => (await (await request.get(`/v2/request/${requestId}`, { headers })).json()).status, {
      timeout: 60_000,
      intervals: [250],
    })
    .toBe("paid");
  const received = await createPublicClient({ transport: http(sandboxRpc("arbitrum-one")) }).readContract({
    address: USDC_ARB,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [payee],
  });
  expect(received).toBe(BigInt(Math.round(Number(amount) * 1e6)));
  const search = await (await request.get(`/v2/payments?requestId=${requestId}`, { headers })).json();
  return { search, ms: Date.now() - signedAt };
}

test("a request on arbitrum-one is paid from USDC on base (permit) and from USDT on optimism (approval)", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const base = await payCrosschain(request, DEMO_WALLETS[8].privateKey, "BASE", "USDC", "12.5");
  expect(JSON.stringify(base.search)).toContain('"crosschain"');
  await payCrosschain(request, DEMO_WALLETS[9].privateKey, "OPTIMISM", "USDT", "3");
  console.log(`intent signed → paid (base → arbitrum-one): ${(base.ms / 1000).toFixed(1)} s`);
});
