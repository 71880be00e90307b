-- Per-licence prices and switches, the stored cheapest enabled licence, and the stems ZIP.
ALTER TABLE "beats" ADD COLUMN     "license_offers" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "lowest_price_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stems_key" TEXT;

-- Until a producer sets their own prices every licence costs its multiple of the base price, so
-- the cheapest one is the Basic at 1x: the base price itself (0 for a free beat).
UPDATE "beats" SET "lowest_price_cents" = "price_cents";

-- The app writes lowest_price_cents with every offer it stores (shared/src/license-pricing.ts
-- decides it). A write that leaves the offer at its defaults (the demo seed, an admin script)
-- still gets the right value: the Basic's 1x, the base price.
CREATE FUNCTION "beats_default_lowest_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."license_offers" = '{}'::jsonb THEN
    NEW."lowest_price_cents" := CASE WHEN NEW."is_free" THEN 0 ELSE NEW."price_cents" END;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "beats_default_lowest_price" BEFORE INSERT OR UPDATE OF "price_cents", "is_free", "license_offers"
  ON "beats" FOR EACH ROW EXECUTE FUNCTION "beats_default_lowest_price"();

-- Trackout sits between Premium and Exclusive.
ALTER TABLE "orders" DROP CONSTRAINT "orders_license_type_check";
ALTER TABLE "orders" ADD CONSTRAINT "orders_license_type_check"
    CHECK ("license_type" IN ('basic', 'premium', 'trackout', 'exclusive'));
ALTER TABLE "licenses" DROP CONSTRAINT "licenses_license_type_check";
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_license_type_check"
    CHECK ("license_type" IN ('basic', 'premium', 'trackout', 'exclusive'));

-- The catalogue's price filters and sorts now read lowest_price_cents: the listed indexes carry
-- it instead of price_cents, so pages stay index-only.
DROP INDEX "beats_listed_created_at_idx";
DROP INDEX "beats_listed_play_count_idx";
DROP INDEX "beats_listed_download_count_idx";
DROP INDEX "beats_listed_price_idx";
DROP INDEX "beats_listed_genre_created_at_idx";
DROP INDEX "beats_listed_genre_play_count_idx";
DROP INDEX "beats_listed_genre_download_count_idx";
DROP INDEX "beats_listed_genre_price_idx";
DROP INDEX "beats_listed_genre_mood_created_at_idx";
DROP INDEX "beats_listed_mood_created_at_idx";
DROP INDEX "beats_listed_mood_play_count_idx";
DROP INDEX "beats_listed_mood_price_idx";
DROP INDEX "beats_listed_key_created_at_idx";
DROP INDEX "beats_listed_featured_created_at_idx";
DROP INDEX "beats_listed_featured_play_count_idx";
DROP INDEX "beats_listed_featured_download_count_idx";
DROP INDEX "beats_listed_featured_price_idx";
CREATE INDEX "beats_listed_created_at_idx" ON "beats" ("created_at" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free") INCLUDE ("boosted_until")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_play_count_idx" ON "beats" ("play_count" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_download_count_idx" ON "beats" ("download_count" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_price_idx" ON "beats" ("lowest_price_cents", "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_created_at_idx" ON "beats" ("genre", "created_at" DESC, "id", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_play_count_idx" ON "beats" ("genre", "play_count" DESC, "id", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_download_count_idx" ON "beats" ("genre", "download_count" DESC, "id", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_price_idx" ON "beats" ("genre", "lowest_price_cents", "id", "mood", "key_signature", "bpm", "duration_seconds", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_mood_created_at_idx" ON "beats" ("genre", "mood", "created_at" DESC, "id", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_mood_created_at_idx" ON "beats" ("mood", "created_at" DESC, "id", "genre", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_mood_play_count_idx" ON "beats" ("mood", "play_count" DESC, "id", "genre", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_mood_price_idx" ON "beats" ("mood", "lowest_price_cents", "id", "genre", "key_signature", "bpm", "duration_seconds", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_key_created_at_idx" ON "beats" ("key_signature", "created_at" DESC, "id", "genre", "mood", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_featured_created_at_idx" ON "beats" ("created_at" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE ("is_featured" OR "featured_until" IS NOT NULL) AND "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_featured_play_count_idx" ON "beats" ("play_count" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE ("is_featured" OR "featured_until" IS NOT NULL) AND "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_featured_download_count_idx" ON "beats" ("download_count" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "lowest_price_cents", "is_free")
  WHERE ("is_featured" OR "featured_until" IS NOT NULL) AND "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_featured_price_idx" ON "beats" ("lowest_price_cents", "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "is_free")
  WHERE ("is_featured" OR "featured_until" IS NOT NULL) AND "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
