// `npm run bench`: performance figures of the running product, printed, never asserted.
// Each scenario first warms up, then runs 32 connections for BENCH_SECONDS (default 10).
import { load, printTable, type LoadResult } from "./load";
import { startServer } from "./server";
import { benchWebhooks } from "./webhooks";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3260);

const server = await startServer(port);
const key = { "x-api-key": server.credentials.apiKey };
const results: LoadResult[] = [];
try {
  const scenarios: [string, string, Record<string, string>][] = [
    ["bare handler, fixed JSON (GET /ping)", `${server.url}/ping`, {}],
    ["GET /v2/currencies?network=base (API key)", `${server.url}/v2/currencies?network=base`, key],
  ];
  for (const [name, url, headers] of scenarios) {
    await load(`warm-up ${name}`, url, headers, 8, 2);
    results.push(await load(name, url, headers, 32, seconds));
  }
  printTable(results);
  const [bare, currencies] = results;
  console.log(`ratio currencies/bare req/s: ${(currencies.requestsPerSec / bare.requestsPerSec).toFixed(2)}`);
  console.table(await benchWebhooks(server));
} finally {
  await server.stop();
}
process.exit(0);
