// The front door of lib/client-ids: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { isClientIdOrigin } from "./browser-origins";
export { getClientIdFee } from "./client-id-fee";
export { createClientIdRecord } from "./create-client-id";
export {
  allowsWebhooksByClientIdAlone,
  CLIENT_ID_NOT_FOUND,
  clientIdIdByValue,
  clientIdIdsOf,
  clientIdsByIds,
  findOwnClientId,
  getClientId,
  getClientIdOrThrow,
  listClientIds,
  lockClientId,
  publicClientIdSql,
  revokeClientId,
  unrevokedClientIdsSql,
  updateClientId,
} from "./manage-client-ids";
export { isOriginAllowed } from "./origin";
export { destinationBinding, resolveClientId } from "./resolve";
