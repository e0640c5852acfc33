// Payment search: one platform's payments matching every given filter (AND), newest first
// (the dashboard may ask for oldest first or by amount),
// with the exact count of matches. Written in SQL so each filter maps onto one of the indexes
// of migration `payment_search_indexes` (see docs/decisions/payment-search.md): filters on
// the request (reference, payment reference) select request ids through the requests' own
// indexes; the request's payee and invoice currency are copied onto each payment at insert
// (migration payment_payee), so a wallet (payer, payer EOA or payee) is an OR over three indexed
// columns of payments, answered by a BitmapOr of their indexes. Pages go by offset or
// by keyset (after the previous page's last row); broad searches are counted from the per-day
// summary payment_counts.

import { CURRENCIES } from "../chains/currencies";
import { toBigInt } from "../db/amounts";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import {
  customerInfoOfColumns,
  joinRequestSql,
  REQUEST_COLUMNS_SQL,
  REQUEST_PAYMENT_CURRENCY_SQL,
  type RequestColumns,
  type RequestStatus,
  requestIdsWithSql,
} from "../requests";
import type { PageAfter, PaymentFilter, PaymentPage } from "./search-query";

export interface FoundPayment {
  id: string;
  network: string;
  txHash: string;
  blockTime: Date;
  type: string;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string | null;
  payerAddress: string | null;
  /** Who the payment paid (the request's payee when it was recorded). */
  payee: string | null;
  currency: string | null;
  conversionRate: string | null;
  request: {
    requestId: string;
    paymentReference: string;
    reference: string | null;
    customerInfo: unknown;
    invoiceCurrency: string;
    paymentCurrency: string;
    status: RequestStatus;
    expectedAmount: bigint;
    amountPaid: bigint;
  };
}

export interface PaymentSearchResult {
  payments: FoundPayment[];
  total: number;
  /** Where the next page starts (keyset), or null when this page is the last. */
  next: PageAfter | null;
}

/** The WHERE clause on `p` (payments), every value a bound parameter; request filters are subqueries. */
function searchConditions(platformId: string, f: PaymentFilter): Prisma.Sql {
  const platform = Prisma.sql`${platformId}::uuid`;
  const conds: Prisma.Sql[] = [Prisma.sql`p.platform_id = ${platform}`];
  // Request-side filters: request ids of this platform through payment_requests' indexes.
  const requestsWith = (column: "payment_reference" | "reference", value: string) =>
    Prisma.sql`p.request_id IN (${requestIdsWithSql(platformId, column, value)})`;

  if (f.txHashes) conds.push(Prisma.sql`p.tx_hash = ANY(${f.txHashes}::text[])`);
  if (f.requestId) conds.push(Prisma.sql`p.request_id = ${f.requestId}`);
  if (f.paymentReference) conds.push(requestsWith("payment_reference", f.paymentReference));
  if (f.reference) conds.push(requestsWith("reference", f.reference));
  if (f.wallet) {
    const { lower, exact, kind } = f.wallet;
    // Tron base58 is case-sensitive: the lower() index finds it, the exact test confirms it.
    const match = (col: "payer_address" | "payer_eoa_address" | "payee") => {
      const column = Prisma.raw(`p.${col}`);
      return kind === "tron"
        ? Prisma.sql`(lower(${column}) = ${lower} AND ${column} = ${exact})`
        : Prisma.sql`lower(${column}) = ${lower}`;
    };
    // Three columns of payments, each with its (platform_id, lower(…)) index, ORed into one
    // bitmap, whose ids are collected first (ARRAY(…) runs once, before the page). Written on
    // `p`, or as `p.id IN (…)`, the planner may instead walk the whole platform newest first
    // and filter — it did for the payees its statistics hold as frequent: 1 s at a million.
    conds.push(
      Prisma.sql`p.id = ANY(ARRAY(SELECT p.id FROM payments p WHERE p.platform_id = ${platform} AND (${match("payer_address")} OR ${match("payer_eoa_address")} OR ${match("payee")})))`,
    );
  }
  if (f.types) conds.push(Prisma.sql`p.type = ANY(${f.types}::text[]::"PaymentType"[])`);
  if (f.paymentCurrencyIds) conds.push(Prisma.sql`p.currency = ANY(${f.paymentCurrencyIds}::text[])`);
  // Copied from the request at insert (record-payments.ts; for other writers, the trigger of migration payment_payee).
  if (f.invoiceCurrencyIds) conds.push(Prisma.sql`p.invoice_currency = ANY(${f.invoiceCurrencyIds}::text[])`);
  if (f.fromDate) conds.push(Prisma.sql`p.block_time >= ${f.fromDate.toISOString()}::timestamp`);
  if (f.toDate) conds.push(Prisma.sql`p.block_time <= ${f.toDate.toISOString()}::timestamp`);
  return Prisma.join(conds, " AND ");
}

