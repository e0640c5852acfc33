// The front door of lib/auth: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { createApiKey, listApiKeys, resolveApiKey } from "./api-keys";
export { now } from "./clock";
export { sandboxDemoWallets } from "./demo-wallet";
export type { SessionKind } from "./sessions";
export { listUserSessions, purgeExpiredSignIns, resolveSession } from "./sessions";
export { generateToken, hashToken, tokenPrefix } from "./tokens";
export { twoFactorStatus } from "./two-factor";
export { createEmailUser, getSignedInUser } from "./users";
