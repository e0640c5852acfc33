// Payment search at scale: 1,000,000 payments of one platform (plus another platform's, which
// must not slow it) on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL), and 100,000 on
// PGlite, bulk-loaded with generate_series in a throwaway schema / in-memory database. Each
// main filter runs with values drawn from the data; the time is the whole search as the API
// runs it (page + exact count), p50/p99 in milliseconds. `BENCH_ONLY=payment-search npm run bench`;
// BENCH_SEARCH_PAYMENTS / BENCH_SEARCH_PGLITE_PAYMENTS change the counts.
import { createHash, randomBytes } from "node:crypto";
import { type Database, openPglite, openPostgres, setDatabaseFactory } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { searchPayments } from "../lib/payments/search-payments";
import {
  encodeCursor,
  MAX_OFFSET,
  type PaymentSearchQuery,
  searchFingerprint,
  toPaymentFilter,
} from "../lib/payments/search-query";

export interface SearchFigures {
  database: string;
  payments: number;
  filter: string;
  runs: number;
  "matches (avg)": number;
  "p50 ms": number;
  "p99 ms": number;
}

export const PLATFORM = "00000000-0000-4000-8000-00000000000a";
const OTHER = "00000000-0000-4000-8000-00000000000b";
const hex = (expr: string, width: number) => `lpad(to_hex(${expr}), ${width}, '0')`;

