-- DropIndex
DROP INDEX "payments_platform_id_payer_address_idx";

-- CreateIndex
CREATE INDEX "payment_requests_platform_id_payment_reference_idx" ON "payment_requests"("platform_id", "payment_reference");

-- CreateIndex
CREATE INDEX "payment_requests_platform_id_invoice_currency_idx" ON "payment_requests"("platform_id", "invoice_currency");

-- CreateIndex
CREATE INDEX "payments_platform_id_type_block_time_idx" ON "payments"("platform_id", "type", "block_time");

-- CreateIndex
CREATE INDEX "payments_platform_id_currency_block_time_idx" ON "payments"("platform_id", "currency", "block_time");

-- Written by hand (Prisma's schema cannot express expression indexes, and its diff ignores
-- them): wallet search matches EVM addresses in any letter case through lower().
CREATE INDEX "payments_platform_id_lower_payer_address_idx" ON "payments"("platform_id", lower("payer_address"));
CREATE INDEX "payments_platform_id_lower_payer_eoa_address_idx" ON "payments"("platform_id", lower("payer_eoa_address"));
CREATE INDEX "payment_requests_platform_id_lower_payee_idx" ON "payment_requests"("platform_id", lower("payee"));
