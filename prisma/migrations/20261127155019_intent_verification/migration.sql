-- AlterTable
ALTER TABLE "secure_payment_intents" ADD COLUMN     "verification" TEXT,
ADD COLUMN     "verified_at" TIMESTAMP(3);

-- Intents of the Tron relay recorded before this column: it checked each transaction pays its
-- link before broadcasting it, so they keep holding the link as they did.
UPDATE "secure_payment_intents" SET "verification" = 'relayed', "verified_at" = "created_at"
WHERE "payload"->>'chain' = 'TRON';
