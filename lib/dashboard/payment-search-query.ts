// The payments page's address: filters and page in the query string, checked with the API's
// own parameter schemas. A value the API would refuse is dropped and named (the page shows the
// rest with a note), and a date from the form's date picker (YYYY-MM-DD) covers its whole UTC
// day. Unlike the API, no filter at all is fine here: the page then lists the latest payments.
import { FILTER_NAMES, paymentSearchFields, toPaymentFilter, type PaymentFilter, type PaymentPage, type PaymentSearchQuery } from "../payments/search-query";

type SearchParams = Record<string, string | string[] | undefined>;

export const PAYMENTS_PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface PaymentsPageQuery {
  /** The filters as typed, to refill the form and build page links. */
  values: Partial<Record<(typeof FILTER_NAMES)[number], string>>;
  filter: PaymentFilter;
  page: PaymentPage;
  ignored: string[];
}

export function parsePaymentsPageQuery(params: SearchParams): PaymentsPageQuery {
  const values: PaymentsPageQuery["values"] = {};
  const query: Partial<PaymentSearchQuery> = {};
  const ignored: string[] = [];
  const shape = paymentSearchFields.shape;
  for (const name of FILTER_NAMES) {
    const raw = params[name];
    if (Array.isArray(raw)) {
      ignored.push(name);
      continue;
    }
    const given = raw?.trim();
    if (!given) continue;
    let value = given;
    if (DAY.test(given) && name === "fromDate") value = `${given}T00:00:00.000Z`;
    if (DAY.test(given) && name === "toDate") value = `${given}T23:59:59.999Z`;
    const parsed = shape[name].safeParse(value);
    if (parsed.success && parsed.data !== undefined) {
      (query as Record<string, unknown>)[name] = parsed.data;
      values[name] = given;
    } else ignored.push(name);
  }
  if (query.fromDate && query.toDate && query.toDate < query.fromDate) {
    delete query.toDate;
    delete values.toDate;
    ignored.push("toDate");
  }
  const offsetRaw = params.offset;
  const offset = typeof offsetRaw === "string" && offsetRaw ? shape.offset.safeParse(offsetRaw) : undefined;
  if (offset && !offset.success) ignored.push("offset");
  const { filter } = toPaymentFilter(query as PaymentSearchQuery);
  return { values, filter, page: { limit: PAYMENTS_PAGE_SIZE, offset: offset?.success ? (offset.data ?? 0) : 0 }, ignored };
}

/** The page's address with these filters, at `offset`. */
export function paymentsHref(values: PaymentsPageQuery["values"], offset = 0): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
  if (offset > 0) q.set("offset", String(offset));
  const s = q.toString();
  return s ? `/dashboard/payments?${s}` : "/dashboard/payments";
}
