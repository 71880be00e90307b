-- Hand-written: a search skips the fine ranking of a candidate whose similarity cannot reach the
-- page, bounded by its 256-bit trigram signature (20261127210000_beat_search_signature). For a
-- search of two words or of a word found in descriptions that bound is loose: a beat sharing one
-- of "sliding 808s"'s 13 trigrams is bounded at 0.23-0.62 by the bits of its other trigrams,
-- where its similarity is 0.077, so ~350 of 500 candidates were still scored (~7 us each). The
-- beat's trigrams themselves, each hashed to 32 bits, give the exact count of the search's
-- trigrams it holds (intarray's intersection, ~1.5 us): the tight bound, with which only the
-- ~40 beats sharing several trigrams need their similarity.
CREATE EXTENSION IF NOT EXISTS intarray;

-- show_trgm splits and lower-cases the text exactly as word_similarity does; the hashes sorted
-- and distinct, as intarray's operators want them. hashtext is IMMUTABLE, as a generated column
-- needs.
CREATE FUNCTION "beat_trigram_hashes"("text" text) RETURNS int4[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT hashtext(g) ORDER BY hashtext(g)), '{}') FROM unnest(show_trgm($1)) g
$$;

-- The very text the similarity is computed on (TRIGRAM_TEXT), as search_signature: generated, so
-- no write can leave it stale; adding it rewrites the table once (~160 bytes a beat).
ALTER TABLE "beats" ADD COLUMN "search_trigrams" int4[] GENERATED ALWAYS AS (
  "beat_trigram_hashes"(lower("title" || ' ' || "producer_name" || ' ' || "genre" || ' ' || coalesce("mood", '')))
) STORED;
