-- AlterTable
ALTER TABLE "recordings" ADD COLUMN     "idempotency_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "recordings_user_id_idempotency_key_key" ON "recordings"("user_id", "idempotency_key");
