// The client ID's `webhookRegistrationByClientId` setting, where it matters: a client ID is
// public (it ships in web pages) and Origin is only a header outside a browser, so with the
// setting on anyone holding the client ID can add endpoints (and get their secrets), list,
// deactivate and test them. Delivery logs, resending and deleting always need the dashboard
// or an API key.
"use client";

import { FormError } from "@/components/ui/form-fields";
import { apiRequest } from "../api-client";
import { useSavedToggle } from "../use-saved-toggle";

export function ClientIdAloneSetting({
  clientIdId,
  enabled,
  onChanged,
}: {
  clientIdId: string;
  enabled: boolean;
  onChanged: () => void;
}) {
  const { on, busy, error, toggle } = useSavedToggle(
    enabled,
    (next) =>
      apiRequest("PUT", `/v2/client-ids/${encodeURIComponent(clientIdId)}`, { webhookRegistrationByClientId: next }),
    onChanged,
  );
  return (
    <section
      aria-labelledby="client-id-alone-title"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="client-id-alone-title" className="font-semibold">
        Webhooks from the client ID alone
      </h2>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={on}
          disabled={busy}
          onChange={(e) => void toggle(e.target.checked)}
          data-testid="client-id-alone-toggle"
        />
        <span>
          <span className="font-medium">Let the client ID alone register and manage endpoints</span> (
          <code className="font-mono text-xs">x-client-id</code> with an allowed Origin, no API key or dashboard
          session).
          <span className="mt-1 block text-slate-600">
            Your client ID is public: it is in your web pages, and outside a browser anyone can send your Origin. With
            this on, anyone who has it can add an endpoint and receive your payment events, list your endpoints,
            deactivate them or send test events. Leave it off unless a browser page of yours must manage webhooks; your
            servers can use an API key instead. Whatever the setting, reading delivery logs, resending and deleting need
            this dashboard or an API key, and every change made with the client ID alone is marked on the endpoint with
            when and from which address.
          </span>
        </span>
      </label>
      <FormError message={error} />
    </section>
  );
}
