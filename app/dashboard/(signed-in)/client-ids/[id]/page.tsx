import { ClientIdDestinationPanel } from "@/components/dashboard/client-id-destination-panel";
import { ClientIdDetails } from "@/components/dashboard/client-id-details";
import { ClientIdWebhooksPanel } from "@/components/dashboard/webhooks/client-id-webhooks-panel";
import { getClientId } from "@/lib/client-ids";
import { orNotFound, requireDashboardSession } from "@/lib/dashboard";
import { ApiError } from "@/lib/http/errors";
import { getClientIdLink } from "@/lib/orchestrators";
import { listDestinations } from "@/lib/payee-destinations";
import { endpointCountsByClientId } from "@/lib/webhooks";

export const metadata = { title: "Client ID" };

export default async function ClientIdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const session = await requireDashboardSession();
  const record = await orNotFound(getClientId(session.platform.id, id));
  const link = await getClientIdLink(session.platform.id, id).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === "client_id_not_linked") return null;
    throw err;
  });
  const webhooks = (await endpointCountsByClientId(session.platform.id))[record.id];
  const destinations = await listDestinations(session.platform.id, { active: true });
  return (
    <div className="space-y-6">
      <ClientIdDetails record={record} link={link} />
      <ClientIdDestinationPanel
        clientIdId={record.id}
        bound={record.payeeDestinationId}
        backend={record.allowedDomains.length === 0}
        destinations={destinations.map(({ destinationId, network, symbol, walletAddress }) => ({
          destinationId,
          network,
          symbol,
          walletAddress,
        }))}
        canChange={record.status !== "revoked"}
      />
      <ClientIdWebhooksPanel clientIdId={record.id} counts={webhooks} />
    </div>
  );
}