interface Row extends RequestColumns {
  id: string;
  network: string;
  tx_hash: string;
  block_time: string;
  type: string;
  amount: string;
  fee_amount: string;
  fee_address: string | null;
  payer_address: string | null;
  payee: string | null;
  currency: string | null;
  conversion_rate: string | null;
  sort_value: string | null;
}

function fromRow(r: Row): FoundPayment {
  return {
    id: r.id,
    network: r.network,
    txHash: r.tx_hash,
    blockTime: new Date(r.block_time), // formatted as UTC ISO 8601 by the query

    type: r.type,
    amount: toBigInt(r.amount),
    feeAmount: toBigInt(r.fee_amount),
    feeAddress: r.fee_address,
    payerAddress: r.payer_address,
    payee: r.payee,
    currency: r.currency,
    conversionRate: r.conversion_rate,
    request: {
      requestId: r.request_id,
      paymentReference: r.payment_reference,
      reference: r.reference,
      customerInfo: customerInfoOfColumns(r),
      invoiceCurrency: r.invoice_currency,
      paymentCurrency: r.payment_currency,
      status: r.status as RequestStatus,
      expectedAmount: toBigInt(r.expected_amount),
      amountPaid: toBigInt(r.amount_paid),
    },
  };
}

/** Each currency id's decimals, so amounts of tokens with 6 and 18 decimals order by value. */
const CURRENCY_IDS = CURRENCIES.map((c) => c.id);
const CURRENCY_DECIMALS = CURRENCIES.map((c) => c.decimals);

/** The amount at 36 decimals, so amounts of tokens with 6 and 18 decimals compare by value. */
const valueSql = () =>
  Prisma.sql`(p.amount * 10::numeric ^ (36 - COALESCE((SELECT d.decimals FROM unnest(${CURRENCY_IDS}::text[], ${CURRENCY_DECIMALS}::int[]) AS d(id, decimals) WHERE d.id = COALESCE(p.currency, ${REQUEST_PAYMENT_CURRENCY_SQL})), 18)))`;

const byAmount = (page: PaymentPage) => page.order === "amount_desc" || page.order === "amount_asc";

function orderSql(page: PaymentPage): Prisma.Sql {
  const value = valueSql();
  switch (page.order ?? "newest") {
    case "oldest":
      return Prisma.sql`p.block_time ASC, p.id ASC`;
    case "amount_desc":
      return Prisma.sql`${value} DESC, p.block_time DESC, p.id DESC`;
    case "amount_asc":
      return Prisma.sql`${value} ASC, p.block_time DESC, p.id DESC`;
    default:
      return Prisma.sql`p.block_time DESC, p.id DESC`;
  }
}

/**
 * Keyset: the rows after `after` in the page's order. The plain block_time bound is what an
 * index on (…, block_time) can seek to; the row comparison then settles ties (a batch's
 * payments share their block time) by id.
 */
function afterSql(page: PaymentPage): Prisma.Sql | null {
  const a = page.after;
  if (!a) return null;
  const t = Prisma.sql`${a.blockTime.toISOString()}::timestamp`;
  const id = Prisma.sql`${a.id}::uuid`;
  const older = Prisma.sql`(p.block_time < ${t} OR (p.block_time = ${t} AND p.id < ${id}))`;
  switch (page.order ?? "newest") {
    case "oldest":
      return Prisma.sql`p.block_time >= ${t} AND (p.block_time > ${t} OR p.id > ${id})`;
    case "amount_desc":
    case "amount_asc": {
      const v = Prisma.sql`${a.value ?? "0"}::numeric`;
      const beyond = page.order === "amount_desc" ? Prisma.sql`${valueSql()} < ${v}` : Prisma.sql`${valueSql()} > ${v}`;
      return Prisma.sql`(${beyond} OR (${valueSql()} = ${v} AND ${older}))`;
    }
    default:
      return Prisma.sql`p.block_time <= ${t} AND ${older}`;
  }
}

function pageSql(where: Prisma.Sql, page: PaymentPage): Prisma.Sql {
  const after = afterSql(page);
  const conditions = Prisma.sql`${where}${after ? Prisma.sql` AND ${after}` : Prisma.empty}`;
  // One row more than the page tells whether another page follows.
  const limit = Prisma.sql`LIMIT ${page.limit + 1} OFFSET ${after ? 0 : page.offset}`;
  const columns = Prisma.sql`${byAmount(page) ? Prisma.sql`${valueSql()}::text` : Prisma.sql`NULL`} AS sort_value, p.id::text, p.network, p.tx_hash, to_char(p.block_time, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS block_time, p.type::text, p.amount::text,
            p.fee_amount::text, p.fee_address, p.payer_address, p.payee, p.currency, p.conversion_rate, ${REQUEST_COLUMNS_SQL}`;
  // Orders by amount read the request's payment currency (valueSql): they join first.
  if (byAmount(page))
    return Prisma.sql`SELECT ${columns} FROM payments p ${joinRequestSql(Prisma.sql`p.request_id`)} WHERE ${conditions} ORDER BY ${orderSql(page)} ${limit}`;
  // Otherwise the page is chosen from payments alone, then joined: a wallet with 1,000
  // payments reads 26 requests, not 1,000 (the planner joins before sorting when it can).
  return Prisma.sql`SELECT ${columns}
       FROM (SELECT p.* FROM payments p WHERE ${conditions} ORDER BY ${orderSql(page)} ${limit}) p ${joinRequestSql(Prisma.sql`p.request_id`)}
      ORDER BY ${orderSql(page)}`;
}

