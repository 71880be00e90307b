-- Hand-written (issue 11): deep pages of the default order. A page at offset 480 read 528 rows of
-- the newest-first index and fetched each from the heap (one page each: ~530 buffers, 1 ms of
-- database CPU against 0.4 for the first page), only to keep 48. This index holds what picking
-- those 528 needs: the listed beats only (the same predicate every list has), the sort, and the
-- boost that splits the default order in two. Deep pages read their ids from it (an index-only
-- scan once the table is vacuumed) and fetch the 48 beats of the page alone.
CREATE INDEX "beats_listed_created_at_id_idx" ON "beats" ("created_at" DESC, "id") INCLUDE ("boosted_until")
  WHERE "sold_exclusive_at" IS NULL AND "delisted_at" IS NULL;
