-- Hand-written (issue 11): a search ranks its best candidates finely by trigram word similarity
-- to the beat's title, producer, genre and mood (beats-search.repository.ts, TRIGRAM_TEXT), and
-- skips a candidate that could not reach the page even with the best similarity, 1. For a
-- partial word or several words the page's scores are far below that (every beat "velv"
-- matches scores 0.8 at most), so all 500 candidates were scored, at ~4 µs each: the slowest
-- searches of the catalogue. A beat's signature is the set of its text's trigrams, each hashed
-- to one of 256 bits (~35 bits set for a beat). From it a search bounds a beat's similarity by
-- a few bit operations (SIMILARITY_BOUND), and scores only the beats whose bound could still
-- place them on the page: the same results, at a fraction of the work.
--
-- show_trgm splits and lower-cases the text exactly as word_similarity does; hashtext is
-- IMMUTABLE, as a generated column needs.
CREATE FUNCTION "beat_trigram_signature"("text" text) RETURNS bit(256)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(set_bit(repeat('0', 256)::bit(256), hashtext(g) & 255, 1)), repeat('0', 256)::bit(256))
  FROM unnest(show_trgm($1)) g
$$;

-- The very text the similarity is computed on (TRIGRAM_TEXT): beats-relevance.test.ts checks
-- that every bound holds. Generated, so no write can leave it stale; adding it rewrites the
-- table once (about 4 s per 100,000 beats here), 36 bytes a beat.
ALTER TABLE "beats" ADD COLUMN "search_signature" bit(256) GENERATED ALWAYS AS (
  "beat_trigram_signature"(lower("title" || ' ' || "producer_name" || ' ' || "genre" || ' ' || coalesce("mood", '')))
) STORED;
