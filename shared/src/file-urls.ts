// Stored files' keys and where they are served: plain functions and patterns, no zod, so the
// web's first load (covers, the player, the session) can use them without it.
// files-contract.ts builds its schemas on these and re-exports them.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Every storage key the server makes: `<folder>/<uuid>.<ext>`, lower case. Nothing else is a
 * key, so no key can name a path outside storage (no dots but the extension, one slash).
 */
export const STORAGE_KEY_PATTERN = new RegExp(`^[a-z][a-z0-9-]{0,31}/${UUID}\\.[a-z0-9]{1,8}$`);
/** Keys of uploaded audio: MP3, WAV or FLAC as detected from the content. */
export const AUDIO_KEY_PATTERN = new RegExp(`^audio/${UUID}\\.(?:mp3|wav|flac)$`);
/** Keys of uploaded images: always re-encoded to JPEG. */
export const IMAGE_KEY_PATTERN = new RegExp(`^images/${UUID}\\.jpg$`);

/**
 * Where a stored file is served: `GET /api/files/{key}` (HEAD, Range, ETag, cached for a year
 * because a key's content never changes). The key's slash is part of the path, not encoded.
 */
export function fileUrl(key: string): string {
  return `/api/files/${key}`;
}

/**
 * Widths (px) of the WebP renditions the server makes of every uploaded image (covers and
 * pictures), so a card ~180 px wide downloads a small file instead of the 800 px JPEG.
 */
export const COVER_RENDITION_WIDTHS = [256, 512] as const;
export type CoverRenditionWidth = (typeof COVER_RENDITION_WIDTHS)[number];

/**
 * The key of an image's rendition, derived from the image's key alone (`images/<uuid>.jpg` ->
 * `images-256/<uuid>.webp`), so lists and pages need no extra field to find it; null for a key
 * that is not an uploaded image.
 */
export function coverRenditionKey(imageKey: string, width: CoverRenditionWidth): string | null {
  if (!IMAGE_KEY_PATTERN.test(imageKey)) return null;
  return `images-${width}/${imageKey.slice('images/'.length, -'.jpg'.length)}.webp`;
}

/** A person's picture: their uploaded profile image when they have one, else the issuer's. */
export function avatarUrl(
  profileImageKey: string | null | undefined,
  issuerPicture: string | null,
): string | null {
  return profileImageKey ? fileUrl(profileImageKey) : issuerPicture;
}

/** Multipart field names of the two upload routes. */
export const UPLOAD_FIELDS = { audio: 'audio', image: 'image' } as const;
