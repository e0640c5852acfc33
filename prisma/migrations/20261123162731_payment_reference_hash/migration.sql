-- AlterTable
ALTER TABLE "payment_requests" ADD COLUMN     "payment_reference_hash" TEXT;

-- CreateIndex
CREATE INDEX "payment_requests_network_payment_reference_hash_idx" ON "payment_requests"("network", "payment_reference_hash");
