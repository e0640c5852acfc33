-- CreateTable
CREATE TABLE "secure_payment_intents" (
    "id" UUID NOT NULL,
    "token" VARCHAR(26) NOT NULL,
    "kind" TEXT NOT NULL,
    "dedup_key" TEXT NOT NULL,
    "tx_hash" TEXT,
    "safe_tx_hash" TEXT,
    "payer_address" TEXT,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "secure_payment_intents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "secure_payment_intents_token_created_at_idx" ON "secure_payment_intents"("token", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "secure_payment_intents_token_dedup_key_key" ON "secure_payment_intents"("token", "dedup_key");
