import Link from "next/link";
import { PageHeader } from "@/components/dashboard/page-header";
import { PaymentFilters } from "@/components/dashboard/payments/payment-filters";
import { PaymentsTable } from "@/components/dashboard/payments/payments-table";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { parsePaymentsPageQuery, paymentsHref } from "@/lib/dashboard/payment-search-query";
import { requireDashboardSession } from "@/lib/dashboard/page-session";
import { searchPayments } from "@/lib/payments/search-payments";
import { describeSearchResult } from "@/lib/payments/search-response";

export const metadata = { title: "Payments" };

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireDashboardSession();
  const { values, filter, page, ignored } = parsePaymentsPageQuery(await searchParams);
  const { payments, pagination } = describeSearchResult(await searchPayments(session.platform.id, filter, page), page);
  const filtered = Object.keys(values).length > 0;
  const from = pagination.offset + 1;
  const to = pagination.offset + payments.length;
  return (
    <>
      <PageHeader title="Payments">
        <p>
          Payments detected on chain for your requests, newest first. The same search is <code className="rounded bg-slate-100 px-1">GET /v2/payments</code> for your
          servers.
        </p>
      </PageHeader>
      <PaymentFilters values={values} />
      {ignored.length > 0 && (
        <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Ignored, not valid: {ignored.join(", ")}.
        </p>
      )}
      {payments.length === 0 ? (
        <EmptyState title={filtered ? "No payment matches these filters" : "No payments yet"}>
          {filtered ? "Try fewer filters or a wider date range." : "Payments appear here once a request of yours is paid on chain."}
        </EmptyState>
      ) : (
        <>
          <PaymentsTable payments={payments} />
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-700">
            <span data-testid="payments-range">
              {from}–{to} of {pagination.total}
            </span>
            <span className="flex gap-2">
              {pagination.offset > 0 && (
                <Link className={buttonClasses("secondary", "sm")} href={paymentsHref(values, Math.max(0, pagination.offset - pagination.limit))}>
                  Newer
                </Link>
              )}
              {pagination.hasMore && (
                <Link className={buttonClasses("secondary", "sm")} href={paymentsHref(values, pagination.offset + pagination.limit)}>
                  Older
                </Link>
              )}
            </span>
          </nav>
        </>
      )}
    </>
  );
}
