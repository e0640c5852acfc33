// One webhook endpoint: what it is, activate/deactivate, delete, a test event, and its log.
"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useTransition } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { formatTime } from "@/components/ui/format-time";
import { StatusBadge } from "@/components/ui/status-badge";
import type { WebhookEventChoices } from "@/lib/dashboard/browser";
import { clientWebhooksHref, type DeliveryLogQuery, endpointHref } from "@/lib/dashboard/browser";
import type { DeliveryView, PlatformEndpointView } from "@/lib/webhooks";
import { ClientIdActionList } from "./client-id-actions";
import { DeliveryLog } from "./delivery-log";
import { DeleteEndpointButton, EndpointActiveButton, HeaderNamesSetting } from "./endpoint-actions";
import { RotateSecret } from "./rotate-secret";
import { SendTestEventForm } from "./send-test-event-form";

export interface DeliveryLogPage {
  deliveries: DeliveryView[];
  nextCursor: string | null;
  query: DeliveryLogQuery;
  ignored: string[];
  readAt: string;
}

export function EndpointView({
  client,
  endpoint,
  events,
  log,
}: {
  client: { id: string; label: string; clientId: string };
  endpoint: PlatformEndpointView;
  events: WebhookEventChoices;
  log: DeliveryLogPage;
}) {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const refresh = useCallback(() => startRefresh(() => router.refresh()), [router]);
  const elsewhere = Boolean(log.query.event || log.query.status || log.query.cursor);

  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link href={clientWebhooksHref(client.id)} className="text-blue-700 underline">
          ← Webhooks of {client.label}
        </Link>
      </p>
      <section aria-labelledby="endpoint-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-center gap-3">
          <h1
            id="endpoint-title"
            title={endpoint.url}
            className="line-clamp-3 min-w-0 font-mono text-lg font-semibold break-all sm:text-xl"
          >
            {endpoint.url}
          </h1>
          <StatusBadge status={endpoint.isActive ? "active" : "inactive"} />
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Client ID</dt>
          <dd className="min-w-0">
            {client.label} · <code className="font-mono text-xs break-all">{client.clientId}</code>
          </dd>
          <dt className="text-slate-600">Endpoint id</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-2">
            <code className="font-mono text-xs break-all">{endpoint.id}</code>
            <CopyButton value={endpoint.id} what="endpoint id" />
          </dd>
          <dt className="text-slate-600">Created</dt>
          <dd>{formatTime(endpoint.createdAt)}</dd>
          <dt className="text-slate-600">Header names</dt>
          <dd>
            <code className="font-mono text-xs">x-service-*</code> and Standard Webhooks, always.
            <HeaderNamesSetting endpoint={endpoint} onChanged={refresh} />
          </dd>
          <dt className="text-slate-600">Signing secret</dt>
          <dd>
            <RotateSecret endpoint={endpoint} onRotated={refresh} />
          </dd>
          <dt className="text-slate-600">By client ID alone</dt>
          <dd>
            <ClientIdActionList actions={endpoint.clientIdActions} />
          </dd>
        </dl>
        <div className="mt-4 flex flex-wrap items-start gap-2">
          <EndpointActiveButton endpoint={endpoint} onChanged={refresh} />
          <DeleteEndpointButton endpoint={endpoint} onDeleted={() => router.replace(clientWebhooksHref(client.id))} />
        </div>
      </section>

      {endpoint.isActive && (
        <SendTestEventForm
          clientIdId={client.id}
          events={events}
          fixedTarget={{ id: endpoint.id, url: endpoint.url }}
          // The new delivery is on the newest, unfiltered page.
          onSent={() => (elsewhere ? router.push(endpointHref(client.id, endpoint.id)) : refresh())}
        />
      )}

      <DeliveryLog
        clientIdId={client.id}
        webhookId={endpoint.id}
        endpointActive={endpoint.isActive}
        deliveries={log.deliveries}
        nextCursor={log.nextCursor}
        query={log.query}
        ignored={log.ignored}
        readAt={log.readAt}
        events={events}
        refresh={refresh}
        refreshing={refreshing}
      />
    </div>
  );
}
