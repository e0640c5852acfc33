-- AlterTable
ALTER TABLE "payment_requests" ADD COLUMN     "customer_info_encrypted" TEXT;

-- Written by hand. Requests stored before this migration keep customerInfo in the clear column
-- until the application seals it (lib/requests/customer-info.ts, run when workers start and by
-- `npm run secrets:rotate`): SQL cannot encrypt with ENCRYPTION_KEY. This partial index holds
-- only those rows, so the check at every start reads nothing once they are sealed.
CREATE INDEX "payment_requests_clear_customer_info_idx" ON "payment_requests"("id") WHERE "customer_info" IS NOT NULL;
