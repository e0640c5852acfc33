-- CreateEnum
CREATE TYPE "CrosschainStatus" AS ENUM ('created', 'signed', 'collected', 'paid', 'failed', 'refunded');

-- CreateTable
CREATE TABLE "crosschain_intents" (
    "id" VARCHAR(26) NOT NULL,
    "platform_id" UUID NOT NULL,
    "request_id" VARCHAR(66) NOT NULL,
    "source_network" TEXT NOT NULL,
    "destination_network" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "terms" JSONB NOT NULL,
    "destination_amount" DECIMAL(78,0) NOT NULL,
    "supports_permit" BOOLEAN NOT NULL,
    "status" "CrosschainStatus" NOT NULL DEFAULT 'created',
    "signature" TEXT,
    "approval_permit" JSONB,
    "pending_tx" JSONB,
    "permit_tx_hash" TEXT,
    "source_tx_hash" TEXT,
    "destination_tx_hash" TEXT,
    "refund_tx_hash" TEXT,
    "failure_reason" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "crosschain_intents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "crosschain_intents_status_updated_at_idx" ON "crosschain_intents"("status", "updated_at");

-- CreateIndex
CREATE INDEX "crosschain_intents_platform_id_request_id_idx" ON "crosschain_intents"("platform_id", "request_id");
