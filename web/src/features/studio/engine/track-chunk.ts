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
import { rebaseSlices, scheduleSlices, takeSpans } from './arrangement-schedule';
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
  for (const [takeId, [first, last]] of spans) {
    const take = chunk.takes.get(takeId)!;
    const buffer = ctx.createBuffer(1, last - first, take.sampleRate);
    take.reader.read(first, last, buffer.getChannelData(0));
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
