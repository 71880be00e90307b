-- Hand-written (issue 11): every catalogue index holds the filters too, so a filtered page reads
-- from the heap only the beats it lists. A filter the index does not lead with was checked on
-- each beat's row: "Dark in C# by price" walked the mood index and fetched ~640 rows to keep 48
-- (0.37 ms of execution at 100,000 beats; 0.15 ms here), Hip-Hop at 80-100 BPM by plays ~350.
-- Now the other filters follow the sort and the id in the index, where PostgreSQL checks them
-- before it reads a row: any combination of filters costs a walk of small index entries, not
-- of rows. Each index also keeps only the listed beats (the predicate every list has), so deep
-- pages pick their ids from it alone (an index-only scan once the table is vacuumed), in every
-- sort as the default order already did. These indexes are the catalogue's alone (a producer's
-- own page uses beats_user_id_created_at_idx); beats_created_at_id_idx stays for the rest.
--
-- With the plan this predictable, the catalogue's statements are planned once per connection
-- (beats-search.repository.ts), not again for each request's values (0.2-0.9 ms each).
DROP INDEX "beats_listed_created_at_id_idx";
DROP INDEX "beats_play_count_id_idx";
DROP INDEX "beats_download_count_id_idx";
DROP INDEX "beats_price_cents_id_idx";
DROP INDEX "beats_genre_created_at_id_idx";
DROP INDEX "beats_genre_mood_created_at_id_idx";
DROP INDEX "beats_genre_play_count_idx";
DROP INDEX "beats_genre_download_count_idx";
DROP INDEX "beats_genre_price_idx";
DROP INDEX "beats_mood_created_at_id_idx";
DROP INDEX "beats_mood_play_count_id_idx";
DROP INDEX "beats_mood_price_id_idx";
DROP INDEX "beats_key_created_at_id_idx";
DROP INDEX "beats_featured_any_created_idx";
-- No query has read the full-text index since search moved to beat_search_terms (its triggers
-- read the column, not the index), and a play rewrites the beat's row, hence an entry in every
-- index: this one only cost writes.
DROP INDEX "beats_search_vector_idx";

-- Each sort alone (the boost splits the default order in two: kept for index-only deep pages).
CREATE INDEX "beats_listed_created_at_idx" ON "beats" ("created_at" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free") INCLUDE ("boosted_until")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_play_count_idx" ON "beats" ("play_count" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_download_count_idx" ON "beats" ("download_count" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_price_idx" ON "beats" ("price_cents", "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
-- A genre (the header's Genres menu) in every sort, and with a mood (the filter bar's first two).
CREATE INDEX "beats_listed_genre_created_at_idx" ON "beats" ("genre", "created_at" DESC, "id", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_play_count_idx" ON "beats" ("genre", "play_count" DESC, "id", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_download_count_idx" ON "beats" ("genre", "download_count" DESC, "id", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_price_idx" ON "beats" ("genre", "price_cents", "id", "mood", "key_signature", "bpm", "duration_seconds", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_genre_mood_created_at_idx" ON "beats" ("genre", "mood", "created_at" DESC, "id", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
-- A mood, or a key, without a genre.
CREATE INDEX "beats_listed_mood_created_at_idx" ON "beats" ("mood", "created_at" DESC, "id", "genre", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_mood_play_count_idx" ON "beats" ("mood", "play_count" DESC, "id", "genre", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_mood_price_idx" ON "beats" ("mood", "price_cents", "id", "genre", "key_signature", "bpm", "duration_seconds", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_key_created_at_idx" ON "beats" ("key_signature", "created_at" DESC, "id", "genre", "mood", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
-- Featured beats (the flag or a paid promotion, issue 10: 2 % of the catalogue) in every sort:
-- by plays or price, a featured page walked the sort's index and read ~2,400 rows to keep 48
-- (4 ms at 100,000 beats). The filter is written so that it implies the predicate.
CREATE INDEX "beats_listed_featured_created_at_idx" ON "beats" ("created_at" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE ("is_featured" OR "featured_until" IS NOT NULL) AND "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_featured_play_count_idx" ON "beats" ("play_count" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE ("is_featured" OR "featured_until" IS NOT NULL) AND "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_featured_download_count_idx" ON "beats" ("download_count" DESC, "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "price_cents", "is_free")
  WHERE ("is_featured" OR "featured_until" IS NOT NULL) AND "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
CREATE INDEX "beats_listed_featured_price_idx" ON "beats" ("price_cents", "id", "genre", "mood", "key_signature", "bpm", "duration_seconds", "is_free")
  WHERE ("is_featured" OR "featured_until" IS NOT NULL) AND "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
