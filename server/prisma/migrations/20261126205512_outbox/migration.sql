-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "event_id" UUID;

-- AlterTable
ALTER TABLE "activities" ADD COLUMN     "event_id" UUID;

-- CreateTable
CREATE TABLE "outbox" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "available_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "notifications_event_id_user_id_key" ON "notifications"("event_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "activities_event_id_key" ON "activities"("event_id");

-- What the dispatcher claims: undelivered rows by due time. Partial, so delivered rows (the
-- vast majority, kept 7 days) cost the index nothing.
CREATE INDEX "outbox_due_idx" ON "outbox"("available_at") WHERE "delivered_at" IS NULL;
