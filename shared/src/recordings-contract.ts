// HTTP contract of vocal recordings: the caller's takes, their upload and files, and the
// public ones listed as a beat's Community Vocal Covers. A recording is a take saved from the studio: the
// server checks its content (WebM/Opus or WAV), measures its duration and waveform, and keeps it
// in private storage: its audio is served only by GET /api/recordings/{id}/audio, to its owner
// always and to anyone when it is public; /api/files never serves it.
import { z } from 'zod';
import { WaveformPeaks } from './beats-contract';
import { text } from './text-fields';

export const RECORDING_NAME_MAX = 200;
/** At most 50 MB per take (the uploads' audio limit); bigger answers 413. */
export const RECORDING_MAX_BYTES = 50 * 1024 * 1024;

/** Multipart field names of POST /api/recordings/upload. */
export const RECORDING_UPLOAD_FIELDS = {
  recording: 'recording',
  beatId: 'beat_id',
  recordingName: 'recording_name',
  isPublic: 'is_public',
  idempotencyKey: 'idempotency_key',
} as const;

/** The formats a take may be in, detected from its bytes (never from its name or type). */
export const RECORDING_FORMATS = ['webm', 'wav'] as const;
export type RecordingFormat = (typeof RECORDING_FORMATS)[number];

/** Where a recording's audio is served (owner always; anyone when public; Range supported). */
export function recordingAudioUrl(recordingId: string): string {
  return `/api/recordings/${recordingId}/audio`;
}

/**
 * One of the caller's own recordings (a recording's stored fields) plus the beat's id,
 * what the server measured and where it plays. beat_cover is the beat's cover image key.
 */
export const Recording = z.object({
  id: z.string(),
  recording_name: z.string(),
  file_key: z.string(),
  file_size: z.number().int(),
  format: z.enum(RECORDING_FORMATS),
  is_public: z.boolean(),
  created_at: z.string(),
  beat_id: z.string(),
  beat_title: z.string(),
  beat_cover: z.string().nullable(),
  duration_seconds: z.number(),
  peaks: WaveformPeaks,
  play_count: z.number().int(),
  /** `/api/recordings/{id}/audio` */
  audio_url: z.string(),
});
export type Recording = z.infer<typeof Recording>;

/** GET /api/recordings: the caller's recordings, newest first. */
export const RecordingsResponse = z.object({ recordings: z.array(Recording) });
export type RecordingsResponse = z.infer<typeof RecordingsResponse>;

/**
 * The text fields of POST /api/recordings/upload (multipart; the `recording` file part may come
 * before or after them). is_public is 'true' or 'false'.
 * 404 "Beat not found" for a beat that does not exist or does not play.
 */
export const RecordingUploadFields = z.object({
  beat_id: z.uuid('beat_id must be a beat id'),
  recording_name: text({ error: 'Please enter a name for your recording.' })
    .trim()
    .min(1, 'Please enter a name for your recording.')
    .max(RECORDING_NAME_MAX, `recording_name must be at most ${RECORDING_NAME_MAX} characters`),
  is_public: z
    .enum(['true', 'false'], { error: "is_public must be 'true' or 'false'" })
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Optional, for clients that retry (the desktop take queue): a second upload with the same
   * key by the same user stores nothing and answers the take the first one saved (200).
   */
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotency_key must be 8 to 100 letters, digits, - or _')
    .optional(),
});
export type RecordingUploadFields = z.input<typeof RecordingUploadFields>;

/**
 * Public takes GET /api/beats/{beatId}/public-recordings lists, newest first. Its answer is
 * PublicRecordingList of beat-social-contract.ts, the
 * beat page's contract; the recordings module serves it.
 */
export const PUBLIC_RECORDINGS_LIMIT = 50;

/**
 * PATCH /api/recordings/{id}: publishes a take saved private (it then shows under the beat's
 * vocal covers) or takes it back. Own takes only: anyone else's is the same 404 as a missing one.
 * Answers the recording as saved.
 */
export const UpdateRecordingBody = z.strictObject({
  is_public: z.boolean({ error: 'is_public must be true or false' }),
});
export type UpdateRecordingBody = z.infer<typeof UpdateRecordingBody>;

export const RECORDING_NOT_FOUND = 'Recording not found';
/** Texts of the My Recordings page, shown verbatim. */
export const RECORDINGS_ALERTS = {
  downloadFailed: 'Failed to download recording',
  deleteFailed: 'Failed to delete recording',
} as const;
