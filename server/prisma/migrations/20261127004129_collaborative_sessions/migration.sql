-- CreateTable
CREATE TABLE "collab_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "session_code" TEXT NOT NULL,
    "host_user_id" UUID NOT NULL,
    "beat_id" UUID,
    "session_name" TEXT NOT NULL,
    "max_participants" INTEGER NOT NULL DEFAULT 4,
    "is_public" BOOLEAN NOT NULL DEFAULT true,
    "session_data" JSONB NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collab_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collab_participants" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "session_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "track" INTEGER NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collab_participants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collab_chat_messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "session_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collab_chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collab_takes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "session_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "track" INTEGER NOT NULL,
    "recording_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collab_takes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "collab_sessions_session_code_key" ON "collab_sessions"("session_code");

-- CreateIndex
CREATE INDEX "collab_sessions_host_user_id_created_at_idx" ON "collab_sessions"("host_user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "collab_participants_user_id_idx" ON "collab_participants"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "collab_participants_session_id_track_key" ON "collab_participants"("session_id", "track");

-- CreateIndex
CREATE UNIQUE INDEX "collab_participants_session_id_user_id_key" ON "collab_participants"("session_id", "user_id");

-- CreateIndex
CREATE INDEX "collab_chat_messages_session_id_created_at_idx" ON "collab_chat_messages"("session_id", "created_at");

-- CreateIndex
CREATE INDEX "collab_chat_messages_user_id_idx" ON "collab_chat_messages"("user_id");

-- CreateIndex
CREATE INDEX "collab_takes_user_id_idx" ON "collab_takes"("user_id");

-- CreateIndex
CREATE INDEX "collab_takes_recording_id_idx" ON "collab_takes"("recording_id");

-- CreateIndex
CREATE UNIQUE INDEX "collab_takes_session_id_track_key" ON "collab_takes"("session_id", "track");

-- AddForeignKey
ALTER TABLE "collab_sessions" ADD CONSTRAINT "collab_sessions_host_user_id_fkey" FOREIGN KEY ("host_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_sessions" ADD CONSTRAINT "collab_sessions_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_participants" ADD CONSTRAINT "collab_participants_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "collab_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_participants" ADD CONSTRAINT "collab_participants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_chat_messages" ADD CONSTRAINT "collab_chat_messages_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "collab_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_chat_messages" ADD CONSTRAINT "collab_chat_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_takes" ADD CONSTRAINT "collab_takes_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "collab_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_takes" ADD CONSTRAINT "collab_takes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_takes" ADD CONSTRAINT "collab_takes_recording_id_fkey" FOREIGN KEY ("recording_id") REFERENCES "recordings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Raw SQL: what the database itself guarantees about a collaborative session.
ALTER TABLE "collab_sessions" ADD CONSTRAINT "collab_sessions_max_participants_check" CHECK ("max_participants" BETWEEN 1 AND 4);
ALTER TABLE "collab_participants" ADD CONSTRAINT "collab_participants_track_check" CHECK ("track" BETWEEN 1 AND 4);
ALTER TABLE "collab_participants" ADD CONSTRAINT "collab_participants_role_check" CHECK ("role" IN ('host', 'participant'));
ALTER TABLE "collab_takes" ADD CONSTRAINT "collab_takes_track_check" CHECK ("track" BETWEEN 1 AND 4);
ALTER TABLE "collab_chat_messages" ADD CONSTRAINT "collab_chat_messages_message_check" CHECK (length("message") BETWEEN 1 AND 1000);
