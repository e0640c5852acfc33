-- AlterTable
ALTER TABLE "payers" DROP COLUMN "email",
ADD COLUMN     "erased_at" TIMESTAMP(3),
ADD COLUMN     "identity" TEXT,
ADD COLUMN     "kyc_rejection_reason" TEXT,
ADD COLUMN     "portal_token_hash" TEXT,
ADD COLUMN     "provider" TEXT NOT NULL DEFAULT 'builtin',
ADD COLUMN     "provider_applicant_id" TEXT,
ADD COLUMN     "provider_kyc_url" TEXT;

-- CreateTable
CREATE TABLE "payer_data_reads" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "payer_id" UUID NOT NULL,
    "payment_detail_id" UUID,
    "actor" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payer_data_reads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offramp_payments" (
    "request_id" VARCHAR(66) NOT NULL,
    "platform_id" UUID NOT NULL,
    "payer_id" UUID NOT NULL,
    "payment_detail_id" UUID NOT NULL,
    "sub_status" TEXT NOT NULL DEFAULT 'awaiting_payment',
    "tx_hash" TEXT,
    "confirmation" JSONB,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "offramp_payments_pkey" PRIMARY KEY ("request_id")
);

-- CreateIndex
CREATE INDEX "payer_data_reads_platform_id_created_at_idx" ON "payer_data_reads"("platform_id", "created_at");

-- CreateIndex
CREATE INDEX "offramp_payments_platform_id_updated_at_idx" ON "offramp_payments"("platform_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "payers_portal_token_hash_key" ON "payers"("portal_token_hash");

-- CreateIndex
CREATE INDEX "payers_provider_provider_applicant_id_idx" ON "payers"("provider", "provider_applicant_id");
