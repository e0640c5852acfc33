-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "payee" TEXT;

-- Written by hand. The request's payee, copied onto each payment, so the walletAddress search
-- finds a payee's payments through one index of payments, in the keyset order of the other
-- filters (block_time, then id), instead of joining the requests of that payee.
UPDATE "payments" p SET "payee" = r."payee" FROM "payment_requests" r WHERE r."id" = p."request_id";

-- Wallet search matches EVM addresses in any letter case through lower(), like the payer indexes.
CREATE INDEX "payments_platform_id_lower_payee_block_time_id_idx" ON "payments"("platform_id", lower("payee"), "block_time", "id");

-- Payment detection writes invoice_currency and payee itself, in the one multi-row insert that
-- records a batch (lib/payments/record-payments.ts): the trigger of payment_invoice_currency,
-- which read the request once per row, now runs only for the writers that leave them out
-- (fixtures, bulk loads), and fills only what they left out.
DROP TRIGGER "payments_copy_invoice_currency" ON "payments";
DROP FUNCTION "payments_copy_invoice_currency"();

CREATE FUNCTION "payments_copy_request_fields"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  SELECT COALESCE(NEW.invoice_currency, r.invoice_currency), COALESCE(NEW.payee, r.payee) INTO NEW.invoice_currency, NEW.payee
    FROM payment_requests r WHERE r.id = NEW.request_id;
  RETURN NEW;
END
$$;

CREATE TRIGGER "payments_copy_request_fields" BEFORE INSERT ON "payments"
  FOR EACH ROW WHEN (NEW.invoice_currency IS NULL OR NEW.payee IS NULL) EXECUTE FUNCTION "payments_copy_request_fields"();
