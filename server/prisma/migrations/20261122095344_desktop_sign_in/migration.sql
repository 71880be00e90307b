-- AlterTable
ALTER TABLE "login_attempts" ADD COLUMN     "desktop_challenge" TEXT;

-- CreateTable
CREATE TABLE "desktop_handoffs" (
    "code_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "challenge" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "desktop_handoffs_pkey" PRIMARY KEY ("code_hash")
);

-- CreateIndex
CREATE INDEX "desktop_handoffs_expires_at_idx" ON "desktop_handoffs"("expires_at");
