// `npm run bench`: performance figures of the running product, printed, never asserted.
// Each scenario first warms up, then runs 32 connections for BENCH_SECONDS (default 10).
// Export BENCH_PORT and SANDBOX_PORT_BASE to keep clear of other servers on the machine.
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { firstLoadJs, printFirstLoads } from "./first-load-js";
import { load, printTable, type LoadResult } from "./load";
import { registerBenchDestination } from "./payee-destination";
import { benchPayPage, printPayPage } from "./pay-page";
import { startServer } from "./server";
import { benchWebhooks } from "./webhooks";
import { benchPaymentSearch } from "./payment-search";
import { benchPaymentDetection } from "./payment-detection";
import { benchRecurring } from "./recurring";
import { benchCrosschain } from "./crosschain";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3260);

// BENCH_ONLY=payment-search runs only that scenario (no server needed: it times the search itself).
if (process.env.BENCH_ONLY === "payment-search") {
  console.table(await benchPaymentSearch());
  process.exit(0);
}

// BENCH_ONLY=payment-detection: detection latency and indexing rate, in process on a sandbox chain.
if (process.env.BENCH_ONLY === "payment-detection") {
  console.table(await benchPaymentDetection());
  process.exit(0);
}

// BENCH_ONLY=webhooks: the delivery engine's drain rate and latency, in process, on PGlite and PostgreSQL.
if (process.env.BENCH_ONLY === "webhooks") {
  console.table(await benchWebhooks());
  process.exit(0);
}

// BENCH_ONLY=recurring: recurring instalments per minute and due-to-webhook delay, in process on a sandbox chain.
if (process.env.BENCH_ONLY === "recurring") {
  console.table(await benchRecurring());
  process.exit(0);
}

const server = await startServer(port);
// BENCH_ONLY=crosschain: only the crosschain settlement latency.
if (process.env.BENCH_ONLY === "crosschain") {
  try {
    console.table(await benchCrosschain(server));
  } finally {
    await server.stop();
  }
  process.exit(0);
}
// BENCH_ONLY=pay-page: only the payment page's first load and LCP.
if (process.env.BENCH_ONLY === "pay-page") {
  try {
    printPayPage(await benchPayPage(server));
  } finally {
    await server.stop();
  }
  process.exit(0);
}
const key = { "x-api-key": server.credentials.apiKey };
const requestId = server.credentials.demoRequestId;
if (!requestId) throw new Error("the sandbox server seeded no demo request");
const results: LoadResult[] = [];
try {
  const payee = await registerBenchDestination(server.url);
  // The pay scenario reads the sandbox chain for a wallet that has not approved the proxy yet:
  // allowance, balances and gas price in one batched round trip, then a gas simulation of the
  // approval and the payment (eth_simulateV1), besides the API key, rate limit and request rows.
  const payUrl = `${server.url}/v2/request/${requestId}/pay?wallet=${DEMO_WALLETS[0].address}`;
  const scenarios: [string, string, Record<string, string>][] = [
    ["bare handler, fixed JSON (GET /ping)", `${server.url}/ping`, {}],
    ["GET /v2/request/{id}/pay?wallet= (API key, sandbox chain)", payUrl, key],
    ["GET /v2/currencies?network=base (API key)", `${server.url}/v2/currencies?network=base`, key],
    ["GET /v2/payee-destination/{id} (wallet session)", `${server.url}${payee.destinationPath}`, payee.auth],
    ["GET signing-data, a nonce row each (wallet session)", `${server.url}${payee.signingDataPath}`, payee.auth],
  ];
  for (const [name, url, headers] of scenarios) {
    await load(`warm-up ${name}`, url, headers, 8, 2);
    results.push(await load(name, url, headers, 32, seconds));
  }
  printTable(results);
  const [bare, pay, currencies] = results;
  console.log(`ratio pay/bare req/s: ${(pay.requestsPerSec / bare.requestsPerSec).toFixed(2)}  (aim: ≥ 0.5 at 32 connections)`);
  console.log(`ratio currencies/bare req/s: ${(currencies.requestsPerSec / bare.requestsPerSec).toFixed(2)}`);
  printFirstLoads(await Promise.all(["/", "/dashboard/sign-in"].map((p) => firstLoadJs(server.url, p))));
  console.table(await benchWebhooks());
  console.table(await benchPaymentSearch());
  console.table(await benchPaymentDetection());
  console.table(await benchRecurring());
  printPayPage(await benchPayPage(server));
  console.table(await benchCrosschain(server));
} finally {
  await server.stop();
}
process.exit(0);
