// Orchestrator links over HTTP. Orchestrators (x-orchestrator-key) start hosted onboarding and
// follow their links; platforms (x-api-key or dashboard session) link, read and unlink their
// client IDs, and approve or reject hosted onboarding (session only: a person decides).
import { z } from "zod";
import { auditContextOf } from "../audit";
import { revokeClientId, updateClientId } from "../client-ids";
import { clientIdParams, clientIdRecord, updateClientIdBody } from "../client-ids/schemas";
import { orchestratorOf, platformOf } from "../http/caller";
import { defineOperation } from "../http/operation";
import { reply } from "../http/reply";
import { endLinkOf } from "./active-links";
import {
  createLinkRequest,
  endOrchestratorLink,
  getOrchestratorLink,
  listOrchestratorLinks,
} from "./orchestrator-links";
import {
  approveLinkRequest,
  getClientIdLink,
  getLinkRequest,
  linkClientIdDirect,
  rejectLinkRequest,
  unlinkClientId,
} from "./platform-links";
import {
  approveLinkBody,
  directLinkBody,
  intentParams,
  intentQuery,
  linkListQuery,
  linkParams,
  linkRequestBody,
  linkView,
  rejectLinkBody,
} from "./schemas";

const ORCHESTRATOR_TAGS = ["Orchestrators"];
const CLIENT_ID_TAGS = ["Client IDs"];

/** The orchestrator behind an x-orchestrator-key. */

// ---------- orchestrators ----------

export const createLinkRequestOperation = defineOperation({
  method: "POST",
  path: "/v2/orchestrators/links",
  example: { body: { externalId: "merchant-42" } },
  summary: "Start hosted onboarding",
  description:
    "Opens a link request (status `pending`, valid 7 days) and answers its `onboardingUrl`: send the platform there, and only there — its `key` is what lets a platform approve (the `intentId` alone does not). When the platform approves it in its dashboard with one of its client IDs, the link becomes `active` and `client_id.linked` is delivered to your webhooks with this `linkId`, `intentId` and the details given here.",
  tags: ORCHESTRATOR_TAGS,
  auth: ["orchestratorKey"],
  body: linkRequestBody,
  response: linkView,
  handler: async ({ caller, body }) => createLinkRequest(orchestratorOf(caller), body),
});

export const listOrchestratorLinksOperation = defineOperation({
  method: "GET",
  path: "/v2/orchestrators/links",
  summary: "List your links",
  description: "Your links to platforms' client IDs, direct and hosted, newest first.",
  tags: ORCHESTRATOR_TAGS,
  auth: ["orchestratorKey"],
  query: linkListQuery,
  response: z.array(linkView),
  handler: async ({ caller, query }) =>
    listOrchestratorLinks(orchestratorOf(caller), { ...query, limit: query.limit ?? 100 }),
});

export const getOrchestratorLinkOperation = defineOperation({
  method: "GET",
  path: "/v2/orchestrators/links/{linkId}",
  summary: "Get one of your links",
  tags: ORCHESTRATOR_TAGS,
  auth: ["orchestratorKey"],
  params: linkParams,
  response: linkView,
  errors: { 404: "Link not found (also for another orchestrator's link)" },
  handler: async ({ caller, params }) => getOrchestratorLink(orchestratorOf(caller), params.linkId),
});

export const endOrchestratorLinkOperation = defineOperation({
  method: "DELETE",
  path: "/v2/orchestrators/links/{linkId}",
  summary: "Withdraw a link request or unlink",
  description:
    "A pending request becomes `cancelled`; an active link becomes `unlinked` (you can no longer act for that client ID).",
  tags: ORCHESTRATOR_TAGS,
  auth: ["orchestratorKey"],
  params: linkParams,
  response: linkView,
  errors: { 404: "Link not found (also for another orchestrator's link)", 409: "The link has already ended" },
  handler: async ({ caller, params }) => endOrchestratorLink(orchestratorOf(caller), params.linkId),
});

// ---------- platforms: their client IDs' link ----------

// Updating a client ID to `revoked`, and revoking it, end its active link in the same
// transaction: client IDs own the revoke, orchestrators the link rule, composed here where
// both are visible (client-ids cannot import orchestrators, which depend on it).

export const updateClientIdOperation = defineOperation({
  method: "PUT",
  path: "/v2/client-ids/{id}",
  example: { body: { label: "Web checkout (EU)" } },
  summary: "Update a client ID",
  description:
    "Changes only the fields sent; `null` unsets a nullable field. `status: inactive` pauses the client ID (it authenticates nothing) and `status: active` resumes it; `status: revoked` revokes it for good. A revoked client ID cannot be changed.",
  tags: CLIENT_ID_TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  body: updateClientIdBody,
  response: clientIdRecord,
  errors: {
    400: "Validation failed, or the client ID is revoked",
    404: "Client ID not found (also for another platform's id)",
  },
  handler: async ({ caller, params, body, req }) =>
    updateClientId(platformOf(caller), params.id, body, endLinkOf, auditContextOf(caller, req)),
});

