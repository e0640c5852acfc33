-- AlterTable
ALTER TABLE "payment_requests" ADD COLUMN     "orchestrator_id" UUID;
