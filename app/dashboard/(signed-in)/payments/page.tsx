import Link from "next/link";
import { PageHeader } from "@/components/dashboard/page-header";
import { PaymentFilters } from "@/components/dashboard/payments/payment-filters";
import { PaymentsTable } from "@/components/dashboard/payments/payments-table";
import { buttonClasses } from "@/components/ui/button-classes";
import { EmptyState } from "@/components/ui/states";
import {
  parsePaymentsPageQuery,
  paymentsCsvHref,
  paymentsHref,
  requireDashboardSession,
  toPaymentRow,
} from "@/lib/dashboard";
import { searchPayments } from "@/lib/payments";

export const metadata = { title: "Payments" };

function Header() {
  return (
    <PageHeader title="Payments">
      <p>
        Payments detected on chain for your requests, newest first (sort by time or amount with the column titles). The
        same search is <code className="rounded bg-slate-100 px-1">GET /v2/payments</code> for your servers.
      </p>
    </PageHeader>
  );
}

export default async function PaymentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireDashboardSession();
  const { values, filter, page, errors, order } = parsePaymentsPageQuery(await searchParams);
  const invalid = Object.keys(errors).length > 0;
  const filtered = Object.keys(values).length > 0;
  if (invalid) {
    return (
      <>
        <Header />
        <PaymentFilters values={values} errors={errors} order={order} />
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {errors.offset ? `The page offset ${errors.offset}. ` : ""}
          {errors.sort ? `The order ${errors.sort}. ` : ""}Nothing was searched: correct the values marked above, or
          clear the filters.
        </p>
      </>
    );
  }
  const result = await searchPayments(session.platform.id, filter, page);
  const payments = result.payments.map(toPaymentRow);
  const total = result.total;
  const hasMore = page.offset + payments.length < total;
  const from = page.offset + 1;
  const to = page.offset + payments.length;
  return (
    <>
      <Header />
      <PaymentFilters values={values} errors={errors} order={order} />
      {payments.length === 0 ? (
        <EmptyState title={filtered ? "No payment matches these filters" : "No payments yet"}>
          {filtered
            ? "Try fewer filters or a wider date range."
            : "Payments appear here once a request of yours is paid on chain."}
        </EmptyState>
      ) : (
        <>
          <PaymentsTable payments={payments} sorting={{ order, href: (o) => paymentsHref(values, 0, o) }} />
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-700">
            <span data-testid="payments-range">
              {from}–{to} of {total}
            </span>
            <span className="flex gap-2">
              <a className={buttonClasses("secondary", "sm")} href={paymentsCsvHref(values, order)} download>
                Export CSV ({total})
              </a>
              {page.offset > 0 && (
                <Link
                  className={buttonClasses("secondary", "sm")}
                  href={paymentsHref(values, Math.max(0, page.offset - page.limit), order)}
                >
                  Previous
                </Link>
              )}
              {hasMore && (
                <Link
                  className={buttonClasses("secondary", "sm")}
                  href={paymentsHref(values, page.offset + page.limit, order)}
                >
                  Next
                </Link>
              )}
            </span>
          </nav>
        </>
      )}
    </>
  );
}
