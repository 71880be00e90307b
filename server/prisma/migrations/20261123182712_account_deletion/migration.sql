-- AlterTable
ALTER TABLE "users" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "beats" ADD COLUMN     "delisted_at" TIMESTAMPTZ(3);
