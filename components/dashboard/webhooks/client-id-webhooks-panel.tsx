// On a client ID's page: how many webhook endpoints it has, and the way to manage them.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { clientWebhooksHref } from "@/lib/dashboard/browser";
import type { EndpointCounts } from "@/lib/webhooks";

export function ClientIdWebhooksPanel({
  clientIdId,
  counts,
}: {
  clientIdId: string;
  counts: EndpointCounts | undefined;
}) {
  const total = counts?.total ?? 0;
  return (
    <section
      aria-labelledby="client-webhooks-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="client-webhooks-title" className="font-semibold">
        Webhooks
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {total === 0
          ? "No endpoint receives this client ID’s events yet."
          : `${total} endpoint${total === 1 ? "" : "s"}, ${counts?.active ?? 0} active, receive this client ID’s events.`}
      </p>
      <Link href={clientWebhooksHref(clientIdId)} className={`${buttonClasses("secondary", "sm")} mt-3`}>
        {total === 0 ? "Add a webhook endpoint" : "Manage webhooks"}
      </Link>
    </section>
  );
}
