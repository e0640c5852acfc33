// The front door of lib/audit: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Domains record their changes with recordAudit in the change's transaction.
export type { AuditAction, AuditActor, AuditChange } from "./actions";
export { AUDIT_ACTIONS } from "./actions";
export type { AuditContext } from "./audit-context";
export { auditContextOf, systemAuditContext } from "./audit-context";
export type { AuditAfter, AuditFilter } from "./audit-store";
export { listAuditEvents, walkAuditEvents } from "./audit-store";
export { changesBetween, redactedChange } from "./changes";
export type { AuditEntry } from "./record-audit";
export { recordAudit } from "./record-audit";
