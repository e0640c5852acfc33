-- CreateTable
CREATE TABLE "payment_counts" (
    "platform_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "type" "PaymentType" NOT NULL,
    "currency" TEXT NOT NULL,
    "invoice_currency" TEXT NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "payment_counts_pkey" PRIMARY KEY ("platform_id","type","currency","invoice_currency","day")
);

-- Written by hand: payment_counts follows payments, whoever writes them (detection, a reorg's
-- undo, a request's cascade, fixtures, bulk loads). Statement triggers with transition tables:
-- one grouped upsert per statement, not one per row, so recording a batch of payments stays one
-- write per (day, type, currency). Groups are written in key order, so two writers lock them in
-- the same order. Payments are never updated, only inserted and deleted.
CREATE FUNCTION "payment_counts_add"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO payment_counts (platform_id, type, currency, invoice_currency, day, n)
  SELECT platform_id, type, COALESCE(currency, ''), COALESCE(invoice_currency, ''), block_time::date, count(*)
    FROM new_payments GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (platform_id, type, currency, invoice_currency, day) DO UPDATE SET n = payment_counts.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE FUNCTION "payment_counts_remove"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE payment_counts c SET n = c.n - d.n
    FROM (SELECT platform_id, type, COALESCE(currency, '') AS currency, COALESCE(invoice_currency, '') AS invoice_currency, block_time::date AS day, count(*) AS n
            FROM old_payments GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5) d
   WHERE c.platform_id = d.platform_id AND c.type = d.type AND c.currency = d.currency AND c.invoice_currency = d.invoice_currency AND c.day = d.day;
  RETURN NULL;
END
$$;

CREATE TRIGGER "payment_counts_add" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_add"();

CREATE TRIGGER "payment_counts_remove" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS old_payments FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_remove"();

INSERT INTO payment_counts (platform_id, type, currency, invoice_currency, day, n)
SELECT platform_id, type, COALESCE(currency, ''), COALESCE(invoice_currency, ''), block_time::date, count(*)
  FROM payments GROUP BY 1, 2, 3, 4, 5;
