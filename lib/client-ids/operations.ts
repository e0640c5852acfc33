// /v2/client-ids: a platform manages its client IDs with its API key, or from the dashboard
// with its session (the same operations; cookie calls are CSRF-checked by the wrapper).
import { z } from "zod";
import { auditContextOf } from "../audit";
import { platformOf } from "../http/caller";
import { defineOperation } from "../http/operation";
import { createClientId, getClientId, listClientIds } from "./manage-client-ids";
import { clientIdListItem, clientIdParams, clientIdRecord, createClientIdBody } from "./schemas";

const TAGS = ["Client IDs"];

const CREATE_DESCRIPTION =
  "A client ID is the credential of browser calls: sent as `x-client-id`, it is accepted only from the origins in `allowedDomains`. Its value is public; it is answered in full every time. " +
  "With no allowed domains it is a backend client ID, for servers (no `Origin`), bound to a payee destination with `payeeDestinationId`.";

export const createClientIdOperation = defineOperation({
  method: "POST",
  path: "/v2/client-ids",
  example: { body: { label: "Web checkout", allowedDomains: ["https://shop.example.com"] } },
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
  handler: async ({ caller, body, req }) => createClientId(platformOf(caller), body, auditContextOf(caller, req)),
});

/** The setup route of the hosted documentation (a dashboard session): the same operation. */
export const createClientIdSessionOperation = defineOperation({
  method: "POST",
  path: "/v1/client-ids",
  example: { body: { label: "Web checkout", allowedDomains: ["https://shop.example.com"] } },
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
  handler: async ({ caller, body, req }) => createClientId(platformOf(caller), body, auditContextOf(caller, req)),
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

// Updating and revoking a client ID end its orchestrator link too: those two operations are
// composed in lib/orchestrators/operations.ts, where both client IDs and links are visible.
