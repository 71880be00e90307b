import { COLLAB_LIVE_STALE_MS } from '@beatroom/shared/collab-take-edits-contract';
import type { LiveRecording } from './store/collab-live-store';

/** The clip of a take being recorded is named as the studio's console names that state. */
export const RECORDING_CLIP_NAME = 'Recording…';

/** Whether a take in progress is still heard from (its member's page still sends frames). */
export const isFresh = (recording: LiveRecording, now: number) =>
  now - recording.heardAt <= COLLAB_LIVE_STALE_MS;
