-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN     "request_id" TEXT;

-- CreateIndex
CREATE INDEX "webhook_events_request_id_idx" ON "webhook_events"("request_id");

-- Events written before the column: their payload says which request they are about.
UPDATE "webhook_events" SET "request_id" = "payload"->>'requestId' WHERE jsonb_typeof("payload"->'requestId') = 'string';
