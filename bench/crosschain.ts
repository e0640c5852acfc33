// Crosschain settlement latency on the started sandbox service: from the payer's signed intent
// posted to the request reading `paid` (detection marks it paid and emits payment.confirmed in
// one transaction), for a request on arbitrum-one paid from USDC on base. Sequential intents.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { typedDataFromJson } from "../lib/crosschain/typed-data-fixtures";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import type { BenchServer } from "./server";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchCrosschain(server: BenchServer, count = Number(process.env.BENCH_CROSSCHAIN ?? 8)) {
  const headers = { "content-type": "application/json", "x-api-key": server.credentials.apiKey };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const payer = privateKeyToAccount(DEMO_WALLETS[5].privateKey);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const { requestId } = await api("POST", "/v2/request", {
      amount: "2",
      invoiceCurrency: "USDC-arbitrum-one",
      paymentCurrency: "USDC-arbitrum-one",
      payee,
    });
    const intent = await api("GET", `/v2/request/${requestId}/pay?wallet=${payer.address}&chain=BASE&token=USDC`);
    const values = JSON.parse(intent.paymentIntent).values;
    const body: Record<string, unknown> = {
      signedPaymentIntent: {
        signature: await payer.signTypedData(typedDataFromJson(intent.paymentIntent)),
        nonce: values.nonce,
        deadline: values.deadline,
      },
    };
    if (intent.approvalPermitPayload) {
      const p = JSON.parse(intent.approvalPermitPayload).values;
      body.signedApprovalPermit = {
        signature: await payer.signTypedData(typedDataFromJson(intent.approvalPermitPayload)),
        nonce: p.nonce,
        deadline: String(p.deadline),
      };
    }
    const started = Date.now();
    await api("POST", `/v2/request/payment-intents/${intent.paymentIntentId}`, body);
    for (;;) {
      if ((await api("GET", `/v2/request/${requestId}`)).status === "paid") break;
      if (Date.now() - started > 120_000) throw new Error(`intent ${intent.paymentIntentId} not paid in 2 minutes`);
      await new Promise((r) => setTimeout(r, 50));
    }
    times.push(Date.now() - started);
  }
  times.sort((a, b) => a - b);
  return [
    {
      scenario: "crosschain: intent signed → payment.confirmed (base → arbitrum-one, sandbox)",
      intents: count,
      "p50 ms": percentile(times, 50),
      "max ms": times.at(-1),
    },
  ];
}
