-- AlterTable
ALTER TABLE "platforms" ADD COLUMN     "business_name" TEXT,
ADD COLUMN     "logo_path" TEXT;
