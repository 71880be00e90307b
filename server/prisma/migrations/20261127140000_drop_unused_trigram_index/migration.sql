-- Hand-written (issue 11): no query has searched through this trigram index since search reads
-- beat_search_terms (20261123183600_catalogue_speed); it only cost every write of a beat, and
-- ~11 MB per 100,000 beats. (IF EXISTS: an instance may have dropped it by hand already.)
DROP INDEX IF EXISTS "beats_search_trgm_idx";
