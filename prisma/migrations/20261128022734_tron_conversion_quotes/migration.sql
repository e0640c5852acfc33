-- CreateTable
CREATE TABLE "conversion_quotes" (
    "id" UUID NOT NULL,
    "request_id" VARCHAR(66) NOT NULL,
    "invoice_amount" DECIMAL(78,0) NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "fee_amount" DECIMAL(78,0) NOT NULL,
    "fee_address" TEXT,
    "rate" TEXT NOT NULL,
    "rate_network" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversion_quotes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "conversion_quotes_request_id_created_at_idx" ON "conversion_quotes"("request_id", "created_at");

-- AddForeignKey
ALTER TABLE "conversion_quotes" ADD CONSTRAINT "conversion_quotes_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "payment_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