/** `n` payments of PLATFORM over n/2 requests (two payments per batch transaction), 1,000 payees, n/10 payers, one every 30 s. */
export async function loadPayments(database: Database, n: number): Promise<void> {
  const requests = n / 2;
  const sql = (platform: string, from: number, count: number, tag: string) => `
    INSERT INTO payment_requests (id, platform_id, network, invoice_currency, payment_currency, expected_amount, payee, salt, payment_reference, reference, status, amount_paid, updated_at)
    SELECT '01' || ${hex("i", 64)}, '${platform}', 'base',
           CASE WHEN i % 4 = 0 THEN 'USD' ELSE 'USDC-base' END, CASE WHEN i % 3 = 0 THEN 'USDT-base' ELSE 'USDC-base' END,
           10000000, '0xAbCd' || ${hex("i % 1000", 36)}, md5(i::text), '0x' || ${hex("i", 16)}, '${tag}-' || i, 'paid', 10000000, now()
      FROM generate_series(${from}, ${from + count / 2 - 1}) AS i;
    INSERT INTO payments (id, request_id, platform_id, network, tx_hash, log_index, block_number, block_hash, block_time, currency, amount, fee_amount, payer_address, payer_eoa_address, type)
    SELECT gen_random_uuid(), '01' || ${hex(`${from} + (i / 2) % ${count / 2}`, 64)}, '${platform}', 'base',
           '0x' || md5('${tag}' || (i / 2)) || md5('${tag}x' || (i / 2)), i % 2, 1000 + i / 2, '0x' || md5('b' || i) || md5('c' || i),
           timestamp '2024-01-01' + i * interval '30 seconds', CASE WHEN i % 3 = 0 THEN 'USDT-base' ELSE 'USDC-base' END, 5000000, 0,
           '0xEeFf' || ${hex(`i % ${Math.max(1, count / 10)}`, 36)}, '0x99' || ${hex(`i % ${Math.max(1, count / 10)}`, 38)},
           (CASE WHEN i % 10 < 6 THEN 'direct' WHEN i % 10 < 8 THEN 'conversion' WHEN i % 10 = 8 THEN 'batch' ELSE 'recurring' END)::"PaymentType"
      FROM generate_series(0, ${count - 1}) AS i;`;
  await database.executeSql(
    `INSERT INTO platforms (id, name) VALUES ('${PLATFORM}', 'bench'), ('${OTHER}', 'bench other')`,
  );
  await database.executeSql(sql(PLATFORM, 1, n, "ORDER"));
  await database.executeSql(sql(OTHER, requests + 1, Math.max(2, n / 10), "OTHER"));
  // Steady state, as autovacuum leaves it: statistics, and the visibility map that lets
  // counts read only the index (VACUUM may not share a statement string with another).
  for (const table of ["payments", "payment_requests"]) await database.executeSql(`VACUUM ANALYZE ${table}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const pick = (n: number) => Math.floor(Math.random() * n);

/** Filters with a value drawn at random from the loaded data; `runs` per filter. */
function scenarios(n: number): [string, number, () => Partial<PaymentSearchQuery>][] {
  const requests = n / 2;
  const day = (d: number) => new Date(Date.UTC(2024, 0, 1) + d * 86_400_000);
  const days = Math.floor((n * 30) / 86_400);
  const txOf = (i: number) => `0x${md5(`ORDER${i}`)}${md5(`ORDERx${i}`)}`;
  const requestIdOf = (i: number) => `01${i.toString(16).padStart(64, "0")}`;
  return [
    ["txHash (batch of 2)", 200, () => ({ txHash: txOf(pick(requests)) })],
    [
      "walletAddress = a payer (10 payments)",
      200,
      () => ({
        walletAddress: `0xeeff${pick(n / 10)
          .toString(16)
          .padStart(36, "0")}`,
      }),
    ],
    [
      "walletAddress = a payee (1,000 payments)",
      100,
      () => ({ walletAddress: `0xABCD${pick(1000).toString(16).padStart(36, "0")}` }),
    ],
    ["paymentReference", 200, () => ({ paymentReference: `0x${(1 + pick(requests)).toString(16).padStart(16, "0")}` })],
    ["requestId", 200, () => ({ requestId: requestIdOf(1 + pick(requests)) })],
    ["reference", 200, () => ({ reference: `ORDER-${1 + pick(requests)}` })],
    ["fromDate/toDate (one day)", 100, () => ((d) => ({ fromDate: day(d), toDate: day(d + 1) }))(pick(days - 1))],
    ["type=recurring (10 %)", 20, () => ({ type: "recurring" })],
    ["paymentCurrency=USDT-base (33 %)", 20, () => ({ paymentCurrency: "USDT-base" })],
    ["invoiceCurrency=USD (25 %)", 20, () => ({ invoiceCurrency: "USD" })],
    [
      "type=conversion + one week",
      50,
      () => ((d) => ({ type: "conversion" as const, fromDate: day(d), toDate: day(d + 7) }))(pick(days - 7)),
    ],
    ["type=direct, offset 1,000", 20, () => ({ type: "direct", offset: 1000 })],
    ["type=direct, offset 10,000 (the deepest offset)", 20, () => ({ type: "direct", offset: MAX_OFFSET })],
    ["type=direct, cursor at any depth (keyset)", 50, () => ({ type: "direct", cursor: cursorAt(day(pick(days))) })],
    [
      "walletAddress = a payee, cursor at any depth",
      50,
      () =>
        ((w) => ({ walletAddress: w, cursor: cursorAt(day(pick(days)), { walletAddress: w }) }))(
          `0xABCD${pick(1000).toString(16).padStart(36, "0")}`,
        ),
    ],
  ];
}

/** A cursor placed at `at` of a type=direct walk (or `query`'s), as a walk at that depth would carry (its total known). */
function cursorAt(at: Date, query: Partial<PaymentSearchQuery> = { type: "direct" }): string {
  const { filter } = toPaymentFilter(query as PaymentSearchQuery);
  return encodeCursor({
    blockTime: at,
    id: "ffffffff-ffff-4fff-bfff-ffffffffffff",
    total: 1,
    search: searchFingerprint(filter),
  });
}

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

async function measure(label: string, database: Database, n: number): Promise<SearchFigures[]> {
  setDatabaseFactory(async () => database);
  const out: SearchFigures[] = [];
  for (const [filter, runs, make] of scenarios(n)) {
    const times: number[] = [];
    let matches = 0;
    for (let i = 0; i < runs + 3; i++) {
      const { filter: f, page } = toPaymentFilter(make() as PaymentSearchQuery);
      const t = performance.now();
      const r = await searchPayments(PLATFORM, f, page);
      if (i < 3) continue; // warm-up runs
      times.push(performance.now() - t);
      matches += r.total;
    }
    times.sort((a, b) => a - b);
    out.push({
      database: label,
      payments: n,
      filter,
      runs,
      "matches (avg)": Math.round(matches / runs),
      "p50 ms": +percentile(times, 50).toFixed(2),
      "p99 ms": +percentile(times, 99).toFixed(2),
    });
  }
  setDatabaseFactory(undefined);
  return out;
}

export async function benchPaymentSearch(
  opts: { postgresPayments?: number; pglitePayments?: number } = {},
): Promise<SearchFigures[]> {
  const figures: SearchFigures[] = [];
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) {
    const n = opts.postgresPayments ?? Number(process.env.BENCH_SEARCH_PAYMENTS ?? 1_000_000);
    const schema = `bench_search_${randomBytes(4).toString("hex")}`;
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const database = await openPostgres(url, schema);
    try {
      await migrate(database);
      const t = performance.now();
      await loadPayments(database, n);
      console.log(
        `payment search: ${n} payments loaded on PostgreSQL in ${((performance.now() - t) / 1000).toFixed(1)} s (indexes maintained during the load)`,
      );
      figures.push(...(await measure("PostgreSQL", database, n)));
    } finally {
      await database.close();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS "${database.jobsSchema}" CASCADE`);
      await admin.end();
    }
  } else {
    console.log("payment search: no BENCH_DATABASE_URL or DATABASE_URL, PostgreSQL figures skipped");
  }
  const n = opts.pglitePayments ?? Number(process.env.BENCH_SEARCH_PGLITE_PAYMENTS ?? 100_000);
  const lite = await openPglite();
  try {
    await migrate(lite);
    await loadPayments(lite, n);
    figures.push(...(await measure("PGlite", lite, n)));
  } finally {
    await lite.close();
  }
  return figures;
}
