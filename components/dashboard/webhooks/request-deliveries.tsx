// On a request's page: the webhook deliveries about it (which endpoint, which event, delivered
// or not), each linked to its endpoint's delivery log, where attempts, payload and resend are.
import Link from "next/link";
import { formatTime } from "@/components/ui/format-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, Td, Th } from "@/components/ui/table";
import { endpointHref } from "@/lib/dashboard/browser";
import type { RequestDeliveryView } from "@/lib/webhooks";
import type { EventName } from "@/lib/webhooks/browser";
import { shortUrl } from "./short-url";

export function RequestDeliveries({ deliveries }: { deliveries: RequestDeliveryView[] }) {
  return (
    <section aria-labelledby="request-deliveries-title" className="mt-6">
      <h2 id="request-deliveries-title" className="mb-3 text-lg font-semibold">
        Webhook deliveries
      </h2>
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">No webhook event about this request was sent to your endpoints.</p>
      ) : (
        <Table label="Webhook deliveries about this request">
          <thead>
            <tr>
              <Th>Time</Th>
              <Th>Event</Th>
              <Th>Endpoint</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {deliveries.map((d) => (
              <tr key={d.id} data-testid="request-delivery-row" data-delivery-id={d.id}>
                <Td className="whitespace-nowrap">{formatTime(d.createdAt, "—", "second")}</Td>
                <Td className="font-mono text-xs">{d.event}</Td>
                <Td className="max-w-xs">
                  {d.endpoint.clientIdId ? (
                    <Link
                      className="font-mono text-xs break-all text-blue-700 underline"
                      title={d.endpoint.url}
                      href={endpointHref(d.endpoint.clientIdId, d.endpoint.id, { event: d.event as EventName })}
                    >
                      {shortUrl(d.endpoint.url)}
                    </Link>
                  ) : (
                    <span className="font-mono text-xs break-all" title={d.endpoint.url}>
                      {shortUrl(d.endpoint.url)}
                    </span>
                  )}
                </Td>
                <Td>
                  <StatusBadge status={d.status} />
                  <span className="ml-2 text-xs text-slate-600">
                    {d.status === "delivered" && d.deliveredAt
                      ? formatTime(d.deliveredAt, "—", "second")
                      : (d.failureReason ?? `${d.attemptCount} attempt${d.attemptCount === 1 ? "" : "s"}`)}
                  </span>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
