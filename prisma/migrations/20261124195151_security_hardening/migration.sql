-- AlterTable
-- Client IDs that exist keep registering webhooks by client ID alone, as they could before the
-- setting existed (added as true, so no row is rewritten); new ones start without it.
ALTER TABLE "client_ids" ADD COLUMN     "webhook_registration_by_client_id" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "client_ids" ALTER COLUMN "webhook_registration_by_client_id" SET DEFAULT false;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "client_id_actions" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "login_failures" (
    "email" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "last_failed_at" TIMESTAMP(3) NOT NULL,
    "blocked_until" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "login_failures_pkey" PRIMARY KEY ("email")
);

-- CreateIndex
CREATE INDEX "login_failures_last_failed_at_idx" ON "login_failures"("last_failed_at");
