import {
  COLLAB_LIVE_LEVELS_PER_SECOND,
  COLLAB_LIVE_STALE_MS,
} from '@beatroom/shared/collab-take-edits-contract';
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import type { Peaks } from './collab-audio';
import { clipOf, sessionTrackId } from './session-arrangement';
import type { LiveRecording } from './store/collab-live-store';

/** The clip of a take being recorded is named as the studio's console names that state. */
export const RECORDING_CLIP_NAME = 'Recording…';

/** The timeline's id of a member's take in progress (never a take's id: those are uuids). */
export const recordingTakeId = (userId: string) => `recording:${userId}`;

/** Whether a take in progress is still heard from (its member's page still sends frames). */
export const isFresh = (recording: LiveRecording, now: number) =>
  now - recording.heardAt <= COLLAB_LIVE_STALE_MS;

/**
 * The session's arrangement with the takes members are recording right now, each a clip
 * "Recording…" on its member's track from where it starts, as long as its levels so far, its
 * waveform their levels. Only for the eye: the player is handed the arrangement without them.
 */
export function withRecordings(
  arrangement: Arrangement,
  recordings: Readonly<Record<string, LiveRecording>>,
): { arrangement: Arrangement; peaks: Record<string, Peaks> } {
  const entries = Object.entries(recordings).filter(([, recording]) =>
    arrangement.tracks.some((track) => track.id === sessionTrackId(recording.track)),
  );
  if (entries.length === 0) return { arrangement, peaks: {} };
  const clips = [...arrangement.clips];
  const takes = [...arrangement.takes];
  const peaks: Record<string, Peaks> = {};
  for (const [userId, recording] of entries) {
    const id = recordingTakeId(userId);
    const duration = recording.levels.length / COLLAB_LIVE_LEVELS_PER_SECOND;
    takes.push({ id, name: RECORDING_CLIP_NAME, duration, source: null });
    clips.push(
      clipOf(
        { id, track: recording.track, start_seconds: recording.start, duration_seconds: duration },
        clips,
      ),
    );
    peaks[id] = recording.levels.map((level) => [-level, level] as const);
  }
  return { arrangement: { ...arrangement, takes, clips }, peaks };
}
