-- CreateTable
CREATE TABLE "refund_references" (
    "id" UUID NOT NULL,
    "request_id" VARCHAR(66) NOT NULL,
    "network" TEXT NOT NULL,
    "refund_address" TEXT NOT NULL,
    "payment_reference" TEXT NOT NULL,
    "payment_reference_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refund_references_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "request_id" VARCHAR(66) NOT NULL,
    "platform_id" UUID NOT NULL,
    "network" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "block_time" TIMESTAMP(3) NOT NULL,
    "token_address" TEXT,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "refund_address" TEXT NOT NULL,
    "sender_address" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "refund_references_network_payment_reference_hash_idx" ON "refund_references"("network", "payment_reference_hash");

-- CreateIndex
CREATE UNIQUE INDEX "refund_references_request_id_refund_address_key" ON "refund_references"("request_id", "refund_address");

-- CreateIndex
CREATE INDEX "refunds_request_id_idx" ON "refunds"("request_id");

-- CreateIndex
CREATE INDEX "refunds_platform_id_block_time_idx" ON "refunds"("platform_id", "block_time");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_network_tx_hash_log_index_key" ON "refunds"("network", "tx_hash", "log_index");

-- AddForeignKey
ALTER TABLE "refund_references" ADD CONSTRAINT "refund_references_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "payment_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "payment_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
