import { EndpointView } from "@/components/dashboard/webhooks/endpoint-view";
import { getClientId } from "@/lib/client-ids";
import { orNotFound, parseDeliveryLogQuery, platformEventChoices, requireDashboardSession } from "@/lib/dashboard";
import { getPlatformEndpoint, listDeliveries } from "@/lib/webhooks";

export const metadata = { title: "Webhook endpoint" };

const PAGE_SIZE = 25;

export default async function WebhookEndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ clientId: string; webhookId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { clientId, webhookId } = await params;
  const session = await requireDashboardSession();
  const client = await orNotFound(getClientId(session.platform.id, clientId));
  const endpoint = await orNotFound(getPlatformEndpoint(client.id, webhookId));
  const { query, ignored } = parseDeliveryLogQuery(await searchParams);
  const readAt = new Date().toISOString();
  const page = await listDeliveries(endpoint.id, { ...query, limit: PAGE_SIZE });
  return (
    <EndpointView
      client={{ id: client.id, label: client.label, clientId: client.clientId }}
      endpoint={endpoint}
      events={platformEventChoices()}
      log={{ ...page, query, ignored, readAt }}
    />
  );
}
