-- AlterTable
ALTER TABLE "payment_requests" ADD COLUMN     "next_occurrence" INTEGER,
ADD COLUMN     "next_occurrence_at" TIMESTAMP(3),
ADD COLUMN     "occurrence_index" INTEGER;

-- CreateIndex
CREATE INDEX "payment_requests_network_next_occurrence_at_idx" ON "payment_requests"("network", "next_occurrence_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_requests_original_request_id_occurrence_index_key" ON "payment_requests"("original_request_id", "occurrence_index");

-- Recurring invoices stored before occurrences were issued: each is an original from now on,
-- its next occurrence the first period after now (the periods already behind it are not owed,
-- as for an invoice created on a chain moved ahead: lib/requests/occurrence-rules.ts
-- firstOccurrenceAfter). Whole days; calendar months and years from the start date, clamped
-- to the month's end; UTC. Recurring payouts' requests (recurring_payments) and requests that
-- name an original are not originals.
UPDATE "payment_requests" r
SET "next_occurrence" = f.n, "next_occurrence_at" = f.due
FROM (
  SELECT s.id, n.n, n.due
  FROM (
    SELECT id,
      (CASE WHEN length("recurrence"->>'startDate') = 10 THEN ("recurrence"->>'startDate') || 'T00:00:00Z'
            ELSE "recurrence"->>'startDate' END)::timestamptz AT TIME ZONE 'UTC' AS start,
      CASE "recurrence"->>'frequency' WHEN 'DAILY' THEN interval '1 day' WHEN 'WEEKLY' THEN interval '7 days'
        WHEN 'MONTHLY' THEN interval '1 month' ELSE interval '1 year' END AS step
    FROM "payment_requests"
    WHERE "recurrence" IS NOT NULL AND "original_request_id" IS NULL
      AND "id" NOT IN (SELECT "request_id" FROM "recurring_payments")
  ) s
  CROSS JOIN LATERAL (
    SELECT g AS n, s.start + g * s.step AS due
    FROM generate_series(1, 100000) g
    WHERE s.start + g * s.step > (now() AT TIME ZONE 'UTC')
    ORDER BY g LIMIT 1
  ) n
) f
WHERE r.id = f.id;
