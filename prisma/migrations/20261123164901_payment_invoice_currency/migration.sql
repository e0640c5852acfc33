-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "invoice_currency" TEXT;

-- CreateIndex
CREATE INDEX "payments_platform_id_invoice_currency_block_time_idx" ON "payments"("platform_id", "invoice_currency", "block_time");

-- Written by hand: the request's invoice currency (fixed at creation) copied onto each payment
-- as it is inserted, whoever inserts it, so the invoiceCurrency search filter and its count
-- read the payments' own index instead of joining a quarter of the requests.
CREATE FUNCTION "payments_copy_invoice_currency"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  SELECT invoice_currency INTO NEW.invoice_currency FROM payment_requests WHERE id = NEW.request_id;
  RETURN NEW;
END
$$;

CREATE TRIGGER "payments_copy_invoice_currency" BEFORE INSERT ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_copy_invoice_currency"();

UPDATE "payments" p SET "invoice_currency" = r."invoice_currency" FROM "payment_requests" r WHERE r."id" = p."request_id";
