// What an API key may do (docs/decisions/api-key-scopes.md). Every operation that takes an API
// key needs one scope: `read` for reads, `payments` to ask for and take money (requests, secure
// payments and their intents, payers), `payouts` to pay money out (refunds too), `admin` to change how the
// platform is set up (client IDs, webhooks, branding, profile). The route wrapper checks it
// (lib/api/route.ts); /docs names it for every operation. Keys made before scopes existed have
// all four. A GET needs `read`; every other operation that takes an API key is listed in
// WRITE_SCOPES, in one place, so the design reads as a whole (lib/api/api-key-scopes.test.ts
// fails when an operation is missing or a row is stale).
import { z } from "zod";
import { forbidden } from "../http/errors";

export const API_KEY_SCOPES = ["read", "payments", "payouts", "admin"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  read: "Read requests, payments, secure payments, payers, destinations, webhooks and settings",
  payments: "Create and change payment requests, secure payments and their payment intents, and payers",
  payouts: "Create payouts, batch and recurring payouts, payout links and refunds",
  admin: "Change client IDs, webhook endpoints, branding and the platform profile",
};

export const apiKeyScope = z.enum(API_KEY_SCOPES);

/** The scope each API-key operation that is not a GET needs, by `METHOD path`. */
export const WRITE_SCOPES: Record<string, ApiKeyScope> = {
  // computes a fee breakdown, changes nothing
  "POST /v2/secure-payments/fees/preview": "read",
  // asking for money and taking it
  "POST /v2/request": "payments",
  "PATCH /v2/request/{requestId}": "payments",
  "POST /v2/request/payment-intents/{paymentIntentId}": "payments",
  "POST /v2/secure-payments": "payments",
  "POST /v2/secure-payments/{token}/cancel": "payments",
  "POST /v2/secure-payments/{token}/intent": "payments",
  "POST /v2/secure-payments/{token}/tron/broadcast": "payments",
  "POST /v2/secure-payments/{token}/refresh-step-transaction": "payments",
  "POST /v2/payer": "payments",
  "PATCH /v2/payer/{clientUserId}": "payments",
  "POST /v2/payer/{clientUserId}/payment-details": "payments",
  // paying money out
  "POST /v2/payouts": "payouts",
  "POST /v2/payouts/batch": "payouts",
  "POST /v2/payouts/recurring/{id}": "payouts",
  "PATCH /v2/payouts/recurring/{id}": "payouts",
  "POST /v2/secure-payments/payouts": "payouts",
  "POST /v2/secure-payments/batch-payouts": "payouts",
  "POST /v2/secure-payments/multicall-payouts": "payouts",
  // a refund pays the merchant's money back out to a payer
  "POST /v2/request/{requestId}/refunds": "payouts",
  // how the platform is set up
  "PATCH /v1/platform/profile": "admin",
  "POST /v2/client-ids": "admin",
  "PUT /v2/client-ids/{id}": "admin",
  "DELETE /v2/client-ids/{id}": "admin",
  "POST /v2/client-ids/{id}/orchestrator-link": "admin",
  "DELETE /v2/client-ids/{id}/orchestrator-link": "admin",
  "PUT /v2/client-ids/{id}/branding": "admin",
  "DELETE /v2/client-ids/{id}/branding": "admin",
  "POST /v1/webhook": "admin",
  "PUT /v1/webhook/{webhookId}": "admin",
  "DELETE /v1/webhook/{webhookId}": "admin",
  "POST /v1/webhook/test": "admin",
  "POST /v1/webhook/{webhookId}/rotate-secret": "admin",
  "POST /v1/webhook/{webhookId}/deliveries/{deliveryId}/resend": "admin",
};

/** The scope an operation needs of an API key: its own `scope`, else `read` for a GET, else its WRITE_SCOPES row. */
export function requiredScope(op: { method: string; path: string; scope?: ApiKeyScope }): ApiKeyScope | undefined {
  return op.scope ?? (op.method === "GET" ? "read" : WRITE_SCOPES[`${op.method} ${op.path}`]);
}

/** Refuses (403 `api_key_scope_missing`, nothing done) a key without the scope the operation needs. */
export function checkApiKeyScope(
  op: { method: string; path: string; scope?: ApiKeyScope },
  keyScopes: readonly ApiKeyScope[],
): void {
  const needed = requiredScope(op);
  // An operation taking API keys without a scope is a bug the registry test catches; refuse it rather than allow.
  if (!needed || !keyScopes.includes(needed))
    throw forbidden(
      "api_key_scope_missing",
      `This API key lacks the \`${needed ?? "admin"}\` scope that ${op.method} ${op.path} needs; its scopes: ${keyScopes.join(", ") || "none"}`,
    );
}

/** Scopes as stored, in the canonical order, unknown values dropped. */
export function normaliseScopes(values: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => values.includes(s));
}
