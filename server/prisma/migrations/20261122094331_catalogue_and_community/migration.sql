-- CreateTable
CREATE TABLE "uploads" (
    "key" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "original_name" TEXT,
    "duration_seconds" DOUBLE PRECISION,
    "peaks" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "beats" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "bpm" INTEGER,
    "key_signature" TEXT,
    "genre" TEXT NOT NULL,
    "mood" TEXT,
    "price_cents" INTEGER NOT NULL DEFAULT 0,
    "is_free" BOOLEAN NOT NULL DEFAULT false,
    "is_featured" BOOLEAN NOT NULL DEFAULT false,
    "promotion_type" TEXT,
    "promoted_until" TIMESTAMPTZ(3),
    "audio_file_key" TEXT NOT NULL,
    "cover_image_key" TEXT,
    "duration_seconds" INTEGER,
    "play_count" INTEGER NOT NULL DEFAULT 0,
    "download_count" INTEGER NOT NULL DEFAULT 0,
    "producer_name" TEXT NOT NULL DEFAULT '',
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "beats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "beat_plays" (
    "id" BIGSERIAL NOT NULL,
    "beat_id" UUID NOT NULL,
    "user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "beat_plays_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "beat_favorites" (
    "user_id" UUID NOT NULL,
    "beat_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "beat_favorites_pkey" PRIMARY KEY ("user_id","beat_id")
);

-- CreateTable
CREATE TABLE "beat_reviews" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "beat_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "rating" INTEGER NOT NULL,
    "review" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "beat_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "follows" (
    "follower_id" UUID NOT NULL,
    "followed_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follows_pkey" PRIMARY KEY ("follower_id","followed_id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activities" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "type" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "target_id" TEXT,
    "target_name" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "activities_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "uploads_user_id_idx" ON "uploads"("user_id");

-- CreateIndex
CREATE INDEX "beats_created_at_id_idx" ON "beats"("created_at" DESC, "id");

-- CreateIndex
CREATE INDEX "beats_play_count_id_idx" ON "beats"("play_count" DESC, "id");

-- CreateIndex
CREATE INDEX "beats_download_count_id_idx" ON "beats"("download_count" DESC, "id");

-- CreateIndex
CREATE INDEX "beats_price_cents_id_idx" ON "beats"("price_cents", "id");

-- CreateIndex
CREATE INDEX "beats_genre_created_at_idx" ON "beats"("genre", "created_at" DESC);

-- CreateIndex
CREATE INDEX "beats_user_id_created_at_idx" ON "beats"("user_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "beats_user_id_idempotency_key_key" ON "beats"("user_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "beat_plays_beat_id_created_at_idx" ON "beat_plays"("beat_id", "created_at");

-- CreateIndex
CREATE INDEX "beat_plays_created_at_idx" ON "beat_plays"("created_at");

-- CreateIndex
CREATE INDEX "beat_favorites_beat_id_idx" ON "beat_favorites"("beat_id");

-- CreateIndex
CREATE INDEX "beat_reviews_user_id_created_at_idx" ON "beat_reviews"("user_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "beat_reviews_beat_id_user_id_key" ON "beat_reviews"("beat_id", "user_id");

-- CreateIndex
CREATE INDEX "follows_followed_id_idx" ON "follows"("followed_id");

-- CreateIndex
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "notifications_user_id_read_at_idx" ON "notifications"("user_id", "read_at");

-- CreateIndex
CREATE INDEX "activities_created_at_idx" ON "activities"("created_at" DESC);

-- CreateIndex
CREATE INDEX "activities_user_id_created_at_idx" ON "activities"("user_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beats" ADD CONSTRAINT "beats_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beat_plays" ADD CONSTRAINT "beat_plays_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beat_favorites" ADD CONSTRAINT "beat_favorites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beat_favorites" ADD CONSTRAINT "beat_favorites_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beat_reviews" ADD CONSTRAINT "beat_reviews_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beat_reviews" ADD CONSTRAINT "beat_reviews_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_fkey" FOREIGN KEY ("follower_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_id_fkey" FOREIGN KEY ("followed_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: search. Prisma does not model these, and migrate diff compares data models,
-- so later diffs leave them alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Full-text document over title, producer, genre and mood (simple: names are not English) and
-- the description (english stemming).
ALTER TABLE "beats" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce("title", '')), 'A') ||
    setweight(to_tsvector('simple', coalesce("producer_name", '')), 'B') ||
    setweight(to_tsvector('simple', coalesce("genre", '') || ' ' || coalesce("mood", '')), 'B') ||
    setweight(to_tsvector('english', coalesce("description", '')), 'C')
) STORED;
CREATE INDEX "beats_search_vector_idx" ON "beats" USING GIN ("search_vector");

-- Trigram matching for partial words ("tra" finds "Trap Lord").
CREATE INDEX "beats_search_trgm_idx" ON "beats" USING GIN ((lower("title" || ' ' || "producer_name" || ' ' || "genre" || ' ' || coalesce("mood", ''))) gin_trgm_ops);

-- Featured beats are few; a partial index keeps featured=true pages cheap.
CREATE INDEX "beats_featured_created_idx" ON "beats" ("created_at" DESC, "id") WHERE "is_featured";

-- A stored file belongs to one beat at most: deleting a beat deletes its files, which must
-- not pull them from under another beat.
CREATE UNIQUE INDEX "beats_audio_file_key_key" ON "beats" ("audio_file_key");
CREATE UNIQUE INDEX "beats_cover_image_key_key" ON "beats" ("cover_image_key") WHERE "cover_image_key" IS NOT NULL;

-- One web request, one core: under concurrent browsing, parallel plans only multiply the CPU a
-- request costs, and the planner overrates them for text search (a parallel sequential scan
-- instead of the GIN bitmap scans: about 3x slower at 100,000 beats).
ALTER TABLE "beats" SET (parallel_workers = 0);

-- Browsing one genre (the header's Genres menu) in every sort: without these, "Hip-Hop by
-- popularity" walks the global play_count index and filters (30 ms at 100,000 beats instead of 1).
CREATE INDEX "beats_genre_play_count_idx" ON "beats" ("genre", "play_count" DESC, "id");
CREATE INDEX "beats_genre_download_count_idx" ON "beats" ("genre", "download_count" DESC, "id");
CREATE INDEX "beats_genre_price_idx" ON "beats" ("genre", "price_cents", "id");
