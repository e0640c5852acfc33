-- DropIndex
DROP INDEX "webhook_deliveries_endpoint_id_created_at_idx";

-- DropIndex
DROP INDEX "webhook_deliveries_status_next_attempt_at_idx";

-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN     "finished_at" TIMESTAMP(3),
ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "duration_ms" DROP NOT NULL;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "claim_id" UUID,
ADD COLUMN     "delivered_at" TIMESTAMP(3),
ADD COLUMN     "enqueued_at" TIMESTAMP(3),
ADD COLUMN     "failure_reason" TEXT,
ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_enqueued_at_next_attempt_at_idx" ON "webhook_deliveries"("status", "enqueued_at", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_id_idx" ON "webhook_deliveries"("endpoint_id", "id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_platform_id_idx" ON "webhook_endpoints"("platform_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_endpoints_orchestrator_id_url_key" ON "webhook_endpoints"("orchestrator_id", "url");
