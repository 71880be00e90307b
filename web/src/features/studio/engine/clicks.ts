// Count-in and metronome (800 Hz for 0.1 s, one click per
// 60000/bpm ms, bpm 120 when the beat has none). Everything is scheduled on the audio clock, never
// with timers: a click lands on the sample it was asked for even when the main thread is busy.
import { STUDIO_AUDIO, beatIntervalMs } from '@beatroom/shared/studio-settings';

/** Beats per bar of the count-in; the count-in counts bars of a 4/4 beat. */
export const BEATS_PER_BAR = 4;

export interface ClickPlan {
  bpm: number | null | undefined;
  bars: number;
  /** Audio-clock time (ctx.currentTime scale) of the first click. */
  startAt: number;
  beatsPerBar?: number;
}

/** The times of every count-in click: bars × beatsPerBar clicks one beat interval apart. */
export function clickTimes({ bpm, bars, startAt, beatsPerBar = BEATS_PER_BAR }: ClickPlan): number[] {
  const interval = beatIntervalMs(bpm) / 1000;
  return Array.from({ length: Math.max(0, bars) * beatsPerBar }, (_, i) => startAt + i * interval);
}

const FADE_S = 0.002;
const clickBuffers = new WeakMap<BaseAudioContext, AudioBuffer>();

/**
 * One click (800 Hz sine, 0.1 s) followed by silence up to `lengthS` samples. 2 ms fades keep
 * the click's own edges from popping. Pure, so the click detector can use the exact template.
 */
export function clickSamples(
  sampleRate: number,
  lengthS: number = STUDIO_AUDIO.METRONOME_SECONDS,
): Float32Array<ArrayBuffer> {
  const length = Math.max(1, Math.ceil(lengthS * sampleRate));
  const data = new Float32Array(length);
  const toneLength = Math.min(length, Math.round(STUDIO_AUDIO.METRONOME_SECONDS * sampleRate));
  const fade = FADE_S * sampleRate;
  for (let i = 0; i < toneLength; i++) {
    const edge = Math.min(1, i / fade, (toneLength - 1 - i) / fade);
    data[i] = 0.5 * edge * Math.sin((2 * Math.PI * STUDIO_AUDIO.METRONOME_HZ * i) / sampleRate);
  }
  return data;
}

/** The click as an AudioBuffer of `lengthS` (≥ 0.1 s, the rest silent). */
export function createClickBuffer(
  ctx: BaseAudioContext,
  lengthS: number = STUDIO_AUDIO.METRONOME_SECONDS,
): AudioBuffer {
  const data = clickSamples(ctx.sampleRate, lengthS);
  const buffer = ctx.createBuffer(1, data.length, ctx.sampleRate);
  buffer.getChannelData(0).set(data);
  return buffer;
}

/** Plays one click at audio time `at` (also used by the loopback calibration). */
export function scheduleClick(
  ctx: BaseAudioContext,
  at: number,
  destination: AudioNode = ctx.destination,
): AudioBufferSourceNode {
  let buffer = clickBuffers.get(ctx);
  if (!buffer) {
    buffer = createClickBuffer(ctx);
    clickBuffers.set(ctx, buffer);
  }
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  source.connect(destination);
  source.start(at);
  return source;
}

export interface CountIn {
  clickTimes: number[];
  /** When the count-in is over: start the beat and the recording at this audio time. */
  endsAt: number;
  /** Silences clicks that have not played by audio time `when` (default now): Stop pressed during the count-in. */
  cancel(when?: number): void;
}

/** Schedules the whole count-in at once; `startAt` is usually ctx.currentTime + a little margin. */
export function scheduleCountIn(
  ctx: BaseAudioContext,
  plan: ClickPlan & { destination?: AudioNode },
): CountIn {
  const times = clickTimes(plan);
  const sources = times.map((at) => scheduleClick(ctx, at, plan.destination));
  const interval = beatIntervalMs(plan.bpm) / 1000;
  return {
    clickTimes: times,
    endsAt: plan.startAt + times.length * interval,
    cancel(when) {
      for (const source of sources) {
        try {
          source.stop(when ?? ctx.currentTime);
        } catch {
          // Already ended: nothing to silence.
        }
      }
    },
  };
}

export interface Metronome {
  /** Stops at audio time `when` (now by default). */
  stop(when?: number): void;
}

/**
 * A metronome that runs until stopped: one buffer holding exactly one beat interval (click then
 * silence) looped by the audio thread, so it never drifts and needs no scheduling loop.
 * `startAt` should be a beat of the beat's grid (e.g. the count-in's endsAt) so clicks fall on beats.
 */
export function startMetronome(
  ctx: BaseAudioContext,
  {
    bpm,
    startAt,
    destination = ctx.destination,
  }: { bpm: number | null | undefined; startAt: number; destination?: AudioNode },
): Metronome {
  const interval = beatIntervalMs(bpm) / 1000;
  const source = ctx.createBufferSource();
  source.buffer = createClickBuffer(ctx, Math.max(interval, STUDIO_AUDIO.METRONOME_SECONDS));
  source.loop = true;
  source.loopStart = 0;
  // loopEnd in seconds (not the buffer's whole-sample length) keeps the fractional interval.
  source.loopEnd = interval;
  source.connect(destination);
  source.start(startAt);
  return {
    stop(when) {
      try {
        source.stop(when ?? ctx.currentTime);
      } catch {
        // Already stopped.
      }
    },
  };
}

/** The first beat-grid time at or after `now`, for a metronome joining a beat already playing. */
export function nextBeatTime(beatStartTime: number, bpm: number | null | undefined, now: number): number {
  const interval = beatIntervalMs(bpm) / 1000;
  if (now <= beatStartTime) return beatStartTime;
  return beatStartTime + Math.ceil((now - beatStartTime) / interval - 1e-9) * interval;
}
