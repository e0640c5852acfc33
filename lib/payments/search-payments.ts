// Payment search: one platform's payments matching every given filter (AND), newest first,
// with the exact count of matches. Written in SQL so each filter maps onto one of the indexes
// of migration `payment_search_indexes` (see docs/decisions.md "Payment search"): filters on
// the request (reference, payment reference, payee, invoice currency) select request ids
// through the requests' own indexes, and wallet matches are a UNION of index scans, because
// an OR across payer, payer EOA and payee cannot use any single index.
import { toBigInt } from "../db/amounts";
import { db } from "../db/client";
import type { RequestStatus } from "../requests/request-store";
import type { PaymentFilter, PaymentPage } from "./search-query";

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
}

/** Builds the WHERE clause on `p` (payments) with numbered parameters; request filters are subqueries. */
export function searchConditions(platformId: string, f: PaymentFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [platformId];
  const arg = (v: unknown) => `$${params.push(v)}`;
  const conds = ["p.platform_id = $1::uuid"];
  // Request-side filters: request ids of this platform through payment_requests' indexes.
  const requestsWhere = (cond: string) => `p.request_id IN (SELECT id FROM payment_requests WHERE platform_id = $1::uuid AND ${cond})`;

  if (f.txHashes) conds.push(`p.tx_hash = ANY(${arg(f.txHashes)}::text[])`);
  if (f.requestId) conds.push(`p.request_id = ${arg(f.requestId)}`);
  if (f.paymentReference) conds.push(requestsWhere(`payment_reference = ${arg(f.paymentReference)}`));
  if (f.reference) conds.push(requestsWhere(`reference = ${arg(f.reference)}`));
  if (f.wallet) {
    const lower = arg(f.wallet.lower);
    // Tron base58 is case-sensitive: the lower() index finds it, the exact test confirms it.
    const exact = f.wallet.kind === "tron" ? arg(f.wallet.exact) : null;
    const match = (col: string) => `lower(${col}) = ${lower}${exact ? ` AND ${col} = ${exact}` : ""}`;
    conds.push(
      `p.id IN (` +
        `SELECT id FROM payments WHERE platform_id = $1::uuid AND ${match("payer_address")} ` +
        `UNION SELECT id FROM payments WHERE platform_id = $1::uuid AND ${match("payer_eoa_address")} ` +
        `UNION SELECT pp.id FROM payments pp WHERE pp.platform_id = $1::uuid AND pp.request_id IN (SELECT id FROM payment_requests WHERE platform_id = $1::uuid AND ${match("payee")}))`,
    );
  }
  if (f.types) conds.push(`p.type IN (${f.types.map((t) => `${arg(t)}::"PaymentType"`).join(", ")})`);
  if (f.paymentCurrencyIds) conds.push(`p.currency = ANY(${arg(f.paymentCurrencyIds)}::text[])`);
  // Copied from the request at insert (trigger of migration payment_invoice_currency).
  if (f.invoiceCurrencyIds) conds.push(`p.invoice_currency = ANY(${arg(f.invoiceCurrencyIds)}::text[])`);
  if (f.fromDate) conds.push(`p.block_time >= ${arg(f.fromDate.toISOString())}::timestamp`);
  if (f.toDate) conds.push(`p.block_time <= ${arg(f.toDate.toISOString())}::timestamp`);
  return { where: conds.join(" AND "), params };
}

interface Row {
  id: string;
  network: string;
  tx_hash: string;
  block_time: string;
  type: string;
  amount: string;
  fee_amount: string;
  fee_address: string | null;
  payer_address: string | null;
  currency: string | null;
  conversion_rate: string | null;
  request_id: string;
  payment_reference: string;
  reference: string | null;
  customer_info: unknown;
  invoice_currency: string;
  payment_currency: string;
  status: string;
  expected_amount: string;
  amount_paid: string;
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
    currency: r.currency,
    conversionRate: r.conversion_rate,
    request: {
      requestId: r.request_id,
      paymentReference: r.payment_reference,
      reference: r.reference,
      customerInfo: typeof r.customer_info === "string" ? JSON.parse(r.customer_info) : r.customer_info,
      invoiceCurrency: r.invoice_currency,
      paymentCurrency: r.payment_currency,
      status: r.status as RequestStatus,
      expectedAmount: toBigInt(r.expected_amount),
      amountPaid: toBigInt(r.amount_paid),
    },
  };
}

/** The page's SQL: its parameters are the conditions' followed by limit and offset. */
export function pageSql(where: string, paramCount: number): string {
  return `SELECT p.id::text, p.network, p.tx_hash, to_char(p.block_time, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS block_time, p.type::text, p.amount::text,
            p.fee_amount::text, p.fee_address, p.payer_address, p.currency, p.conversion_rate, r.id AS request_id, r.payment_reference, r.reference,
            r.customer_info::text, r.invoice_currency, r.payment_currency, r.status::text, r.expected_amount::text, r.amount_paid::text
       FROM payments p JOIN payment_requests r ON r.id = p.request_id
      WHERE ${where}
      ORDER BY p.block_time DESC, p.id DESC
      LIMIT $${paramCount + 1} OFFSET $${paramCount + 2}`;
}

/** Every condition is on `p`, so the count reads payments alone (often their index only). */
export function countSql(where: string): string {
  return `SELECT count(*)::text AS n FROM payments p WHERE ${where}`;
}

export async function searchPayments(platformId: string, filter: PaymentFilter, page: PaymentPage): Promise<PaymentSearchResult> {
  const prisma = await db();
  const { where, params } = searchConditions(platformId, filter);
  const rows = await prisma.$queryRawUnsafe<Row[]>(pageSql(where, params.length), ...params, page.limit, page.offset);
  // The exact count, over the same indexes as the page (docs/decisions.md: count strategy).
  // A page shorter than the limit already tells the count, so that query is saved.
  let total: number;
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    total = page.offset + rows.length;
  } else {
    const [{ n }] = await prisma.$queryRawUnsafe<{ n: string }[]>(countSql(where), ...params);
    total = Number(n);
  }
  return { payments: rows.map(fromRow), total };
}
