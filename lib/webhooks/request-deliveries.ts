// The webhook deliveries about one request, for its dashboard page: every delivery of a
// non-test event whose payload names the request, to the platform's own endpoints (not an
// orchestrator's), newest first. The caller has checked the request is the platform's.
import { db } from "../db/client";
import type { DeliveryStatus } from "../db/generated/client";

export interface RequestDeliveryView {
  id: string;
  event: string;
  status: DeliveryStatus;
  attemptCount: number;
  createdAt: Date;
  deliveredAt: Date | null;
  failureReason: string | null;
  endpoint: { id: string; url: string; clientIdId: string | null };
}

/** The most shown; the endpoint's delivery log has the rest. */
const MAX_SHOWN = 50;

export async function deliveriesAboutRequest(platformId: string, requestId: string): Promise<RequestDeliveryView[]> {
  const rows = await (await db()).webhookDelivery.findMany({
    where: { event: { requestId, isTest: false }, endpoint: { platformId, orchestratorId: null } },
    include: { event: { select: { event: true } }, endpoint: { select: { id: true, url: true, clientIdId: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_SHOWN,
  });
  return rows.map((r) => ({
    id: r.id,
    event: r.event.event,
    status: r.status,
    attemptCount: r.attemptCount,
    createdAt: r.createdAt,
    deliveredAt: r.deliveredAt,
    failureReason: r.failureReason,
    endpoint: r.endpoint,
  }));
}
