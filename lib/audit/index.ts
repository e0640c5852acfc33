// The front door of lib/audit: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Domains record their changes with recordAudit in the change's transaction.
export type { AuditContext } from "./audit-context";
export { auditContextOf, systemAuditContext } from "./audit-context";
export type { AuditFilter } from "./audit-store";
export { listAuditEvents, walkAuditEvents } from "./audit-store";
export { changesBetween, redactedChange } from "./changes";
export { recordAudit } from "./record-audit";