export const revokeClientIdOperation = defineOperation({
  method: "DELETE",
  path: "/v2/client-ids/{id}",
  summary: "Revoke a client ID",
  description:
    "Revokes permanently (status `revoked`): the client ID authenticates nothing from then on and its orchestrator link ends. It cannot be reactivated. Answers the revoked record; revoking again answers the same.",
  tags: CLIENT_ID_TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  response: clientIdRecord,
  errors: { 404: "Client ID not found (also for another platform's id)" },
  handler: async ({ caller, params, req }) =>
    revokeClientId(platformOf(caller), params.id, endLinkOf, auditContextOf(caller, req)),
});

export const getClientIdLinkOperation = defineOperation({
  method: "GET",
  path: "/v2/client-ids/{id}/orchestrator-link",
  summary: "Get a client ID's orchestrator link",
  tags: CLIENT_ID_TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  response: linkView,
  errors: { 404: "Client ID not found (also for another platform's id), or it is not linked" },
  handler: async ({ caller, params }) => getClientIdLink(platformOf(caller), params.id),
});

export const linkClientIdOperation = defineOperation({
  method: "POST",
  path: "/v2/client-ids/{id}/orchestrator-link",
  example: { body: { orchestratorId: "01JQ7ZK3F8Y2M4N6P8R0T2V4X6" } },
  summary: "Link a client ID to an orchestrator",
  description:
    "Lets the orchestrator create secure payments for this client ID (it sends `x-client-id` with its `x-orchestrator-key`). A client ID has at most one active link: linking again to the same orchestrator answers the existing link (200); a link to another orchestrator must be removed first (409). Direct links do not emit `client_id.linked`.",
  tags: CLIENT_ID_TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  body: directLinkBody,
  response: linkView,
  alsoAnswers: { 200: "Already linked to this orchestrator: the existing link" },
  errors: {
    404: "Client ID or orchestrator not found",
    409: "The client ID is revoked or inactive, or linked to another orchestrator",
  },
  handler: async ({ caller, params, body }) => {
    const { link, created } = await linkClientIdDirect(platformOf(caller), params.id, body.orchestratorId);
    return created ? link : reply(200, link);
  },
});

export const unlinkClientIdOperation = defineOperation({
  method: "DELETE",
  path: "/v2/client-ids/{id}/orchestrator-link",
  summary: "Unlink a client ID from its orchestrator",
  description: "Ends the active link (status `unlinked`); the orchestrator can no longer act for this client ID.",
  tags: CLIENT_ID_TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  response: linkView,
  errors: { 404: "Client ID not found (also for another platform's id), or it is not linked" },
  handler: async ({ caller, params }) => unlinkClientId(platformOf(caller), params.id),
});

// ---------- platforms: hosted onboarding, from the dashboard ----------

export const getLinkRequestOperation = defineOperation({
  method: "GET",
  path: "/v1/orchestrator-links/{intentId}",
  summary: "Read a hosted onboarding request",
  description:
    "What the dashboard shows at the onboarding URL: the orchestrator asking, the details it sent, the status and expiry. A request not yet approved needs the `key` of its onboarding URL: the intent id alone, which events and lists carry, does not show it.",
  tags: ORCHESTRATOR_TAGS,
  auth: ["session"],
  params: intentParams,
  query: intentQuery,
  response: linkView,
  errors: { 404: "No such request, the key is missing or wrong, or it was approved by another platform" },
  handler: async ({ caller, params, query }) =>
    getLinkRequest(platformOf(caller), { intentId: params.intentId, key: query.key }),
});

export const approveLinkRequestOperation = defineOperation({
  method: "POST",
  path: "/v1/orchestrator-links/{intentId}/approve",
  example: { body: { clientId: "01JQ7ZK3F8Y2M4N6P8R0T2V4X6", key: "k3y-from-the-link" } },
  summary: "Approve hosted onboarding",
  description:
    "Links one of your active client IDs to the orchestrator that opened the request, and notifies it (`client_id.linked`). A client ID linked to the same orchestrator is relinked; one linked to another orchestrator must be unlinked first.",
  tags: ORCHESTRATOR_TAGS,
  auth: ["session"],
  params: intentParams,
  body: approveLinkBody,
  status: 200,
  response: linkView,
  errors: {
    404: "No such request, the key is missing or wrong, or the client ID is not yours",
    409: "Already decided or withdrawn; or the client ID is revoked, inactive or linked to another orchestrator",
    410: "The request expired",
  },
  handler: async ({ caller, params, body }) =>
    approveLinkRequest(platformOf(caller), { intentId: params.intentId, key: body.key }, body.clientId),
});

export const rejectLinkRequestOperation = defineOperation({
  method: "POST",
  path: "/v1/orchestrator-links/{intentId}/reject",
  example: { body: { key: "k3y-from-the-link" } },
  summary: "Reject hosted onboarding",
  tags: ORCHESTRATOR_TAGS,
  auth: ["session"],
  params: intentParams,
  body: rejectLinkBody,
  status: 200,
  response: linkView,
  errors: {
    404: "No such request, or the key is missing or wrong",
    409: "Already decided or withdrawn",
    410: "The request expired",
  },
  handler: async ({ caller, params, body }) =>
    rejectLinkRequest(platformOf(caller), { intentId: params.intentId, key: body.key }),
});
