-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "invoice_amount" DECIMAL(78,0) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "chain_checkpoints" (
    "network" TEXT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_checkpoints_pkey" PRIMARY KEY ("network","block_number")
);

-- CreateTable
CREATE TABLE "payment_notices" (
    "network" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "request_id" VARCHAR(66) NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_notices_pkey" PRIMARY KEY ("network","tx_hash","request_id","ordinal")
);
