// HTTP and realtime contract of live collaborative sessions: the session, its participants, the
// collaborative studio, its calls, texts and limits. A session is joined by a short random code; at
// most four members, each on a track of their own (1 to 4). Only members see its participants, chat
// and takes, and only members receive its realtime events (`collab` messages). Each member's takes
// are clips on their track of the session's timeline, placed where the server stamped each start.
import { z } from 'zod';
import { ARRANGEMENT_MAX_SECONDS, ARRANGEMENT_MAX_TAKES } from './studio-arrangement-limits';
import { text } from './text-fields';

/** At most 4 participants and 4 tracks. */
export const COLLAB_MAX_PARTICIPANTS = 4;
export const COLLAB_TRACKS = [1, 2, 3, 4] as const;
/** The participant list refreshes every 5 seconds (besides the live events). */
export const COLLAB_PARTICIPANTS_REFRESH_MS = 5_000;
export const COLLAB_SESSION_NAME_MAX = 120;
export const COLLAB_CHAT_MESSAGE_MAX = 1000;
/** Chat history a member loads with the session (newest kept). */
export const COLLAB_CHAT_HISTORY_LIMIT = 200;
/** Takes a session keeps, all tracks together: what the studio's timeline holds. */
export const COLLAB_MAX_TAKES = ARRANGEMENT_MAX_TAKES;
/** A take starts within the timeline's first hour: the studio timeline's length. */
export const COLLAB_TAKE_LATEST_START_S = ARRANGEMENT_MAX_SECONDS;

/**
 * Session codes: 10 characters of a 32-letter alphabet without look-alikes (0/O, 1/I/L): 50
 * random bits, short enough to read out, far too many to guess. Typed codes are upper-cased.
 */
export const SESSION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SESSION_CODE_LENGTH = 10;
export const SESSION_CODE_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/;

/** The session error texts, verbatim. */
export const COLLAB_ERRORS = {
  notFound: 'Session not found or has ended',
  loadSession: 'Failed to load session',
  loadBeat: 'Failed to load beat',
  noCode: 'No session code provided',
  noData: 'Session data not available',
} as const;
export const COLLAB_SESSION_FULL = 'This session is full (4 participants)';
export const COLLAB_NOT_MEMBER = 'Only participants of this session may do that';
export const COLLAB_HOST_ONLY = 'Only the host may do that';
export const COLLAB_NOT_YOUR_TRACK = 'You can only change your own track';
export const COLLAB_PARTICIPANT_NOT_FOUND = 'Participant not found';
export const COLLAB_TAKE_NOT_STARTED = 'Start recording on your track before adding its take';
export const COLLAB_TAKES_FULL = `This session holds ${COLLAB_MAX_TAKES} takes, its most`;
export const COLLAB_TAKE_TOO_LATE = 'A take must start within the first hour of the session';
export const COLLAB_TAKE_NOT_FOUND = 'Take not found';
export const COLLAB_NOT_YOUR_TAKE = 'You can only change your own takes';
export const COLLAB_NOT_RECORDING = 'Start recording on your track first';
/**
 * How far (seconds) a member's own idea of where their take starts may lie from the server's
 * stamp and still be taken: the request's one-way delay and the clock offset's error fit in it;
 * a player further off is not trusted.
 */
export const COLLAB_TAKE_START_TOLERANCE_S = 1;
/** Moved takes land on the beat grid, as the studio's timeline snaps by default. */
export const COLLAB_SNAP = 'beat' as const;

/** The session's page. */
export const collabSessionPath = (code: string) => `/studio/collaborate/${encodeURIComponent(code)}`;
/** Where a take of a session plays, for its members only. */
export const collabTakeAudioUrl = (sessionId: string, takeId: string) =>
  `/api/collaborative-sessions/${sessionId}/takes/${takeId}/audio`;

export const Track = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type Track = z.infer<typeof Track>;

