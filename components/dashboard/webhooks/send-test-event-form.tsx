// A signed test event (x-service-test: true) with the example payload of the chosen event, to
// one endpoint or every active one; it then shows the deliveries it created.
"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, SelectField } from "@/components/ui/form-fields";
import type { WebhookEventChoices } from "@/lib/dashboard/browser";
import { endpointHref } from "@/lib/dashboard/browser";
import type { TestResult } from "@/lib/webhooks";
import type { EventName } from "@/lib/webhooks/browser";
import { errorMessage } from "../api-client";
import { shortUrl } from "./short-url";
import { sendTestEvent } from "./webhook-api";

const ALL = "";

export function SendTestEventForm({
  clientIdId,
  events,
  targets,
  fixedTarget,
  onSent,
}: {
  clientIdId: string;
  events: WebhookEventChoices;
  /** The active endpoints that can be chosen (the client ID's page). */
  targets?: { id: string; url: string }[];
  /** The one endpoint it goes to (the endpoint's page). */
  fixedTarget?: { id: string; url: string };
  onSent: (result: TestResult) => void;
}) {
  const titleId = useId();
  const [eventType, setEventType] = useState<EventName>(
    events.current.includes("payment.confirmed") ? "payment.confirmed" : events.current[0],
  );
  const [target, setTarget] = useState(ALL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const sent = await sendTestEvent(clientIdId, eventType, fixedTarget?.id ?? (target || undefined));
      setResult(sent);
      onSent(sent);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const activeCount = targets?.length ?? 0;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="font-semibold">
        Send a test event
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The event’s example payload, signed like any delivery and marked{" "}
        <code className="rounded bg-slate-100 px-1">x-service-test: true</code>, with the same retries.
      </p>
      {!fixedTarget && activeCount === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Add or activate an endpoint to send it a test event.</p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3 space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Event"
              value={eventType}
              onChange={(e) => setEventType(e.target.value as EventName)}
              required
            >
              <optgroup label="Events">
                {events.current.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </optgroup>
              {events.legacy.length > 0 && (
                <optgroup label="Legacy events">
                  {events.legacy.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </optgroup>
              )}
            </SelectField>
            {!fixedTarget && targets && (
              <SelectField label="Send to" value={target} onChange={(e) => setTarget(e.target.value)} required>
                <option value={ALL}>Every active endpoint ({activeCount})</option>
                {targets.map((t) => (
                  <option key={t.id} value={t.id} title={t.url}>
                    {shortUrl(t.url)}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
          <Button type="submit" busy={busy} busyLabel="Sending…">
            Send test event
          </Button>
        </form>
      )}
      <div className="mt-3 space-y-2">
        <FormError message={error} />
        {result && (
          <div
            role="status"
            className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            data-testid="test-event-result"
          >
            <p>
              Test event <span className="font-mono">{result.eventType}</span> queued:{" "}
              {result.deliveries.length === 1 ? "1 delivery" : `${result.deliveries.length} deliveries`}
              {fixedTarget ? ", shown at the top of the delivery log below." : "."}
            </p>
            {!fixedTarget && (
              <ul className="mt-1 space-y-1">
                {result.deliveries.map((d) => (
                  <li key={d.id} className="break-all">
                    <span className="font-mono text-xs" title={d.url}>
                      {shortUrl(d.url, 120)}
                    </span>{" "}
                    ·{" "}
                    <Link className="text-blue-700 underline" href={endpointHref(clientIdId, d.webhookId)}>
                      follow it in the delivery log
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
