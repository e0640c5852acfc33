// The front door of lib/dashboard: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { exportAuditLogCsv } from "./audit-log-csv";
export type { AuditLogPageQuery } from "./audit-log-query";
export { AUDIT_PAGE_SIZE, auditLogCsvHref, auditLogHref, parseAuditLogPageQuery } from "./audit-log-query";
export type { AuditLogRow } from "./audit-log-rows";
export { loadAuditLogPage } from "./audit-log-rows";
export { parseDeliveryLogQuery } from "./delivery-log-query";
export type { GettingStartedStep } from "./getting-started";
export { loadGettingStarted } from "./getting-started";
export { orNotFound } from "./or-not-found";
export { loadOverview, VOLUME_DAYS } from "./overview";
export { getDashboardSession, requireDashboardSession } from "./page-session";
export { DEFAULT_DESTINATION_NETWORK, destinationNetworkChoices } from "./payee-destination-choices";
export type { PaymentRow } from "./payment-rows";
export { toPaymentRow } from "./payment-rows";
export type { PaymentsPageQuery } from "./payment-search-query";
export { parsePaymentsPageQuery, paymentsCsvHref, paymentsHref } from "./payment-search-query";
export { exportPaymentsCsv } from "./payments-csv";
export type { NetworkRpcStatus } from "./rpc-status";
export { loadRpcStatus } from "./rpc-status";
export type { SandboxTransactionView } from "./sandbox-transaction";
export { loadSandboxTransaction } from "./sandbox-transaction";
export { safeNextPath } from "./sign-in-redirect";
export { platformEventChoices } from "./webhook-event-choices";
export { clientWebhooksHref, WEBHOOKS_HREF } from "./webhook-hrefs";
export { webhookUrlRule } from "./webhook-url-rule";
