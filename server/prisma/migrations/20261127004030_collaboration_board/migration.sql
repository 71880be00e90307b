-- CreateTable
CREATE TABLE "collaboration_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "request_type" TEXT NOT NULL,
    "skill_level" TEXT NOT NULL,
    "genre" TEXT NOT NULL,
    "mood" TEXT NOT NULL,
    "beat_id" UUID,
    "budget_min" INTEGER,
    "budget_max" INTEGER,
    "deadline_date" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL DEFAULT 'open',
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collaboration_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collaboration_responses" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "request_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "message" TEXT NOT NULL,
    "recording_id" UUID,
    "beat_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "session_id" UUID,
    "session_code" TEXT,
    "accepted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collaboration_responses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "collaboration_requests_status_created_at_idx" ON "collaboration_requests"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "collaboration_requests_user_id_created_at_idx" ON "collaboration_requests"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "collaboration_responses_user_id_idx" ON "collaboration_responses"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "collaboration_responses_request_id_user_id_key" ON "collaboration_responses"("request_id", "user_id");

-- AddForeignKey
ALTER TABLE "collaboration_requests" ADD CONSTRAINT "collaboration_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collaboration_requests" ADD CONSTRAINT "collaboration_requests_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collaboration_responses" ADD CONSTRAINT "collaboration_responses_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "collaboration_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collaboration_responses" ADD CONSTRAINT "collaboration_responses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collaboration_responses" ADD CONSTRAINT "collaboration_responses_recording_id_fkey" FOREIGN KEY ("recording_id") REFERENCES "recordings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collaboration_responses" ADD CONSTRAINT "collaboration_responses_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Rules the application also checks, kept true whatever writes the rows.
ALTER TABLE "collaboration_requests" ADD CONSTRAINT "collaboration_requests_type_check" CHECK ("request_type" IN ('vocalist_needed', 'producer_needed', 'collaboration_offer'));
ALTER TABLE "collaboration_requests" ADD CONSTRAINT "collaboration_requests_skill_check" CHECK ("skill_level" IN ('beginner', 'intermediate', 'advanced', 'professional'));
ALTER TABLE "collaboration_requests" ADD CONSTRAINT "collaboration_requests_status_check" CHECK ("status" IN ('open', 'closed'));
ALTER TABLE "collaboration_requests" ADD CONSTRAINT "collaboration_requests_title_check" CHECK (length(btrim("title")) > 0);
ALTER TABLE "collaboration_requests" ADD CONSTRAINT "collaboration_requests_budget_check" CHECK (("budget_min" IS NULL OR "budget_min" >= 0) AND ("budget_max" IS NULL OR "budget_max" >= 0) AND ("budget_min" IS NULL OR "budget_max" IS NULL OR "budget_min" <= "budget_max"));
ALTER TABLE "collaboration_responses" ADD CONSTRAINT "collaboration_responses_status_check" CHECK ("status" IN ('pending', 'accepted'));
ALTER TABLE "collaboration_responses" ADD CONSTRAINT "collaboration_responses_message_check" CHECK (length(btrim("message")) > 0);
-- At most one accepted response per request.
CREATE UNIQUE INDEX "collaboration_responses_one_accepted" ON "collaboration_responses"("request_id") WHERE "status" = 'accepted';
