import { Readable } from 'node:stream';
import { COVER_RENDITION_WIDTHS, coverRenditionKey, IMAGE_MAX_PIXELS } from '@beatroom/shared/files-contract';
import { LIMITS } from '@beatroom/shared/limits';
import type { Storage } from '../../platform/storage/storage';
import { collect } from './upload-streams';
import type { UploadsRepository } from './uploads.repository';

/** Images checked per query by the renditions backfill. */
const RENDITIONS_BATCH = 100;
/** WebP at this quality looks like the JPEG at a third of its size or less. */
const RENDITION_WEBP_QUALITY = 72;

/** sharp (~30 MB with libvips) loads with the first image, not at server start-up. */
async function loadSharp() {
  return (await import('sharp')).default;
}

/** The WebP renditions of a stored JPEG, by key (see coverRenditionKey). */
export async function renderRenditions(
  imageKey: string,
  jpeg: Buffer,
): Promise<{ key: string; body: Buffer }[]> {
  const sharp = await loadSharp();
  const made = [];
  for (const width of COVER_RENDITION_WIDTHS) {
    const key = coverRenditionKey(imageKey, width);
    if (!key) continue;
    const body = await sharp(jpeg)
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: RENDITION_WEBP_QUALITY })
      .toBuffer();
    made.push({ key, body });
  }
  return made;
}

/**
 * The stored form of an uploaded image: upright (EXIF orientation applied), at most
 * COVER_MAX_SIDE_PX a side, flattened on black, re-encoded as JPEG without its metadata. Throws
 * sharp's error for an image it cannot read or one past IMAGE_MAX_PIXELS.
 */
export async function encodeStoredJpeg(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
    .rotate() // applies the EXIF orientation before the metadata is dropped
    .resize({
      width: LIMITS.COVER_MAX_SIDE_PX,
      height: LIMITS.COVER_MAX_SIDE_PX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#000000' })
    .jpeg({ quality: Math.round(LIMITS.COVER_JPEG_QUALITY * 100), mozjpeg: true })
    .toBuffer();
}

/**
 * Makes the renditions of every stored image not yet marked as having them (images uploaded
 * before renditions existed, or before the mark did), and marks each image whose renditions
 * are then stored: later runs visit only unmarked images, not every image in storage.
 * Answers how many images it rendered; an image that cannot be read (or whose file is gone)
 * is logged or skipped, and stays unmarked for the next run.
 */
export async function backfillRenditions({
  repo,
  storage,
  log,
}: {
  repo: Pick<UploadsRepository, 'imageKeysWithoutRenditions' | 'markRenditionsMade'>;
  storage: Storage;
  log: { warn(obj: object, msg: string): void };
}): Promise<number> {
  let rendered = 0;
  let after: string | null = null;
  for (;;) {
    const keys = await repo.imageKeysWithoutRenditions(after, RENDITIONS_BATCH);
    const made: string[] = [];
    for (const key of keys) {
      const wanted = COVER_RENDITION_WIDTHS.map((width) => coverRenditionKey(key, width));
      const present = await Promise.all(wanted.map((k) => (k ? storage.exists(k) : true)));
      if (present.every(Boolean)) {
        made.push(key);
        continue;
      }
      if (!(await storage.exists(key))) continue;
      try {
        const jpeg = await collect(await storage.get(key));
        for (const rendition of await renderRenditions(key, jpeg)) {
          await storage.put(rendition.key, Readable.from([rendition.body]), {
            contentType: 'image/webp',
          });
        }
        made.push(key);
        rendered++;
      } catch (error) {
        log.warn({ err: error, key }, 'could not make the renditions of an image');
      }
    }
    await repo.markRenditionsMade(made);
    if (keys.length < RENDITIONS_BATCH) return rendered;
    after = keys[keys.length - 1]!;
  }
}
