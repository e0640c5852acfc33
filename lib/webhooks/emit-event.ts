// The outbox. Domains call emitEvent inside the transaction that makes the change the event
// reports: the event and one delivery per recipient endpoint are written in that transaction,
// so an event exists if and only if the change commits. A NOTIFY (delivered by PostgreSQL only
// at commit, at most one per NOTIFY_GAP_MS from a process) wakes the delivery workers, which
// claim the new deliveries from their rows (delivery-worker.ts).
import { monotonicFactory } from "ulid";
import { unrevokedClientIdsSql } from "../client-ids";
import { Prisma } from "../db/generated/client";
import { EVENT_RECIPIENTS, type EventName, type OutgoingEvent } from "./events";

type Tx = Prisma.TransactionClient;

export const OUTBOX_CHANNEL = "stablelink_webhook_outbox";

/**
 * A process sends the outbox NOTIFY at most once per this many ms. PostgreSQL serialises the
 * commits of every transaction that notifies (a cluster-wide lock held through the commit's WAL
 * flush): one NOTIFY per event capped the whole server at about 470 committed events/s on the
 * development machine, whatever the number of connections. A worker keeps polling for a while
 * after each claim (delivery-worker.ts, HOT_MS), so the events a process commits between its
 * NOTIFYs are found without one (docs/decisions/webhooks-notify-gap.md).
 */
export const NOTIFY_GAP_MS = 100;
let lastNotifyAt = -Infinity;

/** Whether this write should wake the workers: its process has not sent a NOTIFY for NOTIFY_GAP_MS. */
function takeNotify(deliveries: number): boolean {
  if (deliveries === 0) return false;
  const now = performance.now();
  if (now - lastNotifyAt < NOTIFY_GAP_MS) return false;
  lastNotifyAt = now;
  return true;
}

const nextId = monotonicFactory();

/** An endpoint an event goes to. */
export interface Recipient {
  id: string;
}

export interface EmittedEvent {
  eventId: string;
  deliveries: { id: string; endpointId: string }[];
}

// Raw SQL here: emitEvent runs inside other domains' transactions, so it stays short (two
// statements) however many endpoints receive the event.

/** Active endpoints that receive `event`, by docs/interface.md "Recipients" and the owner fixed at creation. */
async function recipientEndpoints(tx: Tx, event: OutgoingEvent): Promise<Recipient[]> {
  const to = EVENT_RECIPIENTS[event.name as EventName];
  const { platformId, clientIdId, orchestratorId } = event.owner;
  const or: Prisma.Sql[] = [];
  if (to.platform) {
    // Endpoints of the resource's client ID; a resource created with an API key has none, so
    // every client ID of the platform that is not revoked hears about it.
    or.push(
      clientIdId
        ? Prisma.sql`e.client_id_id = ${clientIdId}::uuid`
        : Prisma.sql`e.client_id_id IN (${unrevokedClientIdsSql(platformId)})`,
    );
    // Platform-wide endpoints from before endpoints were scoped to a client ID.
    or.push(Prisma.sql`(e.platform_id = ${platformId}::uuid AND e.client_id_id IS NULL AND e.orchestrator_id IS NULL)`);
  }
  if (to.orchestrator && orchestratorId) or.push(Prisma.sql`e.orchestrator_id = ${orchestratorId}::uuid`);
  if (or.length === 0) return [];
  // FOR KEY SHARE: an endpoint deleted meanwhile waits for this transaction instead of
  // failing it (the caller's change must not depend on someone's endpoint housekeeping).
  const rows = await tx.$queryRaw<Recipient[]>`
    SELECT e.id::text AS id FROM webhook_endpoints e
    WHERE e.is_active AND (${Prisma.join(or, " OR ")})
    ORDER BY e.created_at, e.id
    FOR KEY SHARE OF e`;
  return rows;
}

/** The given endpoints that are still there and active, kept from deletion until commit. */
export async function lockActiveEndpoints(tx: Tx, ids: string[]): Promise<Recipient[]> {
  return tx.$queryRaw<Recipient[]>`
    SELECT e.id::text AS id FROM webhook_endpoints e
    WHERE e.id = ANY(${ids}::uuid[]) AND e.is_active ORDER BY e.created_at, e.id FOR KEY SHARE OF e`;
}

