import Link from "next/link";
import { NoClientIdsYet } from "@/components/dashboard/no-client-ids";
import { PageHeader } from "@/components/dashboard/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, Td, Th } from "@/components/ui/table";
import { listClientIds } from "@/lib/client-ids";
import { clientWebhooksHref, requireDashboardSession } from "@/lib/dashboard";
import { endpointCountsByClientId } from "@/lib/webhooks";

export const metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const session = await requireDashboardSession();
  const [clientIds, counts] = await Promise.all([
    listClientIds(session.platform.id),
    endpointCountsByClientId(session.platform.id),
  ]);
  return (
    <>
      <PageHeader title="Webhooks">
        <p>
          Your servers hear about payments as they happen: each client ID sends its events to the webhook endpoints
          registered for it, signed with the endpoint’s secret and retried until they answer 2xx. Pick a client ID to
          manage its endpoints and read their delivery logs.
        </p>
      </PageHeader>
      {clientIds.length === 0 ? (
        <NoClientIdsYet>Webhook endpoints belong to a client ID. Create one first.</NoClientIdsYet>
      ) : (
        <Table label="Client IDs and their webhook endpoints">
          <thead>
            <tr>
              <Th>Client ID</Th>
              <Th>Status</Th>
              <Th>Endpoints</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {clientIds.map((c) => {
              const n = counts[c.id];
              return (
                <tr key={c.id} data-testid="webhook-client-row">
                  <Td className="min-w-40">
                    <Link className="font-medium text-blue-700 underline" href={clientWebhooksHref(c.id)}>
                      {c.label}
                    </Link>
                    <span className="block font-mono text-xs whitespace-nowrap text-slate-500">{c.clientId}</span>
                  </Td>
                  <Td>
                    <StatusBadge status={c.status} />
                  </Td>
                  <Td className="whitespace-nowrap">{n ? `${n.active} active of ${n.total}` : "none"}</Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </>
  );
}
