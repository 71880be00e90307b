/// <reference lib="dom" />
// The timeline bench's audio, the same in Node and in the browser page: sung-like takes made
// straight as the studio keeps them (16-bit mono) and a plain beat.
import { compactSamples, type CompactTake } from '../../web/src/features/studio/engine/compact-take';

export const BENCH_RATE = 48_000;

/**
 * A sung-like take (a vibrato tone that moves between notes, with breaths of silence), made
 * straight as the studio keeps takes, 16-bit mono: no float copy of it ever exists.
 */
export function benchTake(seed: number, seconds: number): CompactTake {
  const samples = new Int16Array(seconds * BENCH_RATE);
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / BENCH_RATE;
    const note = 220 * 2 ** (((Math.floor(t / 0.8) * 5 + seed) % 12) / 12);
    phase += (2 * Math.PI * (note + 3 * Math.sin(2 * Math.PI * 5 * t))) / BENCH_RATE;
    samples[i] = Math.round((t % 4 < 3.6 ? 0.3 : 0) * Math.sin(phase) * 32767);
  }
  return compactSamples(samples, BENCH_RATE);
}

/** A stereo beat: a 55 Hz tone, louder for a tenth of every half second. */
export function benchBeat(ctx: BaseAudioContext, seconds: number): AudioBuffer {
  const buffer = ctx.createBuffer(2, seconds * BENCH_RATE, BENCH_RATE);
  for (let c = 0; c < 2; c++) {
    const data = buffer.getChannelData(c);
    for (let i = 0; i < data.length; i++)
      data[i] = 0.2 * Math.sin((2 * Math.PI * 55 * i) / BENCH_RATE) * (i % 24_000 < 2_400 ? 1 : 0.3);
  }
  return buffer;
}