/** Writes the event and its deliveries to the given endpoints, in the caller's transaction. */
export async function writeEvent(
  tx: Tx,
  event: OutgoingEvent,
  to: Recipient[],
  now = new Date(),
): Promise<EmittedEvent> {
  return (await writeEvents(tx, [{ event, to }], now))[0];
}

/** The request an event is about, stored beside it so a request's page finds its deliveries. */
function requestIdOf(event: OutgoingEvent): string | null {
  const id = (event.payload as { requestId?: unknown }).requestId;
  return typeof id === "string" ? id : null;
}

/** writeEvent for many events in one statement (payment detection emits a block's worth at once). */
export async function writeEvents(
  tx: Tx,
  items: { event: OutgoingEvent; to: Recipient[] }[],
  now = new Date(),
): Promise<EmittedEvent[]> {
  if (items.length === 0) return [];
  // Serialised once: every endpoint, and every attempt to it, gets these exact bytes. A
  // resource created with an API key says `clientId: null` to every endpoint, as the hosted
  // service does; receivers that route by endpoint read the `x-service-endpoint` header
  // (docs/decisions/webhooks-client-id-of-api-key-resources.md).
  const events = items.map(({ event, to }) => {
    const body = JSON.stringify(event.payload);
    return {
      event,
      eventId: nextId(),
      body,
      deliveries: to.map((r) => ({ id: nextId(), endpointId: r.id, body })),
    };
  });
  const deliveries = events.flatMap((e) => e.deliveries.map((d) => ({ ...d, eventId: e.eventId })));
  await tx.$executeRaw`
    WITH ev AS (
      INSERT INTO webhook_events (id, event, client_id_id, orchestrator_id, payload, request_id, is_test, created_at)
      SELECT x.id, x.event, x.client_id_id, x.orchestrator_id, x.payload::jsonb, x.request_id, x.is_test, ${now}
      FROM unnest(${events.map((e) => e.eventId)}::varchar[], ${events.map((e) => e.event.name)}::text[],
        ${events.map((e) => e.event.owner.clientIdId)}::uuid[], ${events.map((e) => e.event.owner.orchestratorId)}::uuid[],
        ${events.map((e) => e.body)}::text[], ${events.map((e) => requestIdOf(e.event))}::text[], ${events.map((e) => e.event.isTest ?? false)}::boolean[])
        AS x(id, event, client_id_id, orchestrator_id, payload, request_id, is_test)
    ), d AS (
      INSERT INTO webhook_deliveries (id, event_id, endpoint_id, body, status, next_attempt_at, created_at, updated_at)
      SELECT x.id, x.event_id, x.endpoint_id, x.body, 'pending', ${now}, ${now}, ${now}
      FROM unnest(${deliveries.map((d) => d.id)}::varchar[], ${deliveries.map((d) => d.eventId)}::varchar[],
        ${deliveries.map((d) => d.endpointId)}::uuid[], ${deliveries.map((d) => d.body)}::text[]) AS x(id, event_id, endpoint_id, body)
      RETURNING 1
    )
    ${takeNotify(deliveries.length) ? Prisma.sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '') FROM (SELECT count(*) FROM d) c` : Prisma.sql`SELECT count(*) FROM d`}`;
  return events.map((e) => ({
    eventId: e.eventId,
    deliveries: e.deliveries.map(({ id, endpointId }) => ({ id, endpointId })),
  }));
}

/**
 * Emits `event` (built with `webhookEvent`) to every active endpoint that should receive it.
 * `tx` is the caller's transaction: nothing is sent unless, and until, it commits.
 */
export async function emitEvent(tx: Tx, event: OutgoingEvent): Promise<EmittedEvent> {
  return writeEvent(tx, event, await recipientEndpoints(tx, event));
}

/** emitEvent for many events in one transaction; recipients are looked up once per owner. */
export async function emitEvents(tx: Tx, events: OutgoingEvent[]): Promise<EmittedEvent[]> {
  const recipients = new Map<string, Recipient[]>();
  const items = [];
  for (const event of events) {
    const { platformId, clientIdId, orchestratorId } = event.owner;
    const key = [event.name, platformId, clientIdId, orchestratorId].join("|");
    let to = recipients.get(key);
    if (!to) recipients.set(key, (to = await recipientEndpoints(tx, event)));
    items.push({ event, to });
  }
  return writeEvents(tx, items);
}
