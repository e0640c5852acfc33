-- AlterTable
ALTER TABLE "payment_requests" ADD COLUMN     "is_recurrence_stopped" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "original_request_payment_reference" TEXT;
