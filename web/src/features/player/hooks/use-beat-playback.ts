import type { PlayerBeat } from '@beatroom/shared/player-state';
import { useCallback } from 'react';
import { usePlayerStore } from '../store/player-store';

/**
 * Whether this beat is the player's current one and playing, and a toggle that plays it or
 * pauses and resumes it when it already is the current beat. Played from a list (`list`: the
 * beats of the grid, track list or tab it sits in), the queue becomes that list from this beat
 * on; without one, the beat goes to the front of the queue.
 */
export function useBeatPlayback(beatId: string) {
  const isCurrent = usePlayerStore((state) => state.currentBeat?.id === beatId);
  const isPlaying = usePlayerStore((state) => state.isPlaying && state.currentBeat?.id === beatId);
  const toggle = useCallback((beat: PlayerBeat, list?: readonly PlayerBeat[]) => {
    const store = usePlayerStore.getState();
    if (store.currentBeat?.id === beat.id) store.togglePlay();
    else if (list) store.playFromList(list, beat);
    else store.play(beat);
  }, []);
  return { isCurrent, isPlaying, toggle };
}

/** Time of the current beat if it is this one, else zero: for a seek bar outside the player. */
export function useBeatProgress(beatId: string) {
  const currentTime = usePlayerStore((state) => (state.currentBeat?.id === beatId ? state.currentTime : 0));
  const duration = usePlayerStore((state) => (state.currentBeat?.id === beatId ? state.duration : 0));
  return { currentTime, duration };
}

/** Plays this beat if needed, then jumps to `time` seconds. */
export function seekBeat(beat: PlayerBeat, time: number): void {
  const store = usePlayerStore.getState();
  if (store.currentBeat?.id !== beat.id) store.play(beat);
  usePlayerStore.getState().seek(time);
}

/** Takes a deleted beat out of the queue. */
export function forgetBeat(beatId: string): void {
  usePlayerStore.getState().removeBeat(beatId);
}
