-- CreateTable
CREATE TABLE "recordings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "beat_id" UUID,
    "recording_name" TEXT NOT NULL,
    "file_key" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "is_public" BOOLEAN NOT NULL DEFAULT false,
    "duration_seconds" DOUBLE PRECISION NOT NULL,
    "peaks" JSONB NOT NULL,
    "play_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recordings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "studio_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "beat_id" UUID NOT NULL,
    "session_name" TEXT NOT NULL,
    "session_data" JSONB NOT NULL,
    "is_public" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "studio_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "recordings_file_key_key" ON "recordings"("file_key");

-- CreateIndex
CREATE INDEX "recordings_user_id_created_at_idx" ON "recordings"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "recordings_beat_id_created_at_idx" ON "recordings"("beat_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "studio_sessions_user_id_updated_at_idx" ON "studio_sessions"("user_id", "updated_at" DESC);

-- AddForeignKey
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "studio_sessions" ADD CONSTRAINT "studio_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "studio_sessions" ADD CONSTRAINT "studio_sessions_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Raw SQL: what the database itself guarantees about a take and a session.
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_format_check" CHECK ("format" IN ('webm', 'wav'));
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_file_size_check" CHECK ("file_size" > 0);
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_play_count_check" CHECK ("play_count" >= 0);
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_name_check" CHECK (length(btrim("recording_name")) > 0);
ALTER TABLE "studio_sessions" ADD CONSTRAINT "studio_sessions_name_check" CHECK (length(btrim("session_name")) > 0);
ALTER TABLE "studio_sessions" ADD CONSTRAINT "studio_sessions_data_check" CHECK (jsonb_typeof("session_data") = 'object');
-- The beat page lists a beat's public takes, newest first.
CREATE INDEX "recordings_public_by_beat_idx" ON "recordings"("beat_id", "created_at" DESC) WHERE "is_public";
