-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "request_network_headers" BOOLEAN NOT NULL DEFAULT false;
