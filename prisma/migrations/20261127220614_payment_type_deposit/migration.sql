-- AlterEnum
ALTER TYPE "PaymentType" ADD VALUE 'deposit';
