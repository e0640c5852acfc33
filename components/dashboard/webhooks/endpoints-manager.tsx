// A client ID's webhook endpoints: add one (its secret shown once), list them with how their
// last day of deliveries went, activate/deactivate, delete, send a test event.
"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState, useTransition } from "react";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { ListTable, Td } from "@/components/ui/table";
import type { WebhookEventChoices } from "@/lib/dashboard/browser";
import { endpointHref } from "@/lib/dashboard/browser";
import type { DeliveryCounts, PlatformEndpointView } from "@/lib/webhooks";
import { ClientIdAloneBadge } from "./client-id-actions";
import { ClientIdAloneSetting } from "./client-id-alone-setting";
import { CreateEndpointForm } from "./create-endpoint-form";
import { DeleteEndpointButton, EndpointActiveButton } from "./endpoint-actions";
import { NewSecretNotice } from "./new-secret-notice";
import { SendTestEventForm } from "./send-test-event-form";

function RecentDeliveries({ counts }: { counts: DeliveryCounts | undefined }) {
  if (!counts || counts.delivered + counts.failed + counts.pending === 0)
    return <span className="text-slate-500">none</span>;
  return (
    <span className="whitespace-nowrap">
      {counts.delivered} delivered
      {counts.failed > 0 && <span className="font-medium text-red-700"> · {counts.failed} failed</span>}
      {counts.pending > 0 && <span className="text-blue-800"> · {counts.pending} pending</span>}
    </span>
  );
}

export function WebhookEndpointsManager({
  client,
  endpoints,
  recent,
  urlRule,
  events,
}: {
  client: {
    id: string;
    label: string;
    status: "active" | "inactive" | "revoked";
    webhookRegistrationByClientId: boolean;
  };
  endpoints: PlatformEndpointView[];
  /** Deliveries of the last 24 hours, by endpoint id. */
  recent: Record<string, DeliveryCounts>;
  urlRule: string;
  events: WebhookEventChoices;
}) {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [created, setCreated] = useState<{ id: string; secret: string; url: string } | null>(null);
  const refresh = useCallback(() => startRefresh(() => router.refresh()), [router]);
  const active = endpoints.filter((e) => e.isActive);

  return (
    <div className="space-y-6">
      {created && <NewSecretNotice url={created.url} secret={created.secret} onDone={() => setCreated(null)} />}

      {client.status === "revoked" ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          This client ID is revoked: no endpoint can be added to it.
        </p>
      ) : (
        <CreateEndpointForm
          clientIdId={client.id}
          urlRule={urlRule}
          onCreated={(c) => {
            setCreated(c);
            refresh();
          }}
        />
      )}

      {client.status !== "revoked" && (
        <ClientIdAloneSetting
          clientIdId={client.id}
          enabled={client.webhookRegistrationByClientId}
          onChanged={refresh}
        />
      )}

      <section aria-labelledby="endpoints-title" className="space-y-3">
        <h2 id="endpoints-title" className="font-semibold">
          Endpoints
        </h2>
        {endpoints.length === 0 ? (
          <EmptyState title="No webhook endpoints yet">
            Add the URL of your server above: it then receives this client ID’s payment events, signed.
          </EmptyState>
        ) : (
          <div aria-busy={refreshing || undefined}>
            <ListTable
              label={`Webhook endpoints of ${client.label}`}
              columns={["URL", "Status", "Last 24 h", "Created"]}
              actions
              rows={endpoints}
              rowKey={(e) => e.id}
              rowProps={() => ({ "data-testid": "webhook-endpoint-row" })}
            >
              {(e) => (
                <>
                  <Td className="max-w-xs min-w-48">
                    <Link
                      className="line-clamp-2 font-mono text-xs break-all text-blue-700 underline"
                      title={e.url}
                      href={endpointHref(client.id, e.id)}
                      aria-label={`Delivery log of ${e.url}`}
                    >
                      {e.url}
                    </Link>
                    <ClientIdAloneBadge actions={e.clientIdActions} />
                    {e.requestNetworkHeaders && (
                      <span className="mt-1 block text-xs text-slate-600">also the hosted service’s header names</span>
                    )}
                  </Td>
                  <Td>
                    <StatusBadge status={e.isActive ? "active" : "inactive"} />
                  </Td>
                  <Td className="text-xs">
                    <RecentDeliveries counts={recent[e.id]} />
                  </Td>
                  <Td className="whitespace-nowrap">{formatTime(e.createdAt)}</Td>
                  <Td>
                    <div className="flex items-start justify-end gap-2">
                      <EndpointActiveButton endpoint={e} onChanged={refresh} />
                      <DeleteEndpointButton endpoint={e} onDeleted={refresh} />
                    </div>
                  </Td>
                </>
              )}
            </ListTable>
          </div>
        )}
      </section>

      {endpoints.length > 0 && (
        <SendTestEventForm
          clientIdId={client.id}
          events={events}
          targets={active.map((e) => ({ id: e.id, url: e.url }))}
          onSent={refresh}
        />
      )}
    </div>
  );
}
