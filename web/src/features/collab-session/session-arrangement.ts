import {
  COLLAB_SNAP,
  COLLAB_TRACKS,
  type CollabSessionData,
  type CollabSessionState,
  type CollabTake,
  type Track,
} from '@beatroom/shared/collab-sessions-contract';
import {
  ARRANGEMENT_VERSION,
  type Arrangement,
  type ArrangementClip,
  type ArrangementTrack,
} from '@beatroom/shared/studio-arrangement';
import { ARRANGEMENT_MAX_LANES, MIN_CLIP_SECONDS } from '@beatroom/shared/studio-arrangement-limits';
import { clipEnd } from '@beatroom/shared/studio-arrangement-clips';
import { StudioEffectSettings } from '@beatroom/shared/studio-effects';
import { DEFAULT_STUDIO_SETTINGS } from '@beatroom/shared/studio-settings';

/** What places the session's clips: who is on which track, the takes, the tracks' mix. */
export interface SessionParts {
  participants: CollabSessionState['participants'];
  takes: CollabSessionState['takes'];
  settings: CollabSessionData['track_settings'];
}

/** The timeline's id of a session track. */
export const sessionTrackId = (track: Track) => `track-${track}`;

/** The session track a timeline track id names (null for any other id). */
export function sessionTrackOf(trackId: string): Track | null {
  return COLLAB_TRACKS.find((track) => sessionTrackId(track) === trackId) ?? null;
}

/**
 * The arrangement model gives each track a vocal chain; a session plays its takes as they were
 * recorded and never reads it, so every track carries the studio's defaults.
 */
const UNUSED_EFFECTS = StudioEffectSettings.parse(DEFAULT_STUDIO_SETTINGS);

/** A track's name on the timeline: its number and who records on it. */
export function sessionTrackName(track: Track, userName: string | null): string {
  return userName ? `Track ${track} · ${userName}` : `Track ${track}`;
}

/**
 * The session as a studio arrangement, so the studio's timeline shows it: one track per member
 * (and per track a departed member left takes on), every take a clip from where the server
 * stamped its start, named "Take 1", "Take 2"… in the order each track's takes came. A take
 * over an earlier one on its track goes on the next lane, so the newest is the one that plays
 * there (as the studio stacks passes). The mix is the session's: volume, mute and solo. Moved
 * takes snap to the beat grid, as the studio's timeline does by default.
 */
export function sessionArrangement(
  { participants, takes, settings }: SessionParts,
  myTrack: Track | null,
): Arrangement {
  const used = COLLAB_TRACKS.filter(
    (track) => participants.some((p) => p.track_assignment === track) || takes.some((t) => t.track === track),
  );
  const shown = used.length > 0 ? used : [COLLAB_TRACKS[0]];
  const tracks: ArrangementTrack[] = shown.map((track) => ({
    id: sessionTrackId(track),
    name: sessionTrackName(track, participants.find((p) => p.track_assignment === track)?.user_name ?? null),
    volume: settings[track].volume,
    pan: 0,
    mute: settings[track].muted,
    solo: settings[track].solo,
    arm: track === myTrack,
    effects: UNUSED_EFFECTS,
    comp: [],
  }));

  const clips: ArrangementClip[] = [];
  const counts = new Map<Track, number>();
  const names: { id: string; name: string; duration: number }[] = [];
  for (const take of takes) {
    const number = (counts.get(take.track) ?? 0) + 1;
    counts.set(take.track, number);
    names.push({ id: take.id, name: `Take ${number}`, duration: take.duration_seconds });
    clips.push(clipOf(take, clips));
  }
  const mine = myTrack !== null && shown.includes(myTrack) ? myTrack : shown[0]!;
  return {
    version: ARRANGEMENT_VERSION,
    tracks,
    takes: names.map((take) => ({ ...take, source: null })),
    clips,
    selectedTrackId: sessionTrackId(mine),
    snap: COLLAB_SNAP,
    loop: null,
    punch: null,
  };
}

/** The take's clip: on the lane above every earlier clip of its track it overlaps. */
export function clipOf(
  take: Pick<CollabTake, 'id' | 'track' | 'start_seconds' | 'duration_seconds'>,
  earlier: readonly ArrangementClip[],
): ArrangementClip {
  const trackId = sessionTrackId(take.track);
  const start = take.start_seconds;
  const duration = Math.max(MIN_CLIP_SECONDS, take.duration_seconds);
  let lane = 0;
  for (const clip of earlier) {
    if (clip.trackId === trackId && clip.start < start + duration && start < clipEnd(clip))
      lane = Math.max(lane, clip.lane + 1);
  }
  return {
    id: take.id,
    takeId: take.id,
    trackId,
    lane: Math.min(lane, ARRANGEMENT_MAX_LANES - 1),
    start,
    offset: 0,
    duration,
    fadeIn: 0,
    fadeOut: 0,
  };
}