/** One track's mix settings; volume 0 to 1. */
export const TrackSettings = z.object({
  volume: z.number().min(0).max(1),
  muted: z.boolean(),
  solo: z.boolean(),
});
export type TrackSettings = z.infer<typeof TrackSettings>;

export const DEFAULT_TRACK_SETTINGS: TrackSettings = { volume: 0.8, muted: false, solo: false };

/**
 * session_data plus `position_at`: the server's clock (ms since the epoch)
 * when current_position was true. A member's player is at current_position + (server now -
 * position_at) while is_playing, whatever the delay the message had on its way.
 */
export const CollabSessionData = z.object({
  beat_volume: z.number().min(0).max(1),
  current_position: z.number().min(0),
  is_playing: z.boolean(),
  position_at: z.number().int().min(0),
  track_settings: z.object({ 1: TrackSettings, 2: TrackSettings, 3: TrackSettings, 4: TrackSettings }),
});
export type CollabSessionData = z.infer<typeof CollabSessionData>;

export function defaultCollabSessionData(now: number): CollabSessionData {
  return {
    beat_volume: 0.7,
    current_position: 0,
    is_playing: false,
    position_at: now,
    track_settings: {
      1: { ...DEFAULT_TRACK_SETTINGS },
      2: { ...DEFAULT_TRACK_SETTINGS },
      3: { ...DEFAULT_TRACK_SETTINGS },
      4: { ...DEFAULT_TRACK_SETTINGS },
    },
  };
}

/**
 * Where the beat is now by a clock agreeing with the server's (the client adds its measured
 * offset): the latency of the message that carried the transport is made up here.
 */
export function positionAt(
  data: Pick<CollabSessionData, 'current_position' | 'is_playing' | 'position_at'>,
  serverNow: number,
) {
  if (!data.is_playing) return data.current_position;
  return data.current_position + Math.max(0, serverNow - data.position_at) / 1000;
}

/** A session participant; role is 'host' for the session's creator. */
export const Participant = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  role: z.enum(['host', 'participant']),
  track_assignment: Track,
});
export type Participant = z.infer<typeof Participant>;

/**
 * A collaborative session's fields, plus the beat's title and bpm for the page, when it
 * ended (never set on what the code lookup answers) and `server_time`, the server's clock when it
 * answered, from which a client estimates its clock offset.
 */
export const CollabSession = z.object({
  id: z.string(),
  session_code: z.string(),
  host_user_id: z.string(),
  beat_id: z.string().nullable(),
  beat_title: z.string().nullable(),
  beat_bpm: z.number().int().nullable(),
  session_name: z.string(),
  max_participants: z.number().int(),
  is_public: z.boolean(),
  session_data: CollabSessionData,
  created_at: z.string(),
  server_time: z.number().int(),
});
export type CollabSession = z.infer<typeof CollabSession>;

export const CollabChatMessage = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  message: z.string(),
  timestamp: z.string(),
});
export type CollabChatMessage = z.infer<typeof CollabChatMessage>;

/**
 * A take on a track: one of its participant's recordings, audible to members at audio_url. A track
 * holds every take its participant recorded; each plays from `start_seconds` on the session's
 * timeline: where the server's transport stood when the recording started.
 */
export const CollabTake = z.object({
  id: z.string(),
  user_id: z.string(),
  track: Track,
  start_seconds: z.number().min(0),
  recording_id: z.string(),
  recording_name: z.string(),
  duration_seconds: z.number(),
  created_at: z.string(),
  audio_url: z.string(),
});
export type CollabTake = z.infer<typeof CollabTake>;

const SessionName = text({ error: 'session_name is required' })
  .trim()
  .min(1, 'session_name is required')
  .max(COLLAB_SESSION_NAME_MAX, `session_name must be at most ${COLLAB_SESSION_NAME_MAX} characters`);

/**
 * POST /api/collaborative-sessions: the caller becomes host on track 1.
 * max_participants is 4 (the only value); session_data, when sent, sets the starting mix (the
 * transport always starts stopped at 0). 404 "Beat not found" for a beat that does not play.
 */
