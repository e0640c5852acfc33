// The events as the API reference shows them (OpenAPI `webhooks`): each payload's schema, who
// receives it and when, and the headers every delivery carries.
import type { z } from "zod";
import {
  CURRENT_EVENTS,
  EVENT_PAYLOADS,
  EVENT_RECIPIENTS,
  type EventName,
  type EventOwner,
  LEGACY_EVENTS,
} from "./events";
import { exampleEvent } from "./example-events";

export interface EventDoc {
  name: EventName;
  summary: string;
  description: string;
  schema: z.ZodType;
  /** A whole payload of this event, as a test delivery sends it. */
  example: unknown;
}

/** The owner shown in the examples: a platform's client ID and the orchestrator that created the payment. */
const EXAMPLE_OWNER: EventOwner = {
  platformId: "",
  clientIdId: null,
  clientId: "cid_example",
  orchestratorId: "00000000-0000-4000-8000-0000000000d1",
};
const EXAMPLE_TIME = new Date("2026-01-15T10:00:00.000Z");

const WHEN: Record<EventName, string> = {
  "client_id.linked":
    "A platform completed hosted onboarding with one of its client IDs (direct API links do not emit it). Deduplicate by `linkId` or `intentId`.",
  "payment.confirmed": "A payment settled: the settlement signal.",
  "payment.failed": "Payment execution failed.",
  "kyt.screening.completed": "A definitive `approved` or `rejected` screening result (provider errors do not emit it).",
  "secure_payment.user_event":
    "Best-effort payer activity reported by the browser on the Secure Payment Page; not a settlement signal, and may be missing.",
  "secure_payment.access_rejected":
    "A wallet outside the payment's allowed payers tried to access or pay it (repeats by the same wallet on the same payment are suppressed for 10 minutes).",
  "payment.partial": "Legacy: a payment covered part of the expected amount.",
  "payment.refunded": "Legacy: a payment was refunded.",
  "payment.processing": "Legacy: a payment transaction was seen and is being processed.",
  "compliance.updated": "Legacy: a payer's KYC or agreement status changed.",
  "payment_detail.updated": "Legacy: a payer's registered bank details changed status.",
  "request.recurring":
    "Legacy: a recurring invoice (POST /v2/request with `recurrence`) issued its next occurrence when it fell due by the chain's clock: `requestId` is the new request to pay, linked to the invoice by `originalRequestId`. Stop with PATCH /v2/request/{originalRequestId} `isRecurrenceStopped`.",
};

function recipients(name: EventName): string {
  const r = EVENT_RECIPIENTS[name];
  if (r.platform && r.orchestrator)
    return "The platform's client ID endpoints, and the endpoints of the orchestrator that created the resource.";
  return r.platform ? "The platform's client ID endpoints." : "The orchestrator's endpoints.";
}

/** "Legacy: a payment was refunded." → "A payment was refunded" */
function firstClause(text: string): string {
  const clause = text
    .replace(/^Legacy: /, "")
    .split(/[.;:(]/)[0]
    .trim();
  return clause.charAt(0).toUpperCase() + clause.slice(1);
}

export const EVENT_DOCS: EventDoc[] = [...CURRENT_EVENTS, ...LEGACY_EVENTS].map((name) => ({
  name,
  summary: firstClause(WHEN[name]),
  description: `${WHEN[name]}\n\nReceived by: ${recipients(name)}`,
  schema: EVENT_PAYLOADS[name],
  example: exampleEvent(name, EXAMPLE_OWNER, EXAMPLE_TIME).payload,
}));
