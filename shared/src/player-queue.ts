// The audio player as a pure reducer. The web and
// desktop apps wrap it in a store and drive one audio element from its state; every rule of the
// queue lives here so it is tested once, without a DOM. Randomness (shuffle) and time (queue ids)
// come in through the actions, so the reducer stays pure. The state itself is in player-state.ts,
// what is saved between visits in player-saved-state.ts.
import { REPEAT_MODES } from './catalogue-constants';
import { LIMITS } from './limits';
import { makeQueueId, toPlayerBeat, type PlayerState } from './player-defaults';
import { insertAfterCurrent, queueFromList } from './player-queue-lists';
import type { PlayerBeat, QueueEntry } from './player-state';

/** Returns a number in [0, 1), like Math.random; tests pass a fixed sequence. */
export type RandomSource = () => number;

export type PlayerAction =
  /** Selects the beat's entry if queued, else puts the beat at the front; then plays. */
  | { type: 'play'; beat: PlayerBeat; now: number }
  /**
   * Plays beats[index] from the list it was shown in: the queue becomes the list from that beat
   * on (player-queue-lists.ts), so Next and the end of a track go on through the list.
   */
  | { type: 'playList'; beats: readonly PlayerBeat[]; index: number; now: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'togglePlay' }
  /** Appends the beat; ignored when the beat is already queued. */
  | { type: 'add'; beat: PlayerBeat; now: number }
  /** Puts the beat right after the current entry (moving it there if queued elsewhere). */
  | { type: 'playNext'; beat: PlayerBeat; now: number }
  | { type: 'remove'; queueId: string }
  /** Removes the entry of this beat, if queued (e.g. after the beat was deleted). */
  | { type: 'removeBeat'; beatId: string }
  | { type: 'clear' }
  | { type: 'next'; random: RandomSource }
  | { type: 'previous'; random: RandomSource }
  /** Plays the entry at this index of the queue (a click in the queue panel). */
  | { type: 'select'; index: number }
  | { type: 'reorder'; from: number; to: number }
  | { type: 'toggleShuffle' }
  | { type: 'cycleRepeat' }
  /**
   * The audio reached its end. autoPlay is the user's setting (default true): off,
   * the player stops after the track instead of going on through the queue; repeat one still
   * repeats, because that is the listener's explicit choice on the bar.
   */
  | { type: 'trackEnded'; random: RandomSource; autoPlay?: boolean }
  | { type: 'setVolume'; volume: number }
  | { type: 'toggleMute' }
  | { type: 'seek'; time: number }
  | { type: 'timeUpdate'; time: number }
  | { type: 'durationChange'; duration: number };

function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return LIMITS.DEFAULT_VOLUME;
  return Math.min(1, Math.max(0, volume));
}

/** A random index of the queue other than `current` (which must exist; length >= 2). */
function randomOtherIndex(length: number, current: number, random: RandomSource): number {
  const pick = Math.min(length - 2, Math.floor(random() * (length - 1)));
  return pick >= current ? pick + 1 : pick;
}

/** Makes `index` the current entry and starts it from the beginning. */
function startAt(state: PlayerState, index: number, isPlaying = true): PlayerState {
  const entry = state.queue[index];
  if (!entry) return state;
  return {
    ...state,
    currentIndex: index,
    currentBeat: entry,
    isPlaying,
    currentTime: 0,
    duration: entry.duration_seconds ?? 0,
    trackToken: state.trackToken + 1,
  };
}

/** The empty player: nothing queued, nothing playing, bar hidden. Settings stay. */
function emptied(state: PlayerState): PlayerState {
  return {
    ...state,
    queue: [],
    currentBeat: null,
    currentIndex: -1,
    isPlaying: false,
    currentTime: 0,
    duration: 0,
    showPlayer: false,
    trackToken: state.trackToken + 1,
  };
}

function nextIndex(state: PlayerState, random: RandomSource): number {
  const { length } = state.queue;
  if (state.shuffle && length > 1) return randomOtherIndex(length, state.currentIndex, random);
  return (state.currentIndex + 1) % length;
}

function previousIndex(state: PlayerState, random: RandomSource): number {
  const { length } = state.queue;
  if (state.shuffle && length > 1) return randomOtherIndex(length, state.currentIndex, random);
  return (state.currentIndex - 1 + length) % length;
}

function removeAt(state: PlayerState, index: number): PlayerState {
  if (index < 0 || index >= state.queue.length) return state;
  const queue = state.queue.filter((_, i) => i !== index);
  if (queue.length === 0) return emptied(state);
  if (index === state.currentIndex) {
    // The entry that took its place, or the new last one if the removed entry was the last.
    const next = Math.min(index, queue.length - 1);
    return startAt({ ...state, queue }, next, state.isPlaying);
  }
  const currentIndex = index < state.currentIndex ? state.currentIndex - 1 : state.currentIndex;
  return { ...state, queue, currentIndex, currentBeat: queue[currentIndex] ?? null };
}

