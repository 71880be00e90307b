// One track of the timeline's mixdown over one stretch of time, in an OfflineAudioContext of its
// own: its comped slices (pitch-corrected by the take readers) through the track's vocal chain
// (the very buildVocalChain of the live monitor) up to the chorus. What follows the chorus is
// linear and carries over from stretch to stretch in the mixdown itself (chain-tail.ts).
//
// A stretch starts `warmUp` seconds before the part that is kept, from silence: by the time the
// kept part begins, the chain's memory (the compressor's level, the gate's envelope) is what
// rendering from the very start would have left, to within rounding.
import type { PlaybackSlice } from '@beatroom/shared/studio-arrangement-playback';
import type { ArrangementTrack } from '@beatroom/shared/studio-arrangement';
import type { OfflineContextConstructor } from './mixdown';
import { MARGIN, rebaseSlices, scheduleSlices, takeSpans } from './arrangement-schedule';
import type { TakeReader } from './take-reader';
import { buildVocalChain } from './vocal-chain';

export interface TrackChunk {
  track: ArrangementTrack;
  slices: readonly PlaybackSlice[];
  /** The take's reader (corrected for this track) and its sample rate, by take id. */
  takes: ReadonlyMap<string, { reader: TakeReader; sampleRate: number }>;
  /** Seconds every slice starts early (the chain's and the correction's own delays). */
  shift: number;
  /** Render time (samples) where the context starts, and its length. */
  from: number;
  length: number;
  /** The AudioBuffers the takes' samples are read into, reused from chunk to chunk. */
  sources: SourceBuffers;
}

/**
 * The buffers a chunk's takes play from, kept for the next chunks: an AudioBuffer belongs to no
 * context, and the mixdown renders one context at a time, so one buffer per take a chunk plays
 * serves every track and stretch. A new buffer per take and chunk (some 7 MB for 34 s) would
 * be garbage the page holds until V8 collects it, several stretches' worth at the peak.
 */
export interface SourceBuffers {
  /** The `index`th take of a chunk: an AudioBuffer of at least `length` frames, zeroed past it. */
  take(ctx: BaseAudioContext, index: number, length: number, sampleRate: number): AudioBuffer;
}

/** Buffers of at least `capacityS` seconds (a chunk's length), so they are made only once. */
export function sourceBuffers(capacityS: number): SourceBuffers {
  const buffers: AudioBuffer[] = [];
  return {
    take(ctx, index, length, sampleRate) {
      let buffer = buffers[index];
      if (!buffer || buffer.sampleRate !== sampleRate || buffer.length < length) {
        // Room for the spans' margins and rounding as well.
        const frames = Math.max(length, Math.ceil(capacityS * sampleRate) + 2 * MARGIN + 2);
        buffers[index] = buffer = ctx.createBuffer(1, frames, sampleRate);
      }
      // What a smaller chunk leaves unread is silence, as past a buffer of its own size.
      buffer.getChannelData(0).fill(0, length);
      return buffer;
    },
  };
}

/**
 * Renders the chunk: the chain's chorused signal, `chunk.length` samples from `chunk.from`; null
 * when no slice plays in it.
 */
export async function renderTrackChunk(
  Offline: OfflineContextConstructor,
  sampleRate: number,
  chunk: TrackChunk,
): Promise<Float32Array | null> {
  const fromS = chunk.from / sampleRate;
  const toS = fromS + chunk.length / sampleRate;
  const rateOf = (takeId: string) => chunk.takes.get(takeId)?.sampleRate;
  const spans = takeSpans(chunk.slices, rateOf, chunk.shift, fromS, toS);
  if (spans.size === 0) return null;
  const ctx = new Offline(1, chunk.length, sampleRate);
  // The echo, the sends and the pans are the mixdown's: the chain stops after the chorus.
  const chain = buildVocalChain(ctx, { ...chunk.track.effects, autoTune: 0 }, { forMixdown: true });
  chain.chorused.connect(ctx.destination);

  // Each take's audio for this stretch only, the slices' offsets moved to match.
  const buffers = new Map<string, { buffer: AudioBuffer; startS: number }>();
  let index = 0;
  for (const [takeId, [first, last]] of spans) {
    const take = chunk.takes.get(takeId)!;
    const buffer = chunk.sources.take(ctx, index++, last - first, take.sampleRate);
    await take.reader.read(first, last, buffer.getChannelData(0).subarray(0, last - first));
    buffers.set(takeId, { buffer, startS: first / take.sampleRate });
  }
  scheduleSlices(ctx, {
    slices: rebaseSlices(chunk.slices, buffers),
    buffer: (takeId) => buffers.get(takeId)?.buffer,
    input: chain.input,
    at: 0,
    from: fromS,
    shift: chunk.shift,
  });
  return (await ctx.startRendering()).getChannelData(0);
}
