// The payments page's address: filters and page in the query string, checked with the API's
// own parameter schemas. A value the API would refuse is kept as typed and named with its
// reason, next to its field; the page then searches nothing (a list that silently left a
// filter out would look like the filtered one). A date from the form's date picker
// (YYYY-MM-DD) covers its whole UTC day. Unlike the API, no filter at all is fine here: the
// page then lists the latest payments. The CSV export reads the same address.
import {
  FILTER_NAMES,
  PAYMENT_ORDERS,
  type PaymentFilter,
  type PaymentOrder,
  type PaymentPage,
  type PaymentSearchQuery,
  paymentSearchFields,
  toPaymentFilter,
} from "../payments";

type SearchParams = Record<string, string | string[] | undefined>;
type FilterName = (typeof FILTER_NAMES)[number];

export const PAYMENTS_PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface PaymentsPageQuery {
  /** The filters as typed (invalid ones too), to refill the form and build page links. */
  values: Partial<Record<FilterName, string>>;
  filter: PaymentFilter;
  page: PaymentPage;
  /** Why a value is refused, by parameter; when any, nothing may be searched. */
  errors: Partial<Record<FilterName | "offset" | "sort", string>>;
  /** The list's order (`sort` in the address); newest first when not given. */
  order: PaymentOrder;
}

export function parsePaymentsPageQuery(params: SearchParams): PaymentsPageQuery {
  const values: PaymentsPageQuery["values"] = {};
  const errors: PaymentsPageQuery["errors"] = {};
  const query: Partial<PaymentSearchQuery> = {};
  const shape = paymentSearchFields.shape;
  for (const name of FILTER_NAMES) {
    const raw = params[name];
    if (Array.isArray(raw)) {
      values[name] = raw.join(",");
      errors[name] = "give it once";
      continue;
    }
    const given = raw?.trim();
    if (!given) continue;
    values[name] = given;
    let value = given;
    if (DAY.test(given) && name === "fromDate") value = `${given}T00:00:00.000Z`;
    if (DAY.test(given) && name === "toDate") value = `${given}T23:59:59.999Z`;
    const parsed = shape[name].safeParse(value);
    if (parsed.success && parsed.data !== undefined) (query as Record<string, unknown>)[name] = parsed.data;
    else errors[name] = parsed.success ? "is not valid" : (parsed.error.issues[0]?.message ?? "is not valid");
  }
  if (query.fromDate && query.toDate && query.toDate < query.fromDate)
    errors.toDate = "must be on or after the From day";
  const offsetRaw = params.offset;
  let offset = 0;
  if (Array.isArray(offsetRaw)) errors.offset = "give it once";
  else if (offsetRaw) {
    const parsed = shape.offset.safeParse(offsetRaw);
    if (parsed.success) offset = parsed.data ?? 0;
    else errors.offset = parsed.error.issues[0]?.message ?? "is not valid";
  }
  let order: PaymentOrder = "newest";
  const sort = params.sort;
  if (Array.isArray(sort)) errors.sort = "give it once";
  else if (sort) {
    if ((PAYMENT_ORDERS as readonly string[]).includes(sort)) order = sort as PaymentOrder;
    else errors.sort = `must be one of ${PAYMENT_ORDERS.join(", ")}`;
  }
  const { filter } = toPaymentFilter(query as PaymentSearchQuery);
  return { values, filter, page: { limit: PAYMENTS_PAGE_SIZE, offset, order }, errors, order };
}

/** The page's address with these filters, at `offset`, in `order`. */
export function paymentsHref(values: PaymentsPageQuery["values"], offset = 0, order: PaymentOrder = "newest"): string {
  const q = filterParams(values);
  if (order !== "newest") q.set("sort", order);
  if (offset > 0) q.set("offset", String(offset));
  const s = q.toString();
  return s ? `/dashboard/payments?${s}` : "/dashboard/payments";
}

/** The CSV export of every payment these filters match, in the list's order. */
export function paymentsCsvHref(values: PaymentsPageQuery["values"], order: PaymentOrder = "newest"): string {
  const q = filterParams(values);
  if (order !== "newest") q.set("sort", order);
  const s = q.toString();
  return s ? `/dashboard/payments/export?${s}` : "/dashboard/payments/export";
}

function filterParams(values: PaymentsPageQuery["values"]): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
  return q;
}
