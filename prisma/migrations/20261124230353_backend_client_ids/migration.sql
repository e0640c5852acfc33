-- AlterTable
ALTER TABLE "client_ids" ADD COLUMN     "payee_destination_id" TEXT;
