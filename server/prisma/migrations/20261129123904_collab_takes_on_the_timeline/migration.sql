-- DropIndex
DROP INDEX "collab_takes_session_id_track_key";

-- AlterTable
ALTER TABLE "collab_participants" ADD COLUMN     "recording_from" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "collab_takes" ADD COLUMN     "start_seconds" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "collab_takes_session_id_created_at_idx" ON "collab_takes"("session_id", "created_at");

-- A take plays from a place on the timeline, never before its start.
ALTER TABLE "collab_takes" ADD CONSTRAINT "collab_takes_start_seconds_check" CHECK ("start_seconds" >= 0);
