// GET /dashboard/payments/export: every payment the payments page's filters match, as CSV,
// for the signed-in platform (the session cookie, as the pages read it). The rows are read
// page by page through the same search as GET /v2/payments and streamed as they come, so a
// large export holds one page in memory. Pages follow each other by keyset (each starts after
// the previous page's last row), so the millionth row costs what the first did, and a row
// recorded or removed meanwhile shifts nothing; rows recorded after the export began are left
// out (toDate is capped at its start).

import { resolveSession } from "../auth";
import { readCookie, SESSION_COOKIE } from "../http/caller";
import { errorResponse } from "../http/errors";
import { usdValue } from "../pay-page/browser";
import type { PageAfter } from "../payments";
import { searchPayments } from "../payments";
import { type PaymentRow, toPaymentRow } from "./payment-rows";
import { parsePaymentsPageQuery } from "./payment-search-query";

const CSV_PAGE_SIZE = 500;

const COLUMNS: [string, (r: PaymentRow) => string | null][] = [
  ["time", (r) => r.timestamp],
  ["payment_id", (r) => r.id],
  ["network", (r) => r.sourceNetwork],
  ["type", (r) => r.type],
  ["amount", (r) => r.amount],
  ["currency", (r) => r.paymentCurrency],
  // What the table's "USD value" shows, as a plain number: the amount of a dollar stablecoin
  // (never rounded), empty for a token that needs an exchange rate.
  ["usd_value", (r) => usdValue(r.amount, r.paymentCurrency)?.replace(/[$,]/g, "") ?? null],
  ["invoice_currency", (r) => r.currency],
  ["fee", (r) => r.fees?.[0]?.amount ?? "0"],
  ["payer", (r) => r.payer],
  ["payee", (r) => r.payee],
  ["tx_hash", (r) => r.sourceTxHash],
  ["request_id", (r) => r.request.requestId],
  ["payment_reference", (r) => r.request.paymentReference],
  ["reference", (r) => r.request.reference],
  ["request_paid", (r) => String(r.request.hasBeenPaid)],
];

// OWASP's CSV injection rule: a cell a spreadsheet would evaluate (it starts with = + - @, a tab
// or a carriage return, or their full-width forms, which some spreadsheets read alike) gets a
// leading quote, so it is shown as text. Only a plain number keeps its sign: "-1+HYPERLINK(…)"
// starts like one but is a formula.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV field (RFC 4180). Text a spreadsheet would run as a formula gets a leading quote. */
export function csvField(value: string | null): string {
  if (value === null) return "";
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(row: PaymentRow): string {
  return `${COLUMNS.map(([, get]) => csvField(get(row))).join(",")}\r\n`;
}

export const CSV_HEADER = `${COLUMNS.map(([name]) => name).join(",")}\r\n`;

export async function exportPaymentsCsv(req: Request, now = new Date(), pageSize = CSV_PAGE_SIZE): Promise<Response> {
  const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  const session = token ? await resolveSession(token) : null;
  if (!session) return errorResponse(401, "credentials_not_accepted", "Sign in to the dashboard to export payments");
  const url = new URL(req.url);
  const params: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    params[key] = all.length > 1 ? all : all[0];
  }
  const { filter, errors, order } = parsePaymentsPageQuery(params);
  const invalid = Object.entries(errors).filter(([name]) => name !== "offset");
  if (invalid.length > 0)
    return errorResponse(400, "validation_failed", "Validation failed", {
      errors: invalid.map(([field, message]) => ({ field, message: message ?? "is not valid" })),
    });
  const capped = { ...filter, toDate: filter.toDate && filter.toDate < now ? filter.toDate : now };
  const platformId = session.platformId;
  const encoder = new TextEncoder();
  let after: PageAfter | undefined;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_HEADER));
      }
      // knownTotal: the export never reads the count.
      const { payments, next } = await searchPayments(platformId, capped, {
        limit: pageSize,
        offset: 0,
        order,
        after,
        knownTotal: 0,
      });
      if (payments.length > 0)
        controller.enqueue(encoder.encode(payments.map((p) => csvLine(toPaymentRow(p))).join("")));
      if (next) after = next;
      else controller.close();
    },
  });
  const day = now.toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="payments-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
