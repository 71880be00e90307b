// The player's saved state ("Local storage holds ... the audio state"):
// what the web and desktop apps keep locally between visits, and how a visit starts from it.
import { z } from 'zod';
import { REPEAT_MODES } from './catalogue-constants';
import { DEFAULT_PLAYER_STATE, QueueEntry, type PlayerState } from './player-state';

/** What is kept locally: queue, index, volume, repeat and shuffle. */
export const SavedPlayerState = z.object({
  queue: z.array(QueueEntry),
  currentIndex: z.number().int(),
  volume: z.number().min(0).max(1),
  repeat: z.enum(REPEAT_MODES),
  shuffle: z.boolean(),
});
export type SavedPlayerState = z.infer<typeof SavedPlayerState>;

export function toSavedPlayerState(state: PlayerState): SavedPlayerState {
  return {
    queue: state.queue,
    currentIndex: state.currentIndex,
    volume: state.volume,
    repeat: state.repeat,
    shuffle: state.shuffle,
  };
}

/**
 * The state to start with, from what was saved (already parsed with SavedPlayerState, or null
 * when nothing was saved). Only the first saved queue entry is restored, paused; volume, repeat
 * and shuffle are restored only if a queue was saved, otherwise the defaults apply.
 */
export function restorePlayerState(saved: SavedPlayerState | null): PlayerState {
  const first = saved?.queue[0];
  if (!saved || !first) return DEFAULT_PLAYER_STATE;
  return {
    ...DEFAULT_PLAYER_STATE,
    queue: [first],
    currentIndex: 0,
    currentBeat: first,
    duration: first.duration_seconds ?? 0,
    volume: saved.volume,
    repeat: saved.repeat,
    shuffle: saved.shuffle,
    showPlayer: true,
  };
}
