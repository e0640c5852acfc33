import { ClientIdDetails } from "@/components/dashboard/client-id-details";
import { ClientIdWebhooksPanel } from "@/components/dashboard/webhooks/client-id-webhooks-panel";
import { ApiError } from "@/lib/api/errors";
import { getClientId } from "@/lib/client-ids/manage-client-ids";
import { orNotFound } from "@/lib/dashboard/or-not-found";
import { requireDashboardSession } from "@/lib/dashboard/page-session";
import { getClientIdLink } from "@/lib/orchestrators/links";
import { endpointCountsByClientId } from "@/lib/webhooks/endpoint-summaries";

export const metadata = { title: "Client ID" };

export default async function ClientIdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const session = await requireDashboardSession();
  const record = await orNotFound(getClientId(session.platform.id, id));
  const link = await getClientIdLink(session.platform.id, id).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null; // not linked
    throw err;
  });
  const webhooks = (await endpointCountsByClientId(session.platform.id))[record.id];
  return (
    <div className="space-y-6">
      <ClientIdDetails record={record} link={link} />
      <ClientIdWebhooksPanel clientIdId={record.id} counts={webhooks} />
    </div>
  );
}
