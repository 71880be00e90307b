// HTTP contract of stored files and uploads: the keys
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
  UPLOAD_FIELDS,
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

/**
 * The bytes of a stored file as an answer's body: streamed as they are, never serialized, so
 * the schema only describes them (any value passes: the server sends a stream).
 */
const FileBytes = z.any().meta({ type: 'string', contentMediaType: 'application/octet-stream' });
/** 304: the client's copy (If-None-Match) is current; no body. */
const NotModified = z
  .any()
  .meta({ type: 'null', description: "Not Modified: the client's copy is current." });
const ErrorMessage = z.object({ error: z.string() });

/** One answer whose body is a file of `mediaType`, described for the API reference. */
function fileContent(description: string, mediaType: string) {
  return { description, content: { [mediaType]: { schema: FileBytes } } };
}

/**
 * The answers of a GET/HEAD of a stored file (`mediaType` such as `audio/*`): the whole file
 * (200), the requested byte ranges (206), 304 when the client's copy is current, 401 when the
 * file needs a signed-in caller, 404 when there is no such file for the caller, 416 when a
 * range lies past its end.
 */
export function storedFileResponses(mediaType: string) {
  return {
    200: fileContent('The whole file.', mediaType),
    206: fileContent('The requested byte ranges (Range), one part or multipart/byteranges.', mediaType),
    304: NotModified,
    401: ErrorMessage,
    404: ErrorMessage,
    416: ErrorMessage,
  };
}

/** The answers of a route that answers one whole file of `mediaType` to the caller, or 404. */
export function wholeFileResponses(mediaType: string, description: string) {
  return { 200: fileContent(description, mediaType), 404: ErrorMessage };
}

/** The answers of a route that renders a PDF for the caller (an invoice, a licence agreement). */
export const PdfResponses = wholeFileResponses('application/pdf', 'The PDF, as an attachment.');
