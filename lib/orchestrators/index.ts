// The front door of lib/orchestrators: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { createOrchestrator, issueOrchestratorKey, listOrchestrators, revokeOrchestratorKey } from "./accounts";
export { findActiveLink, isLinked } from "./active-links";
export { getClientIdLink, getLinkRequest, listPlatformLinks } from "./platform-links";
export { resolveOrchestratorKey } from "./resolve";
