-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY['read', 'payments', 'payouts', 'admin']::TEXT[];
