-- DropIndex
DROP INDEX "beats_genre_created_at_idx";

-- CreateIndex
CREATE INDEX "beats_genre_created_at_id_idx" ON "beats"("genre", "created_at" DESC, "id");

-- Hand-written (issue 11): browse without the cache. Each index serves a filter in the order
-- of a sort with the id tie-breaker, so a page is a short index range scan: no sort, and no
-- walking the global sort index while filtering thousands of rows out (mood=Dark&key=C# by
-- price walked ~7,800 price_cents rows at 100,000 beats).
CREATE INDEX "beats_mood_created_at_id_idx" ON "beats" ("mood", "created_at" DESC, "id");
CREATE INDEX "beats_mood_play_count_id_idx" ON "beats" ("mood", "play_count" DESC, "id");
CREATE INDEX "beats_mood_price_id_idx" ON "beats" ("mood", "price_cents", "id");
CREATE INDEX "beats_key_created_at_id_idx" ON "beats" ("key_signature", "created_at" DESC, "id");
-- Free beats are a fifth of the catalogue: most often asked for by downloads and newest.
CREATE INDEX "beats_free_download_count_idx" ON "beats" ("download_count" DESC, "id") WHERE "is_free";
CREATE INDEX "beats_free_created_at_idx" ON "beats" ("created_at" DESC, "id") WHERE "is_free";
-- Featured is now the flag or a running paid promotion (issue 10): one small index for both,
-- in place of the one for the flag alone.
DROP INDEX "beats_featured_created_idx";
CREATE INDEX "beats_featured_any_created_idx" ON "beats" ("created_at" DESC, "id")
  WHERE "is_featured" OR "featured_until" IS NOT NULL;

-- Search without ranking every match (issue 11). A broad word ("trap") matches a seventh of
-- the catalogue, and ranking all of them on each search cost ~15 ms of database CPU at 100,000
-- beats, growing with the catalogue. Instead each lexeme of a beat's search_vector is stored
-- with the rank ts_rank gives the beat for that lexeme alone, indexed by lexeme and rank (and
-- upload time, the default tie-breaker), so the best beats for a word are the first entries
-- of an index. The vocabulary (every lexeme once) turns a typed prefix or inner part of a word
-- into lexemes through a small trigram index. Triggers keep both current on every write.
CREATE TABLE "beat_search_vocabulary" (
    "term" TEXT COLLATE "C" NOT NULL PRIMARY KEY
);
CREATE INDEX "beat_search_vocabulary_trgm_idx" ON "beat_search_vocabulary" USING GIN ("term" gin_trgm_ops);

CREATE TABLE "beat_search_terms" (
    "beat_id" UUID NOT NULL REFERENCES "beats" ("id") ON DELETE CASCADE,
    "term" TEXT COLLATE "C" NOT NULL,
    "rank" REAL NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    PRIMARY KEY ("beat_id", "term")
);
CREATE INDEX "beat_search_terms_rank_idx" ON "beat_search_terms" ("term", "rank" DESC, "created_at" DESC, "beat_id");
ALTER TABLE "beat_search_terms" SET (parallel_workers = 0);

-- ts_rank of one lexeme as a query of its own (a quoted tsquery literal: any lexeme is safe).
CREATE FUNCTION "beat_term_rank"(vector tsvector, term text) RETURNS real
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ts_rank(vector, ('''' || replace(replace(term, '\', '\\'), '''', '''''') || '''')::tsquery)
$$;

-- New beats, one statement at a time (a bulk insert of a million beats is one set-based insert).
CREATE FUNCTION "beat_search_terms_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "beat_search_vocabulary" ("term")
    SELECT DISTINCT u.lexeme FROM inserted n, unnest(n.search_vector) u
    ON CONFLICT DO NOTHING;
  INSERT INTO "beat_search_terms" ("beat_id", "term", "rank", "created_at")
    SELECT n.id, u.lexeme, beat_term_rank(n.search_vector, u.lexeme), n.created_at
    FROM inserted n, unnest(n.search_vector) u;
  RETURN NULL;
END $$;
CREATE TRIGGER "beats_search_terms_insert" AFTER INSERT ON "beats"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "beat_search_terms_inserted"();

-- An edit of a searched field (or of the upload time): that beat's terms again. Plays and
-- downloads change neither, so the WHEN keeps them free of this work. Deletes cascade.
CREATE FUNCTION "beat_search_terms_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "beat_search_terms" WHERE "beat_id" = NEW.id;
  INSERT INTO "beat_search_vocabulary" ("term")
    SELECT u.lexeme FROM unnest(NEW.search_vector) u ON CONFLICT DO NOTHING;
  INSERT INTO "beat_search_terms" ("beat_id", "term", "rank", "created_at")
    SELECT NEW.id, u.lexeme, beat_term_rank(NEW.search_vector, u.lexeme), NEW.created_at
    FROM unnest(NEW.search_vector) u;
  RETURN NULL;
END $$;
CREATE TRIGGER "beats_search_terms_update" AFTER UPDATE ON "beats" FOR EACH ROW
  WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "beat_search_terms_updated"();

-- The beats already there.
INSERT INTO "beat_search_vocabulary" ("term")
  SELECT DISTINCT u.lexeme FROM "beats" b, unnest(b.search_vector) u ON CONFLICT DO NOTHING;
INSERT INTO "beat_search_terms" ("beat_id", "term", "rank", "created_at")
  SELECT b.id, u.lexeme, beat_term_rank(b.search_vector, u.lexeme), b.created_at
  FROM "beats" b, unnest(b.search_vector) u;
