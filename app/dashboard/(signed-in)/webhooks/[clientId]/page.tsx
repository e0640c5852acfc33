import Link from "next/link";
import { PageHeader } from "@/components/dashboard/page-header";
import { WebhookEndpointsManager } from "@/components/dashboard/webhooks/endpoints-manager";
import { getClientId } from "@/lib/client-ids";
import { getConfig } from "@/lib/config";
import {
  orNotFound,
  platformEventChoices,
  requireDashboardSession,
  WEBHOOKS_HREF,
  webhookUrlRule,
} from "@/lib/dashboard";
import { listPlatformEndpoints, recentDeliveryCounts } from "@/lib/webhooks";

export const metadata = { title: "Webhooks" };

export default async function ClientWebhooksPage({ params }: { params: Promise<{ clientId: string }> }) {
  const { clientId } = await params;
  const session = await requireDashboardSession();
  const client = await orNotFound(getClientId(session.platform.id, clientId));
  const endpoints = await listPlatformEndpoints(client.id);
  const recent = await recentDeliveryCounts(endpoints.map((e) => e.id));
  return (
    <>
      <p className="mb-4 text-sm">
        <Link href={WEBHOOKS_HREF} className="text-blue-700 underline">
          ← All client IDs
        </Link>
      </p>
      <PageHeader title="Webhooks">
        <p>
          Endpoints of the client ID{" "}
          <Link className="font-medium text-blue-700 underline" href={`/dashboard/client-ids/${client.id}`}>
            {client.label}
          </Link>{" "}
          (<code className="font-mono text-xs break-all">{client.clientId}</code>). Each receives this client ID’s
          events, signed with its own secret; open one to read its delivery log.
        </p>
      </PageHeader>
      <WebhookEndpointsManager
        client={{
          id: client.id,
          label: client.label,
          status: client.status,
          webhookRegistrationByClientId: client.webhookRegistrationByClientId,
        }}
        endpoints={endpoints}
        recent={recent}
        urlRule={webhookUrlRule(getConfig())}
        events={platformEventChoices()}
      />
    </>
  );
}
