// What the dashboard's webhook pages show at a glance: how many endpoints each client ID has,
// and how each endpoint's recent deliveries went. Reads only, scoped by the caller's ids.
import { encodeTime } from "ulid";
import { db } from "../db/client";
import type { DeliveryStatus } from "../db/generated/client";
import { DELIVERY_STATUSES } from "./schemas";

export interface EndpointCounts {
  active: number;
  total: number;
}

/** Active and total endpoints of each client ID of the platform, by the client ID's internal id. */
export async function endpointCountsByClientId(platformId: string): Promise<Record<string, EndpointCounts>> {
  const groups = await (await db()).webhookEndpoint.groupBy({
    by: ["clientIdId", "isActive"],
    where: { platformId, clientIdId: { not: null } },
    _count: { _all: true },
  });
  const counts: Record<string, EndpointCounts> = {};
  for (const g of groups) {
    const c = (counts[g.clientIdId!] ??= { active: 0, total: 0 });
    c.total += g._count._all;
    if (g.isActive) c.active += g._count._all;
  }
  return counts;
}

export type DeliveryCounts = Record<DeliveryStatus, number>;

export const RECENT_DELIVERIES_HOURS = 24;

/**
 * Deliveries created since `since`, by endpoint and status. Delivery ids are ULIDs, so the time
 * bound is an id bound and the (endpoint, id) index answers it without reading older rows.
 */
export async function deliveryCountsSince(endpointIds: string[], since: Date): Promise<Record<string, DeliveryCounts>> {
  const result: Record<string, DeliveryCounts> = {};
  for (const id of endpointIds) result[id] = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as DeliveryCounts;
  if (endpointIds.length === 0) return result;
  const groups = await (await db()).webhookDelivery.groupBy({
    by: ["endpointId", "status"],
    where: { endpointId: { in: endpointIds }, id: { gte: encodeTime(Math.max(0, since.getTime()), 10) } },
    _count: { _all: true },
  });
  for (const g of groups) result[g.endpointId][g.status] = g._count._all;
  return result;
}

/** Deliveries of the last 24 hours, by endpoint and status. */
export function recentDeliveryCounts(endpointIds: string[]): Promise<Record<string, DeliveryCounts>> {
  return deliveryCountsSince(endpointIds, new Date(Date.now() - RECENT_DELIVERIES_HOURS * 60 * 60_000));
}