export const CreateCollabSessionBody = z.object({
  beat_id: z.uuid('beat_id must be a beat id'),
  session_name: SessionName,
  max_participants: z.literal(COLLAB_MAX_PARTICIPANTS, 'max_participants must be 4').default(4),
  is_public: z.boolean().default(true),
  session_data: CollabSessionData.pick({ beat_volume: true, track_settings: true }).partial().optional(),
});
export type CreateCollabSessionBody = z.input<typeof CreateCollabSessionBody>;

/** `:code` of the code routes; lower case is accepted. Malformed codes name nothing: 404. */
export const SessionCodeParams = z.object({
  code: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(SESSION_CODE_PATTERN, COLLAB_ERRORS.notFound)),
});

/** POST /api/collaborative-sessions/join/{code}: the session and its participants. */
export const JoinCollabSessionResponse = z.object({
  session: CollabSession,
  participants: z.array(Participant),
});
export type JoinCollabSessionResponse = z.infer<typeof JoinCollabSessionResponse>;

export const ParticipantsResponse = z.array(Participant);

/** GET /api/collaborative-sessions/{id}/state: everything a member's page loads at once. */
export const CollabSessionState = z.object({
  session: CollabSession,
  participants: z.array(Participant),
  chat: z.array(CollabChatMessage),
  takes: z.array(CollabTake),
});
export type CollabSessionState = z.infer<typeof CollabSessionState>;

/** POST /api/collaborative-sessions/{id}/transport: the host plays, pauses or moves. */
export const TransportBody = z.object({
  is_playing: z.boolean(),
  position: z
    .number()
    .min(0)
    .max(24 * 3600),
});
export type TransportBody = z.infer<typeof TransportBody>;

/** PATCH /api/collaborative-sessions/{id}/tracks/{track}: a member's own track (the host's: any). */
export const TrackSettingsBody = TrackSettings.partial().refine(
  (value) => Object.keys(value).length > 0,
  'Send volume, muted or solo',
);
export const TrackParams = z.object({
  id: z.string(),
  track: z.coerce.number().pipe(Track),
});

/** PATCH /api/collaborative-sessions/{id}/beat-volume (host). */
export const BeatVolumeBody = z.object({ beat_volume: z.number().min(0).max(1) });

export const ChatBody = z.object({
  message: text({ error: 'message is required' })
    .trim()
    .min(1, 'message is required')
    .max(COLLAB_CHAT_MESSAGE_MAX, `message must be at most ${COLLAB_CHAT_MESSAGE_MAX} characters`),
});
export type ChatBody = z.infer<typeof ChatBody>;

const OwnTrack = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: 'track must be 1, 2, 3 or 4',
});

/**
 * POST /api/collaborative-sessions/{id}/takes/start: the caller starts recording on their own
 * track. The server stamps where the session's transport stands by its own clock: the take that
 * follows is placed there. `position`, where the caller's player stood when its recorder started
 * (what they heard), is taken instead when it lies within COLLAB_TAKE_START_TOLERANCE_S of the
 * server's stamp: the stamp alone comes late by the request's way to the server.
 */
export const StartTakeBody = z.object({
  track: OwnTrack,
  position: z.number('position must be a number of seconds').min(0, 'position must be 0 or more').optional(),
});
export type StartTakeBody = z.infer<typeof StartTakeBody>;
export const TakeStart = z.object({
  track: Track,
  start_seconds: z.number().min(0),
  /** The server's clock (ms since the epoch) when it stamped the start. */
  stamped_at: z.number().int(),
});
export type TakeStart = z.infer<typeof TakeStart>;

/**
 * POST /api/collaborative-sessions/{id}/takes: one of the caller's recordings (over the session's
 * beat) becomes a take on their own track, from the start the server stamped last.
 */
export const AddTakeBody = z.object({
  recording_id: z.uuid('recording_id must be a recording id'),
  track: OwnTrack,
});
export type AddTakeBody = z.infer<typeof AddTakeBody>;

// The session's realtime messages: collab-events-contract.ts.
