// An endpoint's delivery log, newest first: filters and page in the address (read on the
// server), every delivery expandable, resend, and automatic reads while deliveries are pending.
"use client";

import Form from "next/form";
import Link from "next/link";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import type { WebhookEventChoices } from "@/lib/dashboard/browser";
import { type DeliveryLogQuery, endpointHref } from "@/lib/dashboard/browser";
import type { DeliveryView } from "@/lib/webhooks";
import { DeliveryItem } from "./delivery-item";
import { useAutoRefresh } from "./use-auto-refresh";

const STATUSES = ["pending", "delivered", "failed"] as const;
const SELECT =
  "block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-blue-700";

function Filters({ action, query, events }: { action: string; query: DeliveryLogQuery; events: WebhookEventChoices }) {
  const id = useId();
  const filtered = Boolean(query.event || query.status);
  return (
    // Remounted when the address changes, so "Clear filters" also clears the fields.
    <Form
      key={`${query.event ?? ""}|${query.status ?? ""}`}
      action={action}
      className="flex flex-wrap items-end gap-3"
      aria-label="Filter deliveries"
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-event`} className="block text-sm font-medium text-slate-800">
          Event
        </label>
        <select id={`${id}-event`} name="event" defaultValue={query.event ?? ""} className={SELECT}>
          <option value="">All events</option>
          {[...events.current, ...events.legacy].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
          Status
        </label>
        <select id={`${id}-status`} name="status" defaultValue={query.status ?? ""} className={SELECT}>
          <option value="">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
      {filtered && (
        <Link href={action} className={buttonClasses("ghost")}>
          Clear filters
        </Link>
      )}
    </Form>
  );
}

export function DeliveryLog({
  clientIdId,
  webhookId,
  endpointActive,
  deliveries,
  nextCursor,
  query,
  ignored,
  readAt,
  events,
  refresh,
  refreshing,
}: {
  clientIdId: string;
  webhookId: string;
  endpointActive: boolean;
  deliveries: DeliveryView[];
  nextCursor: string | null;
  query: DeliveryLogQuery;
  /** Query parameters the page dropped because they were not valid. */
  ignored: string[];
  /** When the server read this page. */
  readAt: string;
  events: WebhookEventChoices;
  refresh: () => void;
  refreshing: boolean;
}) {
  const pending = deliveries.filter((d) => d.status === "pending");
  const auto = useAutoRefresh(pending, readAt, refresh);
  const base = endpointHref(clientIdId, webhookId);
  const filtered = Boolean(query.event || query.status);

  return (
    <section aria-labelledby="delivery-log-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="delivery-log-title" className="text-lg font-semibold">
          Delivery log
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
          <span role="status" aria-live="polite" className="empty:hidden">
            {auto.watching
              ? "Deliveries pending: this log updates by itself."
              : auto.paused
                ? "Stopped updating by itself after 3 minutes."
                : ""}
          </span>
          <span>Read {formatTime(readAt, "—", "second")}</span>
          <Button
            variant="secondary"
            size="sm"
            busy={refreshing}
            busyLabel="Refreshing…"
            onClick={auto.paused ? auto.resume : refresh}
          >
            Refresh
          </Button>
        </div>
      </div>

      <Filters action={base} query={query} events={events} />

      {ignored.length > 0 && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The address had an invalid {ignored.join(", ")}; it was ignored.
        </p>
      )}
      {!endpointActive && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This endpoint is inactive: it receives no new events, and deliveries can be resent only once it is active
          again.
        </p>
      )}

      {deliveries.length === 0 ? (
        filtered || query.cursor ? (
          <EmptyState
            title="No deliveries match"
            action={
              <Link href={base} className={buttonClasses("secondary", "sm")}>
                Show all deliveries
              </Link>
            }
          >
            {query.cursor
              ? "There are no older deliveries."
              : "No delivery of this endpoint has this event and status. Deliveries are kept for 30 days."}
          </EmptyState>
        ) : (
          <EmptyState title="No deliveries yet">
            Events of this client ID are listed here as they are sent, with every attempt. Send a test event to see one
            now.
          </EmptyState>
        )
      ) : (
        <ul
          aria-label="Deliveries, newest first"
          aria-busy={refreshing || undefined}
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm"
        >
          {deliveries.map((d) => (
            <DeliveryItem
              key={d.id}
              webhookId={webhookId}
              delivery={d}
              readAt={readAt}
              canResend={endpointActive}
              onResent={refresh}
            />
          ))}
        </ul>
      )}

      {(query.cursor || nextCursor) && (
        <nav aria-label="Delivery log pages" className="flex flex-wrap justify-between gap-2">
          {query.cursor ? (
            <Link
              href={endpointHref(clientIdId, webhookId, { ...query, cursor: undefined })}
              className={buttonClasses("secondary", "sm")}
            >
              ← Newest deliveries
            </Link>
          ) : (
            <span />
          )}
          {nextCursor && (
            <Link
              href={endpointHref(clientIdId, webhookId, { ...query, cursor: nextCursor })}
              className={buttonClasses("secondary", "sm")}
            >
              Older deliveries →
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
