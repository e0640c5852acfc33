// Branding of the payment page: per client ID (API key or dashboard session of its platform)
// and per orchestrator (its key). GET answers null when none is set; PUT sets the given
// fields (null clears one); DELETE removes it, back to the neutral page.

import { auditContextOf } from "../audit";
import { CLIENT_ID_NOT_FOUND, findOwnClientId } from "../client-ids";
import { clientIdParams } from "../client-ids/schemas";
import { type Caller, platformOf } from "../http/caller";
import { notFound, unauthorized } from "../http/errors";
import { defineOperation } from "../http/operation";
import { type BrandingOwner, brandingBody, deleteBranding, getBranding, putBranding } from "./branding";
import { brandingView, deletedView } from "./schemas";

const TAGS = ["Secure Payment"];

async function clientOwner(caller: Caller, id: string): Promise<BrandingOwner> {
  const row = await findOwnClientId(platformOf(caller), id);
  if (!row) throw notFound("client_id_not_found", CLIENT_ID_NOT_FOUND);
  return { clientIdId: row.id };
}

function orchestratorOwner(caller: Caller): BrandingOwner {
  if (caller.kind !== "orchestratorKey") throw unauthorized();
  return { orchestratorId: caller.orchestratorId };
}

const CLIENT_DESC =
  "Branding of the payment page for secure payments created with this client ID (`id` or the `clientId` value).";
const ORCH_DESC =
  "The orchestrator's branding: used for the payments it creates when the platform's client ID has none of its own.";

export const getClientIdBrandingOperation = defineOperation({
  method: "GET",
  path: "/v2/client-ids/{id}/branding",
  summary: "Get a client ID's payment page branding",
  description: CLIENT_DESC + " `null` when none is set.",
  tags: TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  response: brandingView.nullable(),
  errors: { 404: "Client ID not found (also another platform's)" },
  handler: async ({ caller, params }) => getBranding(await clientOwner(caller, params.id)),
});

export const putClientIdBrandingOperation = defineOperation({
  method: "PUT",
  path: "/v2/client-ids/{id}/branding",
  example: { body: { primaryActionColor: "#0f766e", displayRequestBranding: true } },
  summary: "Set a client ID's payment page branding",
  description:
    CLIENT_DESC +
    " Given fields replace, `null` clears one, omitted fields stay. Colours are hex (#RGB, #RRGGBB, #RRGGBBAA); links https; the logo an https URL or a small PNG/JPEG/WebP/GIF data URL.",
  tags: TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  body: brandingBody,
  response: brandingView,
  errors: { 400: "Validation failed", 404: "Client ID not found (also another platform's)" },
  handler: async ({ caller, params, body, req }) =>
    putBranding(await clientOwner(caller, params.id), body, auditContextOf(caller, req)),
});

export const deleteClientIdBrandingOperation = defineOperation({
  method: "DELETE",
  path: "/v2/client-ids/{id}/branding",
  summary: "Remove a client ID's payment page branding",
  description: CLIENT_DESC + " Answers `{deleted}`: false when there was none.",
  tags: TAGS,
  auth: ["apiKey", "session"],
  params: clientIdParams,
  response: deletedView,
  errors: { 404: "Client ID not found (also another platform's)" },
  handler: async ({ caller, params, req }) => ({
    deleted: await deleteBranding(await clientOwner(caller, params.id), auditContextOf(caller, req)),
  }),
});

export const getOrchestratorBrandingOperation = defineOperation({
  method: "GET",
  path: "/v2/orchestrators/branding",
  summary: "Get the orchestrator's payment page branding",
  description: ORCH_DESC + " `null` when none is set.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  response: brandingView.nullable(),
  handler: async ({ caller }) => getBranding(orchestratorOwner(caller)),
});

export const putOrchestratorBrandingOperation = defineOperation({
  method: "PUT",
  path: "/v2/orchestrators/branding",
  example: { body: { primaryActionColor: "#0f766e", displayRequestBranding: true } },
  summary: "Set the orchestrator's payment page branding",
  description: ORCH_DESC + " Same fields and rules as a client ID's branding.",
  tags: TAGS,
  auth: ["orchestratorKey"],
  body: brandingBody,
  response: brandingView,
  errors: { 400: "Validation failed" },
  handler: async ({ caller, body }) => putBranding(orchestratorOwner(caller), body),
});

export const deleteOrchestratorBrandingOperation = defineOperation({
  method: "DELETE",
  path: "/v2/orchestrators/branding",
  summary: "Remove the orchestrator's payment page branding",
  description: ORCH_DESC,
  tags: TAGS,
  auth: ["orchestratorKey"],
  response: deletedView,
  handler: async ({ caller }) => ({ deleted: await deleteBranding(orchestratorOwner(caller)) }),
});
