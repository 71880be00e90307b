// HTTP contract of studio sessions (save, load, delete) and of the beat a studio records over. A
// session is the studio's settings saved under a name for one beat; only its owner ever sees it
// (someone else's id answers 404, so ids reveal nothing). session_data is validated against
// StudioSessionData (strict), so a session saved by one version of the studio loads in the next.
import { z } from 'zod';
import { StudioSessionData } from './studio-settings';
import { text } from './text-fields';

export const STUDIO_SESSION_NAME_MAX = 100;
/** Sessions one user may keep; the studio lists them all, so the list stays small. */
export const STUDIO_SESSIONS_MAX_PER_USER = 200;

const Uuid = z.uuid('must be an id');

const SessionName = text({ error: 'session_name is required' })
  .trim()
  .min(1, 'Please enter a session name.')
  .max(STUDIO_SESSION_NAME_MAX, `session_name must be at most ${STUDIO_SESSION_NAME_MAX} characters`);

/**
 * session_data as sent: it is documented as "JSON text", so a JSON string is accepted as well as
 * the object itself; both are validated against the strict StudioSessionData shape.
 */
const SessionDataInput = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value; // fails the object check below with a readable message
  }
}, StudioSessionData);

/** A saved session as every session route answers it. session_data is the parsed object. */
export const StudioSession = z.object({
  id: z.string(),
  beat_id: z.string(),
  session_name: z.string(),
  session_data: StudioSessionData,
  is_public: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StudioSession = z.infer<typeof StudioSession>;

/** GET /api/studio/sessions?beat_id=: the caller's own sessions, most recently saved first. */
export const StudioSessionsQuery = z.object({ beat_id: Uuid.optional() });
export type StudioSessionsQuery = z.infer<typeof StudioSessionsQuery>;

export const StudioSessionsResponse = z.object({ sessions: z.array(StudioSession) });
export type StudioSessionsResponse = z.infer<typeof StudioSessionsResponse>;

/** POST /api/studio/sessions ("Save Session"): 404 "Beat not found" for an unknown beat. */
export const CreateStudioSessionBody = z.object({
  beat_id: Uuid,
  session_name: SessionName,
  session_data: SessionDataInput,
  is_public: z.boolean().default(false),
});
export type CreateStudioSessionBody = z.input<typeof CreateStudioSessionBody>;

/**
 * PUT /api/studio/sessions/{id} (auto-save 2 s after a change, rename): any of the fields;
 * session_data, when sent, replaces the stored one whole.
 */
export const UpdateStudioSessionBody = z
  .object({
    session_name: SessionName.optional(),
    session_data: SessionDataInput.optional(),
    is_public: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update');
export type UpdateStudioSessionBody = z.input<typeof UpdateStudioSessionBody>;

export const STUDIO_SESSION_NOT_FOUND = 'Session not found';

// ---------------------------------------------------------------------------------------------
// The beat a studio records over ("Try it on your voice")
// ---------------------------------------------------------------------------------------------

/**
 * Which audio the studio gets for a beat: `master` (its full-quality upload, for the producer
 * and for holders of a licence to it) or `preview` (the public voice-tagged MP3, for everyone
 * else). A take recorded over the preview is kept; once its vocalist holds a licence, the same
 * route answers the master, so a new mixdown of the kept take uses it.
 */
export const STUDIO_BEAT_AUDIO_SOURCES = ['master', 'preview'] as const;
export type StudioBeatAudioSource = (typeof STUDIO_BEAT_AUDIO_SOURCES)[number];

/**
 * GET /api/studio/beats/{beatId} (signed in): the beat as the studio needs it, plus where its audio is.
 * bpm is the beat's (null when unknown: the studio then counts at 120). audio_url is
 * `/api/studio/beats/{beatId}/audio`, which streams the audio of `audio_source` (Range
 * supported, `x-beat-audio-source` header repeats the source). 404 "Beat not found" for a beat
 * that does not exist or does not play yet.
 */
export const StudioBeat = z.object({
  id: z.string(),
  title: z.string(),
  bpm: z.number().int().nullable(),
  key_signature: z.string().nullable(),
  cover_image_key: z.string().nullable(),
  audio_source: z.enum(STUDIO_BEAT_AUDIO_SOURCES),
  audio_url: z.string(),
});
export type StudioBeat = z.infer<typeof StudioBeat>;

export function studioBeatAudioUrl(beatId: string): string {
  return `/api/studio/beats/${beatId}/audio`;
}
