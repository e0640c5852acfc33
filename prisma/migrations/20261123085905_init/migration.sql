-- CreateEnum
CREATE TYPE "WalletType" AS ENUM ('evm', 'tron');

-- CreateEnum
CREATE TYPE "SessionKind" AS ENUM ('wallet', 'email');

-- CreateEnum
CREATE TYPE "ClientIdStatus" AS ENUM ('active', 'revoked');

-- CreateEnum
CREATE TYPE "LinkStatus" AS ENUM ('pending', 'active', 'unlinked', 'rejected');

-- CreateEnum
CREATE TYPE "LinkMethod" AS ENUM ('direct', 'hosted');

-- CreateEnum
CREATE TYPE "RequestStatus" AS ENUM ('pending', 'partially_paid', 'paid', 'cancelled');

-- CreateEnum
CREATE TYPE "PaymentType" AS ENUM ('direct', 'conversion', 'batch', 'recurring', 'crosschain');

-- CreateEnum
CREATE TYPE "RecurringStatus" AS ENUM ('pending', 'active', 'paused', 'cancelled', 'completed');

-- CreateEnum
CREATE TYPE "SecurePaymentType" AS ENUM ('single', 'payouts', 'multicall');

-- CreateEnum
CREATE TYPE "SecurePaymentStatus" AS ENUM ('pending', 'expired', 'completed', 'partially_settled', 'cancelled');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "platforms" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "is_demo" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "platforms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "email" TEXT,
    "password_hash" TEXT,
    "wallet_address" TEXT,
    "wallet_type" "WalletType",
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" "SessionKind" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet_challenges" (
    "id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "wallet_type" "WalletType" NOT NULL,
    "nonce" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_ids" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "client_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "allowed_domains" TEXT[],
    "fee_percentage" TEXT,
    "fee_address" TEXT,
    "operator_wallet_address" TEXT,
    "default_pre_approval_expiry" INTEGER,
    "default_authorization_expiry" INTEGER,
    "status" "ClientIdStatus" NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "client_ids_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orchestrators" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orchestrators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orchestrator_keys" (
    "id" UUID NOT NULL,
    "orchestrator_id" UUID NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "orchestrator_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orchestrator_links" (
    "id" UUID NOT NULL,
    "intent_id" UUID NOT NULL,
    "orchestrator_id" UUID NOT NULL,
    "client_id_id" UUID,
    "method" "LinkMethod" NOT NULL,
    "status" "LinkStatus" NOT NULL DEFAULT 'pending',
    "external_id" TEXT,
    "destination_id" TEXT,
    "destination_wallet_address" TEXT,
    "chain" TEXT,
    "currency" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "linked_at" TIMESTAMP(3),
    "unlinked_at" TIMESTAMP(3),

    CONSTRAINT "orchestrator_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_requests" (
    "id" VARCHAR(66) NOT NULL,
    "platform_id" UUID NOT NULL,
    "client_id_id" UUID,
    "network" TEXT NOT NULL,
    "invoice_currency" TEXT NOT NULL,
    "payment_currency" TEXT NOT NULL,
    "expected_amount" DECIMAL(78,0) NOT NULL,
    "payee" TEXT NOT NULL,
    "payer" TEXT,
    "salt" TEXT NOT NULL,
    "payment_reference" TEXT NOT NULL,
    "reference" TEXT,
    "customer_info" JSONB,
    "recurrence" JSONB,
    "is_crypto_to_fiat_available" BOOLEAN NOT NULL DEFAULT false,
    "original_request_id" VARCHAR(66),
    "fee_percentage" TEXT,
    "fee_address" TEXT,
    "status" "RequestStatus" NOT NULL DEFAULT 'pending',
    "amount_paid" DECIMAL(78,0) NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "request_id" VARCHAR(66) NOT NULL,
    "platform_id" UUID NOT NULL,
    "network" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "block_time" TIMESTAMP(3) NOT NULL,
    "token_address" TEXT,
    "currency" TEXT,
    "amount" DECIMAL(78,0) NOT NULL,
    "fee_amount" DECIMAL(78,0) NOT NULL DEFAULT 0,
    "fee_address" TEXT,
    "payer_address" TEXT,
    "payer_eoa_address" TEXT,
    "type" "PaymentType" NOT NULL,
    "conversion_rate" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recurring_schedules" (
    "id" VARCHAR(26) NOT NULL,
    "platform_id" UUID NOT NULL,
    "network" TEXT NOT NULL,
    "permit" JSONB NOT NULL,
    "signature" TEXT,
    "status" "RecurringStatus" NOT NULL DEFAULT 'pending',
    "total_payments" INTEGER NOT NULL,
    "processed_payments" INTEGER NOT NULL DEFAULT 0,
    "next_payment_at" TIMESTAMP(3),
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "recurring_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payers" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "client_user_id" TEXT NOT NULL,
    "email" TEXT,
    "kyc_status" TEXT NOT NULL DEFAULT 'not_started',
    "agreement_status" TEXT NOT NULL DEFAULT 'not_started',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_details" (
    "id" UUID NOT NULL,
    "payer_id" UUID NOT NULL,
    "encrypted" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "rails" TEXT,
    "currency" TEXT,
    "beneficiary_type" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_details_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payee_destinations" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "destination_id" TEXT NOT NULL,
    "wallet_address" TEXT NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "token_address" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivated_at" TIMESTAMP(3),

    CONSTRAINT "payee_destinations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "signing_nonces" (
    "nonce" TEXT NOT NULL,
    "wallet_address" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "signing_nonces_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "secure_payments" (
    "token" VARCHAR(26) NOT NULL,
    "platform_id" UUID NOT NULL,
    "client_id_id" UUID,
    "orchestrator_id" UUID,
    "parent_token" VARCHAR(26),
    "position" INTEGER,
    "payment_type" "SecurePaymentType" NOT NULL,
    "status" "SecurePaymentStatus" NOT NULL DEFAULT 'pending',
    "request_ids" TEXT[],
    "reference" TEXT,
    "redirect_url" TEXT,
    "redirect_label" TEXT,
    "allowed_payer_addresses" TEXT[],
    "expires_at" TIMESTAMP(3) NOT NULL,
    "completed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "secure_payments_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "access_rejections" (
    "id" UUID NOT NULL,
    "token" VARCHAR(26) NOT NULL,
    "wallet" TEXT NOT NULL,
    "last_emitted" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "access_rejections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "brandings" (
    "id" UUID NOT NULL,
    "client_id_id" UUID,
    "orchestrator_id" UUID,
    "logo_path" TEXT,
    "page_background_color" TEXT,
    "card_background_color" TEXT,
    "primary_action_color" TEXT,
    "primary_text_color" TEXT,
    "secondary_text_color" TEXT,
    "terms_path" TEXT,
    "privacy_path" TEXT,
    "display_request_branding" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "brandings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "platform_id" UUID,
    "client_id_id" UUID,
    "orchestrator_id" UUID,
    "url" TEXT NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" VARCHAR(26) NOT NULL,
    "event" TEXT NOT NULL,
    "client_id_id" UUID,
    "orchestrator_id" UUID,
    "payload" JSONB NOT NULL,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" VARCHAR(26) NOT NULL,
    "event_id" VARCHAR(26) NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" VARCHAR(26) NOT NULL,
    "retry_count" INTEGER NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_excerpt" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "credential" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status_code" INTEGER,
    "response_body" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("credential","key")
);

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "chain_cursors" (
    "network" TEXT NOT NULL,
    "last_block" BIGINT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "chain_cursors_pkey" PRIMARY KEY ("network")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_wallet_address_key" ON "users"("wallet_address");

-- CreateIndex
CREATE INDEX "users_platform_id_idx" ON "users"("platform_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions"("token_hash");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "wallet_challenges_nonce_key" ON "wallet_challenges"("nonce");

-- CreateIndex
CREATE INDEX "wallet_challenges_expires_at_idx" ON "wallet_challenges"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_platform_id_idx" ON "api_keys"("platform_id");

-- CreateIndex
CREATE UNIQUE INDEX "client_ids_client_id_key" ON "client_ids"("client_id");

-- CreateIndex
CREATE INDEX "client_ids_platform_id_idx" ON "client_ids"("platform_id");

-- CreateIndex
CREATE UNIQUE INDEX "orchestrator_keys_key_hash_key" ON "orchestrator_keys"("key_hash");

-- CreateIndex
CREATE INDEX "orchestrator_keys_orchestrator_id_idx" ON "orchestrator_keys"("orchestrator_id");

-- CreateIndex
CREATE UNIQUE INDEX "orchestrator_links_intent_id_key" ON "orchestrator_links"("intent_id");

-- CreateIndex
CREATE INDEX "orchestrator_links_orchestrator_id_status_idx" ON "orchestrator_links"("orchestrator_id", "status");

-- CreateIndex
CREATE INDEX "orchestrator_links_client_id_id_status_idx" ON "orchestrator_links"("client_id_id", "status");

-- CreateIndex
CREATE INDEX "payment_requests_platform_id_created_at_idx" ON "payment_requests"("platform_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_requests_platform_id_reference_idx" ON "payment_requests"("platform_id", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "payment_requests_network_payment_reference_key" ON "payment_requests"("network", "payment_reference");

-- CreateIndex
CREATE INDEX "payments_platform_id_block_time_idx" ON "payments"("platform_id", "block_time");

-- CreateIndex
CREATE INDEX "payments_platform_id_tx_hash_idx" ON "payments"("platform_id", "tx_hash");

-- CreateIndex
CREATE INDEX "payments_platform_id_payer_address_idx" ON "payments"("platform_id", "payer_address");

-- CreateIndex
CREATE INDEX "payments_request_id_idx" ON "payments"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_network_tx_hash_log_index_key" ON "payments"("network", "tx_hash", "log_index");

-- CreateIndex
CREATE INDEX "recurring_schedules_status_next_payment_at_idx" ON "recurring_schedules"("status", "next_payment_at");

-- CreateIndex
CREATE INDEX "recurring_schedules_platform_id_idx" ON "recurring_schedules"("platform_id");

-- CreateIndex
CREATE UNIQUE INDEX "payers_platform_id_client_user_id_key" ON "payers"("platform_id", "client_user_id");

-- CreateIndex
CREATE INDEX "payment_details_payer_id_idx" ON "payment_details"("payer_id");

-- CreateIndex
CREATE INDEX "payee_destinations_platform_id_wallet_address_idx" ON "payee_destinations"("platform_id", "wallet_address");

-- CreateIndex
CREATE UNIQUE INDEX "payee_destinations_platform_id_destination_id_key" ON "payee_destinations"("platform_id", "destination_id");

-- CreateIndex
CREATE INDEX "signing_nonces_expires_at_idx" ON "signing_nonces"("expires_at");

-- CreateIndex
CREATE INDEX "secure_payments_platform_id_created_at_idx" ON "secure_payments"("platform_id", "created_at");

-- CreateIndex
CREATE INDEX "secure_payments_parent_token_idx" ON "secure_payments"("parent_token");

-- CreateIndex
CREATE UNIQUE INDEX "access_rejections_token_wallet_key" ON "access_rejections"("token", "wallet");

-- CreateIndex
CREATE UNIQUE INDEX "brandings_client_id_id_key" ON "brandings"("client_id_id");

-- CreateIndex
CREATE UNIQUE INDEX "brandings_orchestrator_id_key" ON "brandings"("orchestrator_id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_client_id_id_idx" ON "webhook_endpoints"("client_id_id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_orchestrator_id_idx" ON "webhook_endpoints"("orchestrator_id");

-- CreateIndex
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events"("created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_event_id_endpoint_id_key" ON "webhook_deliveries"("event_id", "endpoint_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "webhook_attempts"("delivery_id");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_ids" ADD CONSTRAINT "client_ids_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orchestrator_keys" ADD CONSTRAINT "orchestrator_keys_orchestrator_id_fkey" FOREIGN KEY ("orchestrator_id") REFERENCES "orchestrators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orchestrator_links" ADD CONSTRAINT "orchestrator_links_orchestrator_id_fkey" FOREIGN KEY ("orchestrator_id") REFERENCES "orchestrators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orchestrator_links" ADD CONSTRAINT "orchestrator_links_client_id_id_fkey" FOREIGN KEY ("client_id_id") REFERENCES "client_ids"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "payment_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payers" ADD CONSTRAINT "payers_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_details" ADD CONSTRAINT "payment_details_payer_id_fkey" FOREIGN KEY ("payer_id") REFERENCES "payers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payee_destinations" ADD CONSTRAINT "payee_destinations_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "secure_payments" ADD CONSTRAINT "secure_payments_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "secure_payments" ADD CONSTRAINT "secure_payments_client_id_id_fkey" FOREIGN KEY ("client_id_id") REFERENCES "client_ids"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "brandings" ADD CONSTRAINT "brandings_client_id_id_fkey" FOREIGN KEY ("client_id_id") REFERENCES "client_ids"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "brandings" ADD CONSTRAINT "brandings_orchestrator_id_fkey" FOREIGN KEY ("orchestrator_id") REFERENCES "orchestrators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_client_id_id_fkey" FOREIGN KEY ("client_id_id") REFERENCES "client_ids"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_orchestrator_id_fkey" FOREIGN KEY ("orchestrator_id") REFERENCES "orchestrators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
