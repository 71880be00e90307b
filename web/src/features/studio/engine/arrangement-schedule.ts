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
