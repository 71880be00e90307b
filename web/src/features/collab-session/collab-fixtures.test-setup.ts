import {
  defaultCollabSessionData,
  type CollabSession,
  type CollabTake,
  type Participant,
  type Track,
} from '@beatroom/shared/collab-sessions-contract';

// Sessions, members and takes as the server answers them, for the collaborative session's tests.

/** The session `s1` (code ABCDEFGHJK) over beat `b1`, hosted by `u1`, stopped at 0. */
export function makeCollabSession(overrides: Partial<CollabSession> = {}): CollabSession {
  return {
    id: 's1',
    session_code: 'ABCDEFGHJK',
    host_user_id: 'u1',
    beat_id: 'b1',
    beat_title: 'Groove',
    beat_bpm: null,
    session_name: 'Friday Jam',
    max_participants: 4,
    is_public: true,
    session_data: defaultCollabSessionData(1000),
    created_at: '2026-11-27T00:00:00.000Z',
    server_time: 1000,
    ...overrides,
  };
}

/** The member `u{track}` on track `track`; track 1 hosts. */
export function makeParticipant(track: Track, userName: string): Participant {
  return {
    id: `p${track}`,
    user_id: `u${track}`,
    user_name: userName,
    user_avatar: null,
    role: track === 1 ? 'host' : 'participant',
    track_assignment: track,
  };
}

/** A take of the member on `track`, from `start` seconds on the session's timeline. */
export function makeTake(id: string, track: Track, start: number, duration = 3): CollabTake {
  return {
    id,
    user_id: `u${track}`,
    track,
    start_seconds: start,
    recording_id: `r-${id}`,
    recording_name: `Friday Jam - Track ${track}`,
    duration_seconds: duration,
    created_at: '2026-11-27T00:00:02.000Z',
    audio_url: `/api/collaborative-sessions/s1/takes/${id}/audio`,
  };
}
