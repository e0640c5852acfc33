// Addresses of the dashboard's webhook pages, for server pages and client components alike
// (no server-only imports here). The delivery log keeps its filters and page in the query.
import type { DeliveryStatus } from "../db/generated/enums";
import type { EventName } from "../webhooks/browser";

export interface DeliveryLogQuery {
  event?: EventName;
  status?: DeliveryStatus;
  cursor?: string;
}

export const WEBHOOKS_HREF = "/dashboard/webhooks";

/** The endpoints of one client ID (by its internal id). */
export function clientWebhooksHref(clientIdId: string): string {
  return `${WEBHOOKS_HREF}/${encodeURIComponent(clientIdId)}`;
}

/** One endpoint and its delivery log, with these filters and page; empty parts are left out. */
export function endpointHref(clientIdId: string, webhookId: string, query: DeliveryLogQuery = {}): string {
  const search = new URLSearchParams();
  if (query.event) search.set("event", query.event);
  if (query.status) search.set("status", query.status);
  if (query.cursor) search.set("cursor", query.cursor);
  const base = `${clientWebhooksHref(clientIdId)}/${encodeURIComponent(webhookId)}`;
  const s = search.toString();
  return s ? `${base}?${s}` : base;
}
