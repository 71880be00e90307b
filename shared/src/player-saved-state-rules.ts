// How a visit starts from the player's saved state, and what is saved: zod-free, so the web's
// player store (on every page) does not build the schemas (player-saved-state.ts checks what is
// read back).
import { DEFAULT_PLAYER_STATE, type PlayerState } from './player-defaults';
import type { SavedPlayerState } from './player-saved-state';

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
