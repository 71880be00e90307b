// A beat's stems: the separate tracks, as one ZIP, delivered with the Trackout and Exclusive
// licences (docs/domain.md#licences-and-downloads). Uploaded by the beat's producer, stored
// privately like the master, downloaded only through a signed link.
import { z } from 'zod';

/** The largest stems ZIP accepted: 10 stereo WAV stems of a 4-minute beat fit with room. */
export const STEMS_MAX_BYTES = 500 * 1024 * 1024;

/** What a stems ZIP may hold besides folders: lossless audio only. */
export const STEM_EXTENSIONS = ['wav', 'aif', 'aiff', 'flac'] as const;

export const STEMS_ERRORS = {
  NOT_ZIP: 'The stems must be a ZIP file',
  TOO_LARGE: `The stems ZIP must be at most ${STEMS_MAX_BYTES / 1024 / 1024} MB`,
  EMPTY: 'The stems ZIP holds no audio files',
  NOT_AUDIO: 'The stems ZIP may hold only WAV, AIFF or FLAC files',
  NONE: 'This beat has no stems',
  NOT_INCLUDED: 'Your licence does not include the stems',
} as const;

/** PUT /api/beats/{id}/stems (body: the ZIP, Content-Type application/zip) and GET its state. */
export const StemsState = z.object({
  has_stems: z.boolean(),
  /** The audio files inside the ZIP, as named there. */
  files: z.array(z.string()),
  size_bytes: z.number().int().nullable(),
});
export type StemsState = z.infer<typeof StemsState>;
