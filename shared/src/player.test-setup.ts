// Builders and checks the player's tests share (player-queue.test.ts, player-saved-state.test.ts).
import { expect } from 'vitest';
import { DEFAULT_PLAYER_STATE, type PlayerBeat, type PlayerState, type QueueEntry } from './player-state';

export function beat(id: string, extra: Partial<PlayerBeat> = {}): PlayerBeat {
  return {
    id,
    user_id: 'producer-1',
    title: `Beat ${id}`,
    producer_name: 'Maya Beats',
    genre: 'Trap',
    audio_file_key: `audio/${id}.wav`,
    cover_image_key: null,
    duration_seconds: 120,
    price_cents: 2999,
    is_free: false,
    ...extra,
  };
}

export function entry(id: string): QueueEntry {
  return { ...beat(id), queueId: `q-${id}` };
}

/** A player with these beats queued and the one at `current` selected. */
export function stateWith(
  ids: readonly string[],
  current = 0,
  overrides: Partial<PlayerState> = {},
): PlayerState {
  const queue = ids.map(entry);
  return {
    ...DEFAULT_PLAYER_STATE,
    queue,
    currentIndex: queue.length ? current : -1,
    currentBeat: queue[current] ?? null,
    showPlayer: queue.length > 0,
    isPlaying: queue.length > 0,
    ...overrides,
  };
}

export const ids = (state: PlayerState) => state.queue.map((e) => e.id);
/** The invariant every state keeps: currentBeat is queue[currentIndex]. */
export function expectConsistent(state: PlayerState) {
  if (state.queue.length === 0) {
    expect(state.currentBeat).toBeNull();
    expect(state.currentIndex).toBe(-1);
    expect(state.showPlayer).toBe(false);
  } else {
    expect(state.currentBeat).toBe(state.queue[state.currentIndex]);
  }
}