/** Applies one action; returns the same object when nothing changes. */
export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'play': {
      const beat = toPlayerBeat(action.beat);
      const existing = state.queue.findIndex((entry) => entry.id === beat.id);
      if (existing === state.currentIndex && existing !== -1) {
        // Already the current entry: resume it where it was.
        return { ...state, isPlaying: true, showPlayer: true };
      }
      if (existing !== -1) {
        // Keep the entry (and its queueId), refreshed with the latest beat data.
        const queue = state.queue.map((entry, i) =>
          i === existing ? { ...beat, queueId: entry.queueId } : entry,
        );
        return startAt({ ...state, queue, showPlayer: true }, existing);
      }
      const entry: QueueEntry = { ...beat, queueId: makeQueueId(beat.id, action.now) };
      return startAt({ ...state, queue: [entry, ...state.queue], showPlayer: true }, 0);
    }

    case 'playList': {
      const queue = queueFromList(state.queue, action.beats, action.index, action.now);
      if (!queue) return state;
      // The current beat's own button pauses and resumes it (the apps call togglePlay); from
      // here, the chosen beat starts from its beginning at the head of the list.
      return startAt({ ...state, queue, showPlayer: true }, 0);
    }

    case 'pause':
      return state.isPlaying ? { ...state, isPlaying: false } : state;

    case 'resume':
      return state.currentBeat && !state.isPlaying ? { ...state, isPlaying: true } : state;

    case 'togglePlay':
      if (!state.currentBeat) return state;
      return { ...state, isPlaying: !state.isPlaying };

    case 'add': {
      const beat = toPlayerBeat(action.beat);
      if (state.queue.some((entry) => entry.id === beat.id)) return state;
      const entry: QueueEntry = { ...beat, queueId: makeQueueId(beat.id, action.now) };
      const queue = [...state.queue, entry];
      if (state.currentBeat) return { ...state, queue, showPlayer: true };
      // Nothing current yet: the new entry is ready to play, paused, so the bar has a beat.
      return startAt({ ...state, queue, showPlayer: true }, queue.length - 1, false);
    }

    case 'playNext': {
      const placed = insertAfterCurrent(state.queue, state.currentIndex, action.beat, action.now);
      if (!placed) return state;
      const { queue, currentIndex } = placed;
      if (state.currentBeat) {
        return { ...state, queue, currentIndex, currentBeat: queue[currentIndex]!, showPlayer: true };
      }
      // Nothing current yet: like Add to queue, the beat is ready to play, paused.
      return startAt({ ...state, queue, showPlayer: true }, 0, false);
    }

    case 'remove':
      return removeAt(
        state,
        state.queue.findIndex((entry) => entry.queueId === action.queueId),
      );

    case 'removeBeat':
      return removeAt(
        state,
        state.queue.findIndex((entry) => entry.id === action.beatId),
      );

    case 'clear':
      return emptied(state);

    case 'next':
      if (state.queue.length === 0) return state;
      return startAt(state, nextIndex(state, action.random));

    case 'previous':
      if (state.queue.length === 0) return state;
      return startAt(state, previousIndex(state, action.random));

    case 'select':
      return startAt(state, action.index);

    case 'reorder': {
      const { from, to } = action;
      const { length } = state.queue;
      if (from === to || from < 0 || to < 0 || from >= length || to >= length) return state;
      const queue = [...state.queue];
      const [moved] = queue.splice(from, 1);
      queue.splice(to, 0, moved!);
      let currentIndex = state.currentIndex;
      if (from === state.currentIndex) currentIndex = to;
      else if (from < state.currentIndex && to >= state.currentIndex) currentIndex -= 1;
      else if (from > state.currentIndex && to <= state.currentIndex) currentIndex += 1;
      return { ...state, queue, currentIndex };
    }

    case 'toggleShuffle':
      return { ...state, shuffle: !state.shuffle };

    case 'cycleRepeat': {
      const at = REPEAT_MODES.indexOf(state.repeat);
      return { ...state, repeat: REPEAT_MODES[(at + 1) % REPEAT_MODES.length]! };
    }

    case 'trackEnded':
      if (!state.currentBeat) return state;
      if (state.repeat === 'one') return startAt(state, state.currentIndex);
      if (action.autoPlay !== false && (state.repeat === 'all' || state.queue.length > 1)) {
        return startAt(state, nextIndex(state, action.random));
      }
      // Stop: back at the start, ready to play again.
      return { ...state, isPlaying: false, currentTime: 0, seekToken: state.seekToken + 1 };

    case 'setVolume': {
      const volume = clampVolume(action.volume);
      // Moving the slider above zero ends a mute; the remembered volume is no longer needed.
      return { ...state, volume, volumeBeforeMute: volume > 0 ? null : state.volumeBeforeMute };
    }

    case 'toggleMute':
      if (state.volume > 0) return { ...state, volumeBeforeMute: state.volume, volume: 0 };
      return {
        ...state,
        volume:
          state.volumeBeforeMute && state.volumeBeforeMute > 0
            ? state.volumeBeforeMute
            : LIMITS.DEFAULT_VOLUME,
        volumeBeforeMute: null,
      };

    case 'seek': {
      if (!state.currentBeat) return state;
      const limit = state.duration > 0 ? state.duration : Number.POSITIVE_INFINITY;
      const time = Math.min(limit, Math.max(0, Number.isFinite(action.time) ? action.time : 0));
      return { ...state, currentTime: time, seekToken: state.seekToken + 1 };
    }

    case 'timeUpdate':
      return Number.isFinite(action.time) && action.time !== state.currentTime
        ? { ...state, currentTime: Math.max(0, action.time) }
        : state;

    case 'durationChange':
      return Number.isFinite(action.duration) && action.duration > 0 && action.duration !== state.duration
        ? { ...state, duration: action.duration }
        : state;
  }
}
