import Link from "next/link";
import { AuditLogFilters } from "@/components/dashboard/audit-log/audit-log-filters";
import { AuditLogTable } from "@/components/dashboard/audit-log/audit-log-table";
import { PageHeader } from "@/components/dashboard/page-header";
import { buttonClasses } from "@/components/ui/button-classes";
import { EmptyState } from "@/components/ui/states";
import {
  AUDIT_PAGE_SIZE,
  auditLogCsvHref,
  auditLogHref,
  loadAuditLogPage,
  parseAuditLogPageQuery,
  requireDashboardSession,
} from "@/lib/dashboard";

export const metadata = { title: "Audit log" };

function Header() {
  return (
    <PageHeader title="Audit log">
      <p>
        Every change to your API keys, client IDs, webhook endpoints, payee destinations, branding, profile, payer
        reviews and refunds: who made it, when, from where and what changed, newest first. Secrets and personal data are
        never recorded, only that they changed. Your servers read the same log with{" "}
        <code className="rounded bg-slate-100 px-1">GET /v1/platform/audit-log</code> (an API key with the admin scope).
      </p>
    </PageHeader>
  );
}

export default async function AuditLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireDashboardSession();
  const { values, errors, filter, offset } = parseAuditLogPageQuery(await searchParams);
  if (Object.keys(errors).length > 0) {
    return (
      <>
        <Header />
        <AuditLogFilters values={values} errors={errors} />
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {errors.offset ? `The page offset ${errors.offset}. ` : ""}Nothing was searched: correct the values marked
          above, or clear the filters.
        </p>
      </>
    );
  }
  const { rows, total } = await loadAuditLogPage(session.platform.id, filter, offset);
  const filtered = Object.keys(values).length > 0;
  return (
    <>
      <Header />
      <AuditLogFilters values={values} errors={errors} />
      {rows.length === 0 ? (
        <EmptyState title={filtered ? "No entry matches these filters" : "No changes recorded yet"}>
          {filtered
            ? "Try fewer filters or a wider date range."
            : "Changes to your setup appear here as they are made."}
        </EmptyState>
      ) : (
        <>
          <AuditLogTable rows={rows} />
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-700">
            <span data-testid="audit-log-range">
              {offset + 1}–{offset + rows.length} of {total}
            </span>
            <span className="flex gap-2">
              <a className={buttonClasses("secondary", "sm")} href={auditLogCsvHref(values)} download>
                Export CSV ({total})
              </a>
              {offset > 0 && (
                <Link
                  className={buttonClasses("secondary", "sm")}
                  href={auditLogHref(values, Math.max(0, offset - AUDIT_PAGE_SIZE))}
                >
                  Previous
                </Link>
              )}
              {offset + rows.length < total && (
                <Link
                  className={buttonClasses("secondary", "sm")}
                  href={auditLogHref(values, offset + AUDIT_PAGE_SIZE)}
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
