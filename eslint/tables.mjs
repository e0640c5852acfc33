// Table walls (docs/architecture.md "Domains and what each owns", "Domain walls"): every Prisma
// model, its SQL table and the domain (folder of lib/) that owns it. Only the owner's files read
// or write a table; another domain calls the owner's function. `house/table-walls` checks Prisma
// accessors (`tx.payment.findMany`) and table names in tagged SQL against this list, and
// eslint/tables.test.ts checks that it names every model of prisma/schema.prisma.
// A new model: add it here, in the same change as the schema, with its owner.
export const TABLES = {
  // auth
  User: { table: "users", owner: "auth" },
  Session: { table: "sessions", owner: "auth" },
  LoginFailure: { table: "login_failures", owner: "auth" },
  RecoveryCode: { table: "recovery_codes", owner: "auth" },
  WalletChallenge: { table: "wallet_challenges", owner: "auth" },
  ApiKey: { table: "api_keys", owner: "auth" },
  EmailToken: { table: "email_tokens", owner: "auth" },
  // mail
  OutboundMail: { table: "outbound_mails", owner: "mail" },
  SandboxMail: { table: "sandbox_mails", owner: "mail" },
  // platforms
  Platform: { table: "platforms", owner: "platforms" },
  // client-ids
  ClientId: { table: "client_ids", owner: "client-ids" },
  // orchestrators
  Orchestrator: { table: "orchestrators", owner: "orchestrators" },
  OrchestratorKey: { table: "orchestrator_keys", owner: "orchestrators" },
  OrchestratorLink: { table: "orchestrator_links", owner: "orchestrators" },
  // payee-destinations
  PayeeDestination: { table: "payee_destinations", owner: "payee-destinations" },
  SigningNonce: { table: "signing_nonces", owner: "payee-destinations" },
  // requests
  PaymentRequest: { table: "payment_requests", owner: "requests" },
  RefundReference: { table: "refund_references", owner: "requests" },
  ConversionQuote: { table: "conversion_quotes", owner: "requests" },
  // payments
  Payment: { table: "payments", owner: "payments" },
  PaymentCount: { table: "payment_counts", owner: "payments" },
  PaymentNotice: { table: "payment_notices", owner: "payments" },
  ChainCursor: { table: "chain_cursors", owner: "payments" },
  ChainCheckpoint: { table: "chain_checkpoints", owner: "payments" },
  Refund: { table: "refunds", owner: "payments" },
  // payers
  Payer: { table: "payers", owner: "payers" },
  PaymentDetail: { table: "payment_details", owner: "payers" },
  PayerDataRead: { table: "payer_data_reads", owner: "payers" },
  OfframpPayment: { table: "offramp_payments", owner: "payers" },
  // recurring
  RecurringPayment: { table: "recurring_payments", owner: "recurring" },
  RecurringInstalment: { table: "recurring_instalments", owner: "recurring" },
  // secure-payments
  SecurePayment: { table: "secure_payments", owner: "secure-payments" },
  SecurePaymentIntent: { table: "secure_payment_intents", owner: "secure-payments" },
  AccessRejection: { table: "access_rejections", owner: "secure-payments" },
  Branding: { table: "brandings", owner: "secure-payments" },
  // webhooks
  WebhookEndpoint: { table: "webhook_endpoints", owner: "webhooks" },
  WebhookEvent: { table: "webhook_events", owner: "webhooks" },
  WebhookDelivery: { table: "webhook_deliveries", owner: "webhooks" },
  WebhookAttempt: { table: "webhook_attempts", owner: "webhooks" },
  // api (the HTTP edge)
  IdempotencyKey: { table: "idempotency_keys", owner: "api" },
  RateLimitBucket: { table: "rate_limit_buckets", owner: "api" },
  // kyt
  KytWalletVerdict: { table: "kyt_wallet_verdicts", owner: "kyt" },
  KytScreening: { table: "kyt_screenings", owner: "kyt" },
  // crosschain
  CrosschainIntent: { table: "crosschain_intents", owner: "crosschain" },
  // audit
  AuditEvent: { table: "audit_events", owner: "audit" },
};

/** Schemas owned whole by a domain: SQL naming `<schema>.<table>` belongs to that domain.
 * pg-boss keeps its tables in its own schema (`pgboss`, or `<schema>_pgboss` beside a test
 * schema: lib/db/client.ts), reached only through lib/jobs. */
export const SCHEMA_OWNERS = { pgboss: "jobs" };

/** Files that touch another domain's table today, `<file>><table>`, with why and how to break it
 * (as KNOWN_FOLDER_CYCLE_EDGES in house-rules.mjs). No folder is exempt: lib/db runs migrations
 * from .sql files and names no table in code, lib/jobs names only pg-boss's schema, lib/workers
 * calls each owner's `purge…`. Do not add to this list: ask the owner's function. */
export const KNOWN_TABLE_CROSSINGS = {};
