// The player's state without its schemas (zod-free: the web's first load holds the
// player store, and zod is kept out of it): the state, its defaults and the queue helpers.
import type { RepeatMode } from './catalogue-constants';
import { LIMITS } from './limits';
import type { PlayerBeat, QueueEntry } from './player-state';

export interface PlayerState {
  /** The entry being played (or paused), always queue[currentIndex]; null when none. */
  currentBeat: QueueEntry | null;
  queue: QueueEntry[];
  /** Index of currentBeat in queue, -1 when there is none. */
  currentIndex: number;
  isPlaying: boolean;
  /** 0 to 1, default 0.75. */
  volume: number;
  /** The volume before muting; null when not muted (restored on unmute, 0.75 if none). */
  volumeBeforeMute: number | null;
  /** Seconds, as reported by the audio element. */
  currentTime: number;
  duration: number;
  repeat: RepeatMode;
  shuffle: boolean;
  /** The player bar is shown only while the queue is non-empty. */
  showPlayer: boolean;
  /**
   * Changes whenever the current entry must start from its beginning (a new entry, next,
   * previous, repeat one...), even when it is the same entry as before: the audio element then
   * loads or rewinds. Not saved.
   */
  trackToken: number;
  /** Changes whenever the listener seeks; the audio element then jumps to currentTime. */
  seekToken: number;
}

export const DEFAULT_PLAYER_STATE: PlayerState = {
  currentBeat: null,
  queue: [],
  currentIndex: -1,
  isPlaying: false,
  volume: LIMITS.DEFAULT_VOLUME,
  volumeBeforeMute: null,
  currentTime: 0,
  duration: 0,
  repeat: 'none',
  shuffle: false,
  showPlayer: false,
  trackToken: 0,
  seekToken: 0,
};

/** Only the player's fields, whatever else the object holding the state carries. */
export function toPlayerBeat(beat: PlayerBeat): PlayerBeat {
  return {
    id: beat.id,
    user_id: beat.user_id,
    title: beat.title,
    producer_name: beat.producer_name,
    genre: beat.genre,
    audio_file_key: beat.audio_file_key,
    cover_image_key: beat.cover_image_key,
    duration_seconds: beat.duration_seconds,
    price_cents: beat.price_cents,
    is_free: beat.is_free,
  };
}

/** A queue id: the beat id and a timestamp. */
export function makeQueueId(beatId: string, now: number): string {
  return `${beatId}-${now}`;
}
