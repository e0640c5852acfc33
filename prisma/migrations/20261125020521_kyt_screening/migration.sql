-- AlterTable
ALTER TABLE "secure_payments" ADD COLUMN     "hide_payee_address" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "hide_until_approved" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "kyt_mode" TEXT NOT NULL DEFAULT 'inherit',
ADD COLUMN     "kyt_policy_id" UUID;

-- CreateTable
CREATE TABLE "kyt_wallet_verdicts" (
    "wallet" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason_code" TEXT NOT NULL,
    "evaluated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "kyt_wallet_verdicts_pkey" PRIMARY KEY ("wallet","provider")
);

-- CreateTable
CREATE TABLE "kyt_screenings" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "token" VARCHAR(26) NOT NULL,
    "wallet" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason_code" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "evaluated_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kyt_screenings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "kyt_screenings_platform_id_created_at_idx" ON "kyt_screenings"("platform_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "kyt_screenings_token_wallet_role_key" ON "kyt_screenings"("token", "wallet", "role");
