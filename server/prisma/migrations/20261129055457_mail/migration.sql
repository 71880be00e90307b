-- AlterTable
ALTER TABLE "user_settings" ADD COLUMN     "receipt_emails" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "refund_emails" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "sale_emails" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "support_reply_emails" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "sent_mails" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'sending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "sent_mails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sent_mails_key_key" ON "sent_mails"("key");

-- CreateIndex
CREATE INDEX "sent_mails_user_id_idx" ON "sent_mails"("user_id");
