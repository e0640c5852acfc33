// A signed test event (`x-service-test: true`) with the example payload of the chosen event,
// through the same outbox, signing and retries as real events.

import { db } from "../db/client";
import { conflict } from "../http/errors";
import { lockActiveEndpoints, writeEvent } from "./emit-event";
import type { EventName, EventOwner } from "./events";
import { exampleEvent } from "./example-events";
import { activeEndpointsOf, type EndpointScope } from "./manage-endpoints";

export interface TestResult {
  eventId: string;
  eventType: EventName;
  deliveries: { id: string; webhookId: string; url: string }[];
}

export async function sendTestEvent(
  scope: EndpointScope,
  owner: EventOwner,
  eventType: EventName,
  webhookId?: string,
): Promise<TestResult> {
  const endpoints = await activeEndpointsOf(scope, webhookId);
  if (endpoints.length === 0)
    throw conflict(
      "webhook_no_active_endpoint",
      "There is no active webhook endpoint to send a test event to; register or activate one first",
    );
  const event = exampleEvent(eventType, owner);
  const emitted = await (await db()).$transaction(async (tx) =>
    writeEvent(
      tx,
      event,
      await lockActiveEndpoints(
        tx,
        endpoints.map((e) => e.id),
      ),
    ),
  );
  const urls = new Map(endpoints.map((e) => [e.id, e.url]));
  return {
    eventId: emitted.eventId,
    eventType,
    deliveries: emitted.deliveries.map((d) => ({ id: d.id, webhookId: d.endpointId, url: urls.get(d.endpointId)! })),
  };
}
