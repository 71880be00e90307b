// Scheduling a track's comped slices onto any audio context: the live studio plays the timeline
// with it and the offline mixdown renders with it, so both sound the same.
import type { PlaybackSlice } from '@beatroom/shared/studio-arrangement-playback';

export interface ScheduleSlices {
  slices: readonly PlaybackSlice[];
  buffer: (takeId: string) => AudioBuffer | undefined;
  /** The track's chain input. */
  input: AudioNode;
  /** Context time at which timeline position `from` plays. */
  at: number;
  from: number;
  /** Seconds every slice starts early, to take the chain's own delay back out. */
  shift: number;
}

/** Starts a buffer source (through a fade gain) per slice still ahead of `from`. */
export function scheduleSlices(ctx: BaseAudioContext, plan: ScheduleSlices): AudioBufferSourceNode[] {
  const sources: AudioBufferSourceNode[] = [];
  for (const slice of plan.slices) {
    if (slice.end <= plan.from) continue;
    const buffer = plan.buffer(slice.takeId);
    if (!buffer) continue;
    // Context time of the slice's own start (may be in the past when playing from its middle).
    const sliceAt = plan.at + (slice.start - plan.from) - plan.shift;
    const startAt = Math.max(sliceAt, plan.at - plan.shift, 0);
    const skip = startAt - sliceAt;
    const duration = slice.end - slice.start - skip;
    if (duration <= 0 || slice.offset + skip >= buffer.duration) continue;
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const fade = ctx.createGain();
    const endAt = sliceAt + (slice.end - slice.start);
    fade.gain.setValueAtTime(slice.fadeIn > 0 && skip < slice.fadeIn ? skip / slice.fadeIn : 1, startAt);
    if (slice.fadeIn > 0 && skip < slice.fadeIn) fade.gain.linearRampToValueAtTime(1, sliceAt + slice.fadeIn);
    if (slice.fadeOut > 0) {
      fade.gain.setValueAtTime(1, Math.max(startAt, endAt - slice.fadeOut));
      fade.gain.linearRampToValueAtTime(0, endAt);
    }
    source.connect(fade).connect(plan.input);
    source.start(startAt, slice.offset + skip, duration);
    sources.push(source);
  }
  return sources;
}

/** Samples of a take read either side of what plays: the source's interpolation reads a neighbour. */
export const MARGIN = 256;

/**
 * The take positions (samples, at the take's rate) the slices play between `fromS` and `toS` of
 * the timeline: one span per take, from its earliest to its latest sample there, with a margin.
 * Playing a take from a buffer of only that span (rebaseSlices) keeps memory to what plays.
 */
export function takeSpans(
  slices: readonly PlaybackSlice[],
  sampleRateOf: (takeId: string) => number | undefined,
  shift: number,
  fromS: number,
  toS: number,
): Map<string, [number, number]> {
  const spans = new Map<string, [number, number]>();
  for (const slice of slices) {
    const rate = sampleRateOf(slice.takeId);
    if (rate === undefined) continue;
    const at = slice.start - shift;
    const start = Math.max(at, fromS);
    const end = Math.min(at + (slice.end - slice.start), toS);
    if (end <= start) continue;
    const first = Math.max(0, Math.floor((slice.offset + (start - at)) * rate) - MARGIN);
    const last = Math.ceil((slice.offset + (end - at)) * rate) + MARGIN;
    const span = spans.get(slice.takeId);
    spans.set(slice.takeId, span ? [Math.min(span[0], first), Math.max(span[1], last)] : [first, last]);
  }
  return spans;
}

/** The slices whose take has a partial buffer, their offsets counted from the buffer's start. */
export function rebaseSlices(
  slices: readonly PlaybackSlice[],
  buffers: ReadonlyMap<string, { startS: number }>,
): PlaybackSlice[] {
  return slices.flatMap((slice) => {
    const buffer = buffers.get(slice.takeId);
    return buffer ? [{ ...slice, offset: slice.offset - buffer.startS }] : [];
  });
}
