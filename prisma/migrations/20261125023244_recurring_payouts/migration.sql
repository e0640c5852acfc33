-- DropForeignKey
ALTER TABLE "recurring_schedules" DROP CONSTRAINT "recurring_schedules_platform_id_fkey";

-- DropTable
DROP TABLE "recurring_schedules";

-- CreateTable
CREATE TABLE "recurring_payments" (
    "id" VARCHAR(26) NOT NULL,
    "platform_id" UUID NOT NULL,
    "client_id_id" UUID,
    "request_id" VARCHAR(66) NOT NULL,
    "network" TEXT NOT NULL,
    "proxy_address" TEXT NOT NULL,
    "frequency" TEXT NOT NULL,
    "start_date" TIMESTAMP(3) NOT NULL,
    "subscriber" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "fee_address" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "fee_amount" DECIMAL(78,0) NOT NULL,
    "relayer_fee" DECIMAL(78,0) NOT NULL,
    "period_seconds" INTEGER NOT NULL,
    "first_payment" BIGINT NOT NULL,
    "total_payments" INTEGER NOT NULL,
    "nonce" TEXT NOT NULL,
    "deadline" BIGINT NOT NULL,
    "permit_signature" TEXT,
    "status" "RecurringStatus" NOT NULL DEFAULT 'pending',
    "processed_payments" INTEGER NOT NULL DEFAULT 0,
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "recurring_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recurring_instalments" (
    "recurring_payment_id" VARCHAR(26) NOT NULL,
    "payment_index" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "raw_transaction" TEXT NOT NULL,
    "relayer_nonce" INTEGER NOT NULL,
    "sent_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paid_at" TIMESTAMP(3),

    CONSTRAINT "recurring_instalments_pkey" PRIMARY KEY ("recurring_payment_id","payment_index")
);

-- CreateIndex
CREATE UNIQUE INDEX "recurring_payments_request_id_key" ON "recurring_payments"("request_id");

-- CreateIndex
CREATE INDEX "recurring_payments_status_network_idx" ON "recurring_payments"("status", "network");

-- CreateIndex
CREATE INDEX "recurring_payments_platform_id_created_at_idx" ON "recurring_payments"("platform_id", "created_at");

-- CreateIndex
CREATE INDEX "recurring_instalments_status_idx" ON "recurring_instalments"("status");

-- AddForeignKey
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_instalments" ADD CONSTRAINT "recurring_instalments_recurring_payment_id_fkey" FOREIGN KEY ("recurring_payment_id") REFERENCES "recurring_payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
