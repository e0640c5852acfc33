// The outbox. Domains call emitEvent inside the transaction that makes the change the event
// reports: the event and one delivery per recipient endpoint are written in that transaction,
// so an event exists if and only if the change commits. A NOTIFY (delivered by PostgreSQL only
// at commit) wakes the relay, which hands new deliveries to the job queue (relay.ts).
import { monotonicFactory } from "ulid";
import type { Prisma } from "../db/generated/client";
import { EVENT_RECIPIENTS, type EventName, type OutgoingEvent } from "./events";

type Tx = Prisma.TransactionClient;

export const OUTBOX_CHANNEL = "stablelink_webhook_outbox";

const nextId = monotonicFactory();

export interface EmittedEvent {
  eventId: string;
  deliveries: { id: string; endpointId: string }[];
}

/** Active endpoints that receive `event`, by SERVICE.md §6 and the owner fixed at creation. */
async function recipientEndpoints(tx: Tx, event: OutgoingEvent): Promise<string[]> {
  const to = EVENT_RECIPIENTS[event.name as EventName];
  const { platformId, clientIdId, orchestratorId } = event.owner;
  const or: Prisma.WebhookEndpointWhereInput[] = [];
  if (to.platform) {
    // Endpoints of the resource's client ID; a resource created with an API key has none, so
    // every client ID of the platform that is not revoked hears about it.
    or.push(clientIdId ? { clientIdId } : { clientId: { platformId, status: { not: "revoked" } } });
    // Platform-wide endpoints from before endpoints were scoped to a client ID.
    or.push({ platformId, clientIdId: null, orchestratorId: null });
  }
  if (to.orchestrator && orchestratorId) or.push({ orchestratorId });
  if (or.length === 0) return [];
  const rows = await tx.webhookEndpoint.findMany({ where: { isActive: true, OR: or }, select: { id: true }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => r.id);
}

/** Writes the event and its deliveries to the given endpoints, in the caller's transaction. */
export async function writeEvent(tx: Tx, event: OutgoingEvent, endpointIds: string[], now = new Date()): Promise<EmittedEvent> {
  const eventId = nextId();
  // Serialised once: every attempt to every endpoint sends these exact bytes.
  const body = JSON.stringify(event.payload);
  await tx.webhookEvent.create({
    data: {
      id: eventId,
      event: event.name,
      clientIdId: event.owner.clientIdId,
      orchestratorId: event.owner.orchestratorId,
      payload: event.payload as Prisma.InputJsonValue,
      isTest: event.isTest ?? false,
      createdAt: now,
    },
  });
  const deliveries = endpointIds.map((endpointId) => ({ id: nextId(), endpointId }));
  if (deliveries.length > 0) {
    await tx.webhookDelivery.createMany({
      data: deliveries.map((d) => ({ ...d, eventId, body, status: "pending" as const, nextAttemptAt: now, createdAt: now })),
    });
    await tx.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`;
  }
  return { eventId, deliveries };
}

/**
 * Emits `event` (built with `webhookEvent`) to every active endpoint that should receive it.
 * `tx` is the caller's transaction: nothing is sent unless, and until, it commits.
 */
export async function emitEvent(tx: Tx, event: OutgoingEvent): Promise<EmittedEvent> {
  return writeEvent(tx, event, await recipientEndpoints(tx, event));
}
