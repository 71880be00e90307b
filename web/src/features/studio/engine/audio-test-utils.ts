// Test-only helpers: render signals through node-web-audio-api's OfflineAudioContext and measure
// what comes out. node-web-audio-api has its own node classes, typed apart from the DOM's; the
// casts below are the one place that bridges the two.
import { OfflineAudioContext as NodeOfflineAudioContext } from 'node-web-audio-api';

export const RATE = 48_000;

export function offlineContext(seconds: number, channels = 2, rate = RATE): OfflineAudioContext {
  return new NodeOfflineAudioContext(
    channels,
    Math.round(seconds * rate),
    rate,
  ) as unknown as OfflineAudioContext;
}

export const OfflineContext = NodeOfflineAudioContext as unknown as new (
  channels: number,
  length: number,
  sampleRate: number,
) => OfflineAudioContext;

export function sine(hz: number, seconds: number, amplitude = 0.5, rate = RATE): Float32Array<ArrayBuffer> {
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** Plays `samples` (mono) into `destination` from `at`. */
export function play(
  ctx: BaseAudioContext,
  samples: Float32Array<ArrayBuffer>,
  destination: AudioNode,
  at = 0,
) {
  const buffer = ctx.createBuffer(1, samples.length, ctx.sampleRate);
  buffer.getChannelData(0).set(samples);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  source.connect(destination);
  source.start(at);
  return source;
}

export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

export const toDb = (ratio: number) => 20 * Math.log10(ratio);

/** Magnitude of one frequency in a window (Goertzel), normalised to the amplitude of a sine. */
export function toneAmplitude(
  samples: Float32Array,
  hz: number,
  rate = RATE,
  from = 0,
  to = samples.length,
): number {
  const omega = (2 * Math.PI * hz) / rate;
  let re = 0;
  let im = 0;
  for (let i = from; i < to; i++) {
    re += samples[i]! * Math.cos(omega * i);
    im -= samples[i]! * Math.sin(omega * i);
  }
  return (2 * Math.hypot(re, im)) / (to - from);
}
