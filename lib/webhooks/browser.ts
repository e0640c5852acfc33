// lib/webhooks's door for browser code: pure functions and constants (no I/O, no database), safe in
// the client bundle (docs/architecture.md "Domain walls"). Server code imports index.ts.
export { MAX_ATTEMPTS } from "./delivery-policy";
export type { EventName } from "./events";
export { CURRENT_EVENTS, EVENT_RECIPIENTS, LEGACY_EVENTS } from "./events";
