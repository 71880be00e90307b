// The beat's part of the studio's audio (real-studio-audio.ts): its buffer, played from any
// position through the beat's volume, on its own or under a take, and looping over a range
// while a take records pass after pass.
import { apiUrl } from '../../lib/api-client';

/** A source playing a buffer from a position, remembering where it started on the clock. */
export interface Playing {
  sources: AudioBufferSourceNode[];
  /** Context time at which `from` played. */
  startedAt: number;
  from: number;
}

export interface TimeRange {
  start: number;
  end: number;
}

export function stopSources(playing: Playing | null): void {
  playing?.sources.forEach((source) => {
    source.onended = null;
    try {
      source.stop();
    } catch {
      // Never started: nothing to stop.
    }
    source.disconnect();
  });
}

/** The beat on `ctx`, played into `destination` (its volume). */
export function createBeatAudio(ctx: AudioContext, destination: AudioNode) {
  let beat: AudioBuffer | null = null;
  let playing: Playing | null = null;
  let position = 0;
  /** The loop of the last take recorded: the position wraps in it while the beat plays. */
  let loop: TimeRange | null = null;
  const endedListeners = new Set<() => void>();

  function playFrom(
    from: number,
    at: number,
    onEnded: (() => void) | null,
    range: TimeRange | null = null,
  ): Playing | null {
    if (!beat) return null;
    const source = ctx.createBufferSource();
    source.buffer = beat;
    if (range) {
      source.loop = true;
      source.loopStart = range.start;
      source.loopEnd = Math.min(range.end, beat.duration);
    }
    source.connect(destination);
    source.start(at, Math.min(from, beat.duration));
    source.onended = onEnded;
    return { sources: [source], startedAt: at, from };
  }

  return {
    async load(url: string): Promise<void> {
      const response = await fetch(apiUrl(url), { credentials: 'include' });
      if (!response.ok) throw new Error(`The beat's audio answered HTTP ${response.status}`);
      beat = await ctx.decodeAudioData(await response.arrayBuffer());
    },

    buffer: () => beat,

    /** Plays the beat from `from` at context time `at` (under a take: the caller keeps the handle). */
    playFrom,

    play(): void {
      if (playing || !beat) return;
      void ctx.resume();
      const at = ctx.currentTime + 0.02;
      const from = position >= beat.duration ? 0 : position;
      playing = playFrom(from, at, () => {
        playing = null;
        position = 0;
        endedListeners.forEach((listener) => listener());
      });
    },

    pause(): void {
      if (!playing) return;
      position = playing.from + Math.max(0, ctx.currentTime - playing.startedAt);
      stopSources(playing);
      playing = null;
    },

    isPlaying: () => playing !== null,

    onEnded(listener: () => void): () => void {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },

    /**
     * Starts the beat under a take at context time `at`, from `from` (clamped to the beat),
     * looping over `range` when it lies on the beat. Answers where on the beat it starts.
     */
    startUnderTake(from: number, at: number, range: TimeRange | null): number {
      if (!beat) return 0;
      position = 0;
      const start = Math.min(Math.max(0, from), beat.duration);
      loop = range && range.end > range.start && range.start < beat.duration ? range : null;
      playing = playFrom(start, at, null, loop);
      return start;
    },

    stop(): void {
      stopSources(playing);
      playing = null;
      position = 0;
    },

    /** Where the beat plays on its timeline, or null when it does not. */
    position(): number | null {
      if (!playing) return null;
      let at = playing.from + Math.max(0, ctx.currentTime - playing.startedAt);
      if (loop && at >= loop.end) {
        const length = loop.end - loop.start;
        at = loop.start + ((at - loop.start) % length);
      }
      return at;
    },

    dispose(): void {
      stopSources(playing);
      playing = null;
      endedListeners.clear();
    },
  };
}

export type BeatAudio = ReturnType<typeof createBeatAudio>;