export async function searchPayments(
  platformId: string,
  filter: PaymentFilter,
  page: PaymentPage,
): Promise<PaymentSearchResult> {
  const prisma = await db();
  const where = searchConditions(platformId, filter);
  const fetched = await prisma.$queryRaw<Row[]>(pageSql(where, page));
  const more = fetched.length > page.limit;
  const rows = more ? fetched.slice(0, page.limit) : fetched;
  const last = rows.at(-1);
  const next: PageAfter | null =
    more && last
      ? {
          blockTime: new Date(last.block_time),
          id: last.id,
          ...(last.sort_value !== null ? { value: last.sort_value } : {}),
        }
      : null;
  // The exact count, over the same indexes as the page (docs/decisions/payment-search.md).
  // A keyset walk counted on its first page; a last page from offset 0 already tells the count.
  let total: number;
  if (page.knownTotal !== undefined) {
    total = page.knownTotal;
  } else if (!more && !page.after && (rows.length > 0 || page.offset === 0)) {
    total = page.offset + rows.length;
  } else {
    const [{ n }] = await prisma.$queryRaw<{ n: string }[]>(countSql(platformId, filter, where));
    total = Number(n);
  }
  return { payments: rows.map(fromRow), total, next };
}

const DAY_MS = 86_400_000;
const dayOf = (t: Date) => new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);
const isoDay = (t: Date) => t.toISOString().slice(0, 10);

/**
 * The exact number of matches. Every condition is on `p`, so a count reads payments alone
 * (often their index only). A search on type, currencies and dates alone — the broad ones, up
 * to every payment of the platform — sums the whole UTC days inside its range from
 * payment_counts (kept by triggers, migration payment_counts) and counts only the payments of
 * the partial days at its ends.
 */
function countSql(platformId: string, f: PaymentFilter, where: Prisma.Sql): Prisma.Sql {
  const count = (extra: Prisma.Sql | null) =>
    Prisma.sql`(SELECT count(*) FROM payments p WHERE ${where}${extra ? Prisma.sql` AND ${extra}` : Prisma.sql``})`;
  if (f.txHashes || f.wallet || f.paymentReference || f.requestId || f.reference)
    return Prisma.sql`SELECT ${count(null)}::text AS n`;
  // Whole days inside [fromDate, toDate]: from the first midnight at or after fromDate, up to
  // (excluded) the last midnight at or before toDate + 1 ms.
  const firstDay = f.fromDate
    ? ((d) => (d.getTime() === f.fromDate!.getTime() ? d : new Date(d.getTime() + DAY_MS)))(dayOf(f.fromDate))
    : null;
  const endDay = f.toDate ? dayOf(new Date(f.toDate.getTime() + 1)) : null;
  if (firstDay && endDay && firstDay >= endDay) return Prisma.sql`SELECT ${count(null)}::text AS n`;
  const conds: Prisma.Sql[] = [Prisma.sql`c.platform_id = ${platformId}::uuid`];
  if (f.types) conds.push(Prisma.sql`c.type = ANY(${f.types}::text[]::"PaymentType"[])`);
  if (f.paymentCurrencyIds) conds.push(Prisma.sql`c.currency = ANY(${f.paymentCurrencyIds}::text[])`);
  if (f.invoiceCurrencyIds) conds.push(Prisma.sql`c.invoice_currency = ANY(${f.invoiceCurrencyIds}::text[])`);
  if (firstDay) conds.push(Prisma.sql`c.day >= ${isoDay(firstDay)}::date`);
  if (endDay) conds.push(Prisma.sql`c.day < ${isoDay(endDay)}::date`);
  const days = Prisma.sql`(SELECT COALESCE(sum(c.n), 0) FROM payment_counts c WHERE ${Prisma.join(conds, " AND ")})`;
  const head = firstDay
    ? Prisma.sql` + ${count(Prisma.sql`p.block_time < ${firstDay.toISOString()}::timestamp`)}`
    : Prisma.sql``;
  const tail = endDay
    ? Prisma.sql` + ${count(Prisma.sql`p.block_time >= ${endDay.toISOString()}::timestamp`)}`
    : Prisma.sql``;
  return Prisma.sql`SELECT (${days}${head}${tail})::text AS n`;
}
