-- CreateTable
CREATE TABLE "collab_removals" (
    "session_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "removed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collab_removals_pkey" PRIMARY KEY ("session_id","user_id")
);

-- CreateIndex
CREATE INDEX "collab_removals_user_id_idx" ON "collab_removals"("user_id");

-- AddForeignKey
ALTER TABLE "collab_removals" ADD CONSTRAINT "collab_removals_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "collab_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collab_removals" ADD CONSTRAINT "collab_removals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
