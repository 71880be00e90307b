// One track of the timeline's mixdown over one stretch of time, in an OfflineAudioContext of its
// own: its comped slices (pitch-corrected by the take readers) through the track's vocal chain
// (the very buildVocalChain of the live monitor), volume and pan. Out come three channels: the
// track's stereo out and its mono reverb send (the mixdown convolves every track's send once).
//
// A stretch starts `warmUp` seconds before the part that is kept, from silence: by the time the
// kept part begins, the chain's memory (the compressor's level, the gate's envelope, the echo's
// feedback) is what rendering from the very start would have left, to within rounding.
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
 * Renders the chunk: [left, right, send], each `chunk.length` samples from `chunk.from`; null
 * when no slice plays in it.
 */
export async function renderTrackChunk(
  Offline: OfflineContextConstructor,
  sampleRate: number,
  chunk: TrackChunk,
): Promise<Float32Array[] | null> {
  const fromS = chunk.from / sampleRate;
  const toS = fromS + chunk.length / sampleRate;
  const rateOf = (takeId: string) => chunk.takes.get(takeId)?.sampleRate;
  const spans = takeSpans(chunk.slices, rateOf, chunk.shift, fromS, toS);
  if (spans.size === 0) return null;
  const ctx = new Offline(3, chunk.length, sampleRate);
  const chain = buildVocalChain(ctx, { ...chunk.track.effects, autoTune: 0 }, { reverb: 'send' });
  const volume = ctx.createGain();
  volume.gain.value = chunk.track.volume;
  const pan = ctx.createStereoPanner();
  pan.pan.value = chunk.track.pan;
  const split = ctx.createChannelSplitter(2);
  const out = ctx.createChannelMerger(3);
  chain.output.connect(volume).connect(pan).connect(split);
  split.connect(out, 0, 0);
  split.connect(out, 1, 1);
  chain.reverbSend!.connect(out, 0, 2);
  out.connect(ctx.destination);

  // Each take's audio for this stretch only, the slices' offsets moved to match.
  const buffers = new Map<string, { buffer: AudioBuffer; startS: number }>();
  for (const [takeId, [first, last]] of spans) {
    const take = chunk.takes.get(takeId)!;
    const samples = take.reader.read(first, last);
    const buffer = ctx.createBuffer(1, samples.length, take.sampleRate);
    buffer.getChannelData(0).set(samples);
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
  const rendered = await ctx.startRendering();
  return [0, 1, 2].map((channel) => rendered.getChannelData(channel));
}
