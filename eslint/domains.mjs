// The domain walls (docs/architecture.md "Domain walls"). A domain is a folder of lib/ that
// owns tables or a surface; other code may import only the files listed here as its public
// surface. Tests, test fixtures, e2e and bench may reach inside (they are not shipped).
// To expose a file: add it here, in the same change that needs it, and say why in review.
// Folders not listed (api, http, db, chains, jobs, zod, addresses, …) are shared layers.
export const PUBLIC_SURFACE = {
  auth: ["api-key-endpoints.ts", "api-keys.ts", "clock.ts", "demo-wallet-endpoints.ts", "demo-wallet.ts", "endpoints.ts", "passwords.ts", "schemas.ts", "sessions.ts", "tokens.ts", "users.ts"],
  platforms: ["create-platform.ts", "endpoints.ts", "profile.ts"],
  "client-ids": ["browser-origins.ts", "client-id-fee.ts", "create-client-id.ts", "endpoints.ts", "fee-percentage.ts", "manage-client-ids.ts", "origin.ts", "resolve.ts", "schemas.ts"],
  orchestrators: ["accounts.ts", "active-links.ts", "endpoints.ts", "orchestrator-links.ts", "platform-links.ts", "resolve.ts", "schemas.ts"],
  "payee-destinations": ["destination-id.ts", "destination-tokens.ts", "endpoints.ts", "read-destinations.ts", "register-with-key.ts", "resolve-destination.ts", "schemas.ts", "signing-nonces.ts", "signing-typed-data.ts"],
  requests: [
    "build-pay-calldata.ts", "caller.ts", "chain-names.ts", "create-request.ts", "encode-payment.ts", "endpoints.ts", "fee.ts", "payment-maths.ts",
    "payment-method.ts", "payment-reference.ts", "payment-routes.ts", "pay-query.ts", "request-status.ts", "request-store.ts", "schemas.ts", "settlement-store.ts",
  ],
  payments: ["indexer/start-detection.ts", "payment-volume.ts", "search-endpoint.ts", "search-payments.ts", "search-query.ts", "search-response.ts"],
  payouts: ["create-batch-payout.ts", "endpoints.ts"],
  payers: ["dashboard-endpoints.ts", "endpoints.ts", "dashboard-view.ts", "offramp.ts", "payer-store.ts", "portal-endpoints.ts", "portal-page.ts", "schemas.ts"],
  recurring: ["create-recurring-payout.ts", "endpoints.ts", "list-schedules.ts", "relayer.ts", "schemas.ts"],
  "secure-payments": [
    "branding-endpoints.ts", "branding-rules.ts", "branding.ts", "build-secure-payment-calls.ts", "contract-check.ts", "contract-policy.ts", "create-secure-payment.ts",
    "detected-payments.ts", "endpoints.ts", "fee-plan.ts", "load-secure-payment.ts", "multicall-state.ts", "page-state.ts", "payment-intents.ts", "payment-links.ts", "schemas.ts",
  ],
  webhooks: [
    "client-id-endpoints.ts", "delivery-docs.ts", "delivery-log.ts", "delivery-policy.ts", "delivery-worker.ts", "emit-event.ts", "endpoint-summaries.ts", "event-docs.ts", "events.ts",
    "manage-endpoints.ts", "orchestrator-endpoints.ts", "orchestrator-webhook-endpoints.ts", "platform-webhook-endpoints.ts", "request-deliveries.ts", "schemas.ts", "send-test-event.ts", "webhook-secret.ts",
  ],
  "pay-page": ["crosschain.ts", "endpoints.ts", "format.ts", "load-pay-page.ts", "page-branding.ts", "pay-page-view.ts", "qr-path.ts"],
  dashboard: [
    "branding-form.ts", "delivery-log-query.ts", "or-not-found.ts", "overview.ts", "page-session.ts", "payee-destination-choices.ts", "payment-rows.ts", "payment-search-query.ts", "payments-csv.ts", "sandbox-transaction.ts",
    "sign-in-redirect.ts", "volume-chart.ts", "webhook-event-choices.ts", "webhook-hrefs.ts", "webhook-url-rule.ts",
  ],
  kyt: ["ofac-sdn.ts", "read-screenings.ts", "screen-wallets.ts"],
  crosschain: ["crosschain-routes.ts", "deploy-gateway.ts", "endpoints.ts", "intent-check.ts", "intent-progress.ts", "liquidity.ts", "page-policy.ts", "payout-source.ts", "quote-intent.ts", "schemas.ts", "settle-intents.ts", "submit-intent.ts"],
  currencies: ["endpoints.ts"],
  health: ["endpoints.ts", "health-server.ts"],
};

/** Files that may reach inside any domain: tests and what only tests use. */
export function isTestCode(relativePath) {
  const name = relativePath.split("/").at(-1);
  return /\.test\.tsx?$/.test(name) || name.startsWith("test-") || name.endsWith("-fixtures.ts") || name === "fixtures.ts" || /^(lib\/test|e2e|bench)\//.test(relativePath);
}
