-- AlterTable
ALTER TABLE "uploads" ADD COLUMN     "renditions_made_at" TIMESTAMPTZ(3);

-- Hand-written: the images the renditions backfill still has to visit. Once every image is
-- marked this index is empty, and a start-up's backfill is one index probe instead of two
-- storage lookups (two HEADs on S3) per image. Images stored before this column get visited
-- once, marked without rendering when their renditions are already there.
CREATE INDEX "uploads_image_renditions_missing_idx" ON "uploads" ("key")
  WHERE "kind" = 'image' AND "renditions_made_at" IS NULL;
