import { ClientIdsManager } from "@/components/dashboard/client-ids-manager";
import { PageHeader } from "@/components/dashboard/page-header";
import { listClientIds } from "@/lib/client-ids";
import { requireDashboardSession } from "@/lib/dashboard";

export const metadata = { title: "Client IDs" };

export default async function ClientIdsPage() {
  const session = await requireDashboardSession();
  const clientIds = await listClientIds(session.platform.id);
  return (
    <>
      <PageHeader title="Client IDs">
        <p>
          Web pages send a client ID as the <code className="rounded bg-slate-100 px-1">x-client-id</code> header; the
          API accepts it only from the origins it allows. Fees, operator and expiries set here apply to the payments
          made with it.
        </p>
      </PageHeader>
      <ClientIdsManager clientIds={clientIds} />
    </>
  );
}
