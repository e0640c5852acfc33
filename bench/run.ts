// `npm run bench`: performance figures of the running product, printed, never asserted.
// Each scenario first warms up, then runs 32 connections for BENCH_SECONDS (default 10).
import { firstLoadJs, printFirstLoads } from "./first-load-js";
import { load, printTable, type LoadResult } from "./load";
import { registerBenchDestination } from "./payee-destination";
import { startServer } from "./server";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3260);

const server = await startServer(port);
const key = { "x-api-key": server.credentials.apiKey };
const results: LoadResult[] = [];
try {
  const payee = await registerBenchDestination(server.url);
  const scenarios: [string, string, Record<string, string>][] = [
    ["bare handler, fixed JSON (GET /ping)", `${server.url}/ping`, {}],
    ["GET /v2/currencies?network=base (API key)", `${server.url}/v2/currencies?network=base`, key],
    ["GET /v2/payee-destination/{id} (wallet session)", `${server.url}${payee.destinationPath}`, payee.auth],
    ["GET signing-data, a nonce row each (wallet session)", `${server.url}${payee.signingDataPath}`, payee.auth],
  ];
  for (const [name, url, headers] of scenarios) {
    await load(`warm-up ${name}`, url, headers, 8, 2);
    results.push(await load(name, url, headers, 32, seconds));
  }
  printTable(results);
  const [bare, currencies] = results;
  console.log(`ratio currencies/bare req/s: ${(currencies.requestsPerSec / bare.requestsPerSec).toFixed(2)}`);
  printFirstLoads(await Promise.all(["/", "/dashboard/sign-in"].map((p) => firstLoadJs(server.url, p))));
} finally {
  await server.stop();
}
process.exit(0);
