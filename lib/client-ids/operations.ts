// /v2/client-ids: a platform manages its client IDs with its API key, or from the dashboard
// with its session (the same operations; cookie calls are CSRF-checked by the wrapper).
import { z } from "zod";
import { platformOf } from "../http/caller";
import { defineOperation } from "../http/operation";
import { createClientId, getClientId, listClientIds, revokeClientId, updateClientId } from "./manage-client-ids";
import { clientIdListItem, clientIdParams, clientIdRecord, createClientIdBody, updateClientIdBody } from "./schemas";

const TAGS = ["Client IDs"];

/** The platform behind an API key or a dashboard session. */
const CREATE_DESCRIPTION =
  "A client ID is the credential of browser calls: sent as `x-client-id`, it is accepted only from the origins in `allowedDomains`. Its value is public; it is answered in full every time. " +
  "With no allowed domains it is a backend client ID, for servers (no `Origin`), bound to a payee destination with `payeeDestinationId`.";

export const createClientIdOperation = defineOperation({
  method: "POST",
  path: "/v2/client-ids",
  summary: "Create a client ID",
  description: CREATE_DESCRIPTION,
  tags: TAGS,
  auth: ["apiKey", "session"],
  body: createClientIdBody,
  response: clientIdRecord,
  errors: {
    404: "`payeeDestinationId` is not a destination of the platform",
    409: "`payeeDestinationId` is deactivated",
  },
  handler: async ({ caller, body }) => createClientId(platformOf(caller), body),
});

/** The setup route of the hosted documentation (a dashboard session): the same operation. */
export const createClientIdSessionOperation = defineOperation({
  method: "POST",
  path: "/v1/client-ids",
  summary: "Create a client ID (session route)",
  description: `The same as \`POST /v2/client-ids\`, under the auth API's path, with a session. ${CREATE_DESCRIPTION}`,
  tags: TAGS,
  auth: ["session"],
  body: createClientIdBody,
  response: clientIdRecord,
  errors: {
    404: "`payeeDestinationId` is not a destination of the platform",
    409: "`payeeDestinationId` is deactivated",
  },
  handler: async ({ caller, body }) => createClientId(platformOf(caller), body),
});

export const listClientIdsOperation = defineOperation({
  method: "GET",
  path: "/v2/client-ids",
  summary: "List client IDs",
  description: "Every client ID of the authenticated platform, newest first, revoked ones included.",
  tags: TAGS,
  auth: ["apiKey", "session"],
  response: z.array(clientIdListItem),
  handler: async ({ caller }) => listClientIds(platformOf(caller)),
});

export const getClientIdOperation = defineOperation({
  method: "GET",
  path: "/v2/client-ids/{id}",
  summary: "Get a client ID",
  tags: TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  response: clientIdRecord,
  errors: { 404: "Client ID not found (also for another platform's id)" },
  handler: async ({ caller, params }) => getClientId(platformOf(caller), params.id),
});

export const updateClientIdOperation = defineOperation({
  method: "PUT",
  path: "/v2/client-ids/{id}",
  summary: "Update a client ID",
  description:
    "Changes only the fields sent; `null` unsets a nullable field. `status: inactive` pauses the client ID (it authenticates nothing) and `status: active` resumes it; `status: revoked` revokes it for good. A revoked client ID cannot be changed.",
  tags: TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  body: updateClientIdBody,
  response: clientIdRecord,
  errors: {
    400: "Validation failed, or the client ID is revoked",
    404: "Client ID not found (also for another platform's id)",
  },
  handler: async ({ caller, params, body }) => updateClientId(platformOf(caller), params.id, body),
});

export const revokeClientIdOperation = defineOperation({
  method: "DELETE",
  path: "/v2/client-ids/{id}",
  summary: "Revoke a client ID",
  description:
    "Revokes permanently (status `revoked`): the client ID authenticates nothing from then on and its orchestrator link ends. It cannot be reactivated. Answers the revoked record; revoking again answers the same.",
  tags: TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  response: clientIdRecord,
  errors: { 404: "Client ID not found (also for another platform's id)" },
  handler: async ({ caller, params }) => revokeClientId(platformOf(caller), params.id),
});
