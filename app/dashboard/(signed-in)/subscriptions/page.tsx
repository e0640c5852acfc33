import { PageHeader } from "@/components/dashboard/page-header";
import { SubscriptionsTable } from "@/components/dashboard/subscriptions/subscriptions-table";
import { EmptyState } from "@/components/ui/states";
import { requireDashboardSession } from "@/lib/dashboard";
import { listSubscriptions } from "@/lib/recurring";

export const metadata = { title: "Subscriptions" };

export default async function SubscriptionsPage() {
  const session = await requireDashboardSession();
  const rows = await listSubscriptions(session.platform.id);
  return (
    <>
      <PageHeader title="Subscriptions">
        <p>
          Recurring payouts your payers signed once: the service pays each instalment when it is due. Created by{" "}
          <code className="rounded bg-slate-100 px-1">POST /v2/payouts</code> with{" "}
          <code className="rounded bg-slate-100 px-1">recurrence</code> from your servers.
        </p>
      </PageHeader>
      {rows.length === 0 ? (
        <EmptyState title="No subscriptions yet">
          A recurring payout appears here once created; it is paid once the payer has signed it.
        </EmptyState>
      ) : (
        <SubscriptionsTable rows={rows} />
      )}
    </>
  );
}
