-- AlterTable
ALTER TABLE "payment_requests" ADD COLUMN     "origin" TEXT;
