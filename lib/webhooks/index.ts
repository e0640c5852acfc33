// The front door of lib/webhooks: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { getPlatformEndpoint, listPlatformEndpoints } from "./client-id-endpoints";
export { DELIVERY_HEADERS } from "./delivery-docs";
export { listDeliveries, purgeDeliveryLog } from "./delivery-log";
export type { DeliveryWorkerOptions } from "./delivery-worker";
export { startDeliveryWorker } from "./delivery-worker";
export { emitEvent, emitEvents } from "./emit-event";
export type { DeliveryCounts, EndpointCounts } from "./endpoint-summaries";
export { endpointCountsByClientId, recentDeliveryCounts } from "./endpoint-summaries";
export { EVENT_DOCS } from "./event-docs";
export type { EventFields, EventOwner, OutgoingEvent } from "./events";
export { ON_CHAIN_PAYMENT_PROCESSOR, webhookEvent } from "./events";
export { setLinkedOrchestratorReader } from "./linked-orchestrator";
export type { RequestDeliveryView } from "./request-deliveries";
export { deliveriesAboutRequest } from "./request-deliveries";
export type { TestResult } from "./send-test-event";
export { reencryptWebhookSecrets } from "./webhook-secret";
