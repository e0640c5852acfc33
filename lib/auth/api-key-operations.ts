// API keys of the signed-in user's platform: created (the key is shown once), listed (only
// its prefix) and revoked, from the dashboard or any client holding a session.

import { z } from "zod";
import { auditContextOf } from "../audit";
import { platformOf } from "../http/caller";
import { notFound } from "../http/errors";
import { defineOperation } from "../http/operation";
import { isUuid } from "../ids/ids";
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { apiKeyParams, apiKeyRecord, createApiKeyBody, createdApiKey } from "./schemas";

const TAGS = ["API keys"];
const NOT_FOUND = "API key not found";

export const listApiKeysOperation = defineOperation({
  method: "GET",
  path: "/v1/api-keys",
  summary: "List API keys",
  description: "The platform's API keys, newest first, revoked ones included. Only the key's prefix is shown.",
  tags: TAGS,
  auth: ["session"],
  response: z.array(apiKeyRecord),
  handler: async ({ caller }) => listApiKeys(platformOf(caller)),
});

export const createApiKeyOperation = defineOperation({
  method: "POST",
  path: "/v1/api-keys",
  example: { body: { name: "checkout backend" } },
  summary: "Create an API key",
  description:
    "Creates a key for the `x-api-key` header, with the scopes it may use (default: all four; docs/decisions/api-key-scopes.md). The full key is in this response only; it is stored hashed and cannot be shown again. Scopes cannot be changed later: create another key and revoke this one.",
  tags: TAGS,
  auth: ["session"],
  body: createApiKeyBody,
  response: createdApiKey,
  idempotency: false,
  handler: async ({ caller, body, req }) => {
    const k = await createApiKey(platformOf(caller), body.name, body.scopes, auditContextOf(caller, req));
    return {
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      scopes: k.scopes,
      createdAt: k.createdAt,
      lastUsedAt: null,
      revokedAt: null,
      key: k.key,
    };
  },
});

export const revokeApiKeyOperation = defineOperation({
  method: "DELETE",
  path: "/v1/api-keys/{apiKeyId}",
  summary: "Revoke an API key",
  description: "The key stops authenticating at once. Revoking a revoked key answers the same record.",
  tags: TAGS,
  auth: ["session"],
  params: apiKeyParams,
  response: apiKeyRecord,
  errors: { 404: "No key with this id on the platform" },
  handler: async ({ caller, params, req }) => {
    const platformId = platformOf(caller);
    if (!isUuid(params.apiKeyId)) throw notFound("api_key_not_found", NOT_FOUND);
    await revokeApiKey(platformId, params.apiKeyId, auditContextOf(caller, req));
    const key = await getApiKey(platformId, params.apiKeyId);
    if (!key) throw notFound("api_key_not_found", NOT_FOUND);
    return key;
  },
});
