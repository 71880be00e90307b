-- Hand-written (issue 11): a beat's card, written once per edit instead of on every list. Turning
-- the 48 rows of a page into JSON was 60 % of a list statement's database time (~130 of ~210 µs
-- for a first page at 100,000 beats): row_to_json looks up the row type and calls each field's
-- output function, per row. The card's fields that change only when the beat is edited are kept
-- here as the card's JSON without its closing brace; a list appends the ones that change on
-- their own (featured, which ends with time, and the play and download counts) and closes it.
-- The keys follow the BeatCard contract (shared/src/beat-list-contract.ts): a field added to
-- the card needs a migration that replaces this function and the column
-- (beats-list.test.ts checks every card against the contract).
--
-- IMMUTABLE, as a generated column needs: row_to_json is only STABLE in general, but the output
-- of uuid, text, integer and boolean depends on no setting. Written as a query over a sub-select
-- so that the fields are named and PostgreSQL never inlines it.
CREATE FUNCTION "beat_card_head"(
  "id" uuid, "user_id" uuid, "title" text, "producer_name" text, "genre" text, "mood" text,
  "bpm" integer, "key_signature" text, "duration_seconds" integer, "price_cents" integer,
  "is_free" boolean, "cover_image_key" text, "preview_key" text, "preview_status" text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT left(row_to_json(c)::text, -1) FROM (SELECT
    $1 AS "id", $2 AS "user_id", $3 AS "title", $4 AS "producer_name", $5 AS "genre", $6 AS "mood",
    $7 AS "bpm", $8 AS "key_signature", $9 AS "duration_seconds", $10 AS "price_cents",
    $11 AS "is_free", $12 AS "cover_image_key",
    -- The preview, never the master (which is for sale): nothing to play until it is ready.
    CASE WHEN $14 = 'ready' THEN $13 END AS "audio_file_key",
    $14 AS "preview_status") c
$$;

-- Generated, so no write can leave it stale. Adding it rewrites the table once (about 5 s per
-- 100,000 beats here); it adds ~430 bytes per beat.
ALTER TABLE "beats" ADD COLUMN "card_head" text GENERATED ALWAYS AS (
  "beat_card_head"("id", "user_id", "title", "producer_name", "genre", "mood", "bpm", "key_signature",
    "duration_seconds", "price_cents", "is_free", "cover_image_key", "preview_key", "preview_status")
) STORED;
