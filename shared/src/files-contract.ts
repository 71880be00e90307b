// HTTP contract of stored files and uploads (platform.md §5, §7 "Beats and files"): the keys
// the server makes, where files are served, and what the upload routes answer.
import { z } from 'zod';
import { AUDIO_KEY_PATTERN, IMAGE_KEY_PATTERN } from './file-urls';

export {
  AUDIO_KEY_PATTERN,
  avatarUrl,
  COVER_RENDITION_WIDTHS,
  coverRenditionKey,
  fileUrl,
  IMAGE_KEY_PATTERN,
  STORAGE_KEY_PATTERN,
  type CoverRenditionWidth,
} from './file-urls';

export const AudioFileKey = z.string().regex(AUDIO_KEY_PATTERN, 'is not an audio file key from an upload');
export const ImageFileKey = z.string().regex(IMAGE_KEY_PATTERN, 'is not an image file key from an upload');

/**
 * POST /api/upload/audio (multipart field `audio`, ≤ 50 MB, MP3/WAV/FLAC by content) and
 * POST /api/upload/image (multipart field `image`, ≤ 10 MB, JPEG/PNG/WebP by content; stored
 * as a JPEG of at most 800 px on the longest side) answer the new file's key.
 */
export const UploadResponse = z.object({ key: z.string() });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** Largest image the server decodes (width × height); bigger ones are refused with a 400. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Multipart field names of the two upload routes. */
export const UPLOAD_FIELDS = { audio: 'audio', image: 'image' } as const;
