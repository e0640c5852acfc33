// The delivery log page's address: its filters (event, status) and page (cursor) live in the
// query string, so a filtered page can be reloaded, linked and refreshed on the server. Values
// the API would refuse are dropped (and named), never passed on: a hand-edited address shows
// the unfiltered log with a note instead of an error page.
import { isUlid } from "../ids/ids";
import { deliveryListQuery } from "../webhooks/schemas";
import type { DeliveryLogQuery } from "./webhook-hrefs";

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function parseDeliveryLogQuery(params: SearchParams): { query: DeliveryLogQuery; ignored: string[] } {
  const query: DeliveryLogQuery = {};
  const ignored: string[] = [];
  const event = single(params.event);
  if (event !== undefined) {
    const parsed = deliveryListQuery.shape.event.safeParse(event);
    if (parsed.success && parsed.data) query.event = parsed.data;
    else ignored.push("event");
  }
  const status = single(params.status);
  if (status !== undefined) {
    const parsed = deliveryListQuery.shape.status.safeParse(status);
    if (parsed.success && parsed.data) query.status = parsed.data;
    else ignored.push("status");
  }
  const cursor = single(params.cursor);
  if (cursor !== undefined) {
    if (isUlid(cursor)) query.cursor = cursor;
    else ignored.push("cursor");
  }
  for (const key of ["event", "status", "cursor"]) if (Array.isArray(params[key])) ignored.push(key);
  return { query, ignored };
}
