// Mixdown: the beat plus the processed vocal rendered offline with the same chain as
// the live monitor, to a WAV the user downloads ("Download mix") or saves as the recording.
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import {
  autoTuneParams,
  chromaticScale,
  correctPitch,
  createPitchState,
  pitchCorrectionLatencyS,
  type Scale,
} from './pitch-correction';
import { buildVocalChain, type VocalChainSettings } from './vocal-chain';

export type OfflineContextConstructor = new (
  channels: number,
  length: number,
  sampleRate: number,
) => OfflineAudioContext;

export interface MixdownInput {
  beat: AudioBuffer;
  /** The raw take (as recorded, before effects). */
  vocal: AudioBuffer;
  settings: VocalChainSettings & { beatVolume: number };
  /** alignTake's result: beat-timeline position of the take's first sample. */
  vocalOffsetS: number;
  /** The beat's key for pitch correction (parseKeyScale); chromatic by default. */
  scale?: Scale;
  /** Defaults to the beat's sample rate. */
  sampleRate?: number;
  /** The OfflineAudioContext class (tests pass node-web-audio-api's); the browser's by default. */
  OfflineContext?: OfflineContextConstructor;
}

/** The take as mono samples (what the chain's mono input would make of it). */
function downmix(buffer: AudioBuffer): Float32Array {
  if (buffer.numberOfChannels === 1) return buffer.getChannelData(0);
  const mono = new Float32Array(buffer.length);
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const data = buffer.getChannelData(c);
    for (let i = 0; i < mono.length; i++) mono[i]! += data[i]! / buffer.numberOfChannels;
  }
  return mono;
}

/**
 * The take pitch-corrected as the worklet does it live, but over the whole take at once, as a
 * mono buffer of this context. The chain then runs with autoTune 0 so it is not corrected twice;
 * the caller takes pitchCorrectionLatencyS back out so correction never moves the take.
 * `untilS` stops it early, where no more of the take plays (a little more is kept, for the
 * playback's rounding).
 */
export function pitchCorrectedTake(
  ctx: BaseAudioContext,
  take: AudioBuffer,
  autoTune: number,
  scale: Scale = chromaticScale(),
  untilS = Infinity,
): AudioBuffer {
  const { strength, retuneS } = autoTuneParams(autoTune);
  const length = Math.max(1, Math.min(take.length, Math.ceil(untilS * take.sampleRate) + 128));
  const corrected = correctPitch(downmix(take).subarray(0, length), createPitchState(take.sampleRate), {
    strength,
    retuneS,
    scale,
    sampleRate: take.sampleRate,
  });
  const buffer = ctx.createBuffer(1, corrected.length, take.sampleRate);
  buffer.getChannelData(0).set(corrected);
  return buffer;
}

/** The beat at its volume straight to the output, from the start of the render. */
export function playBeat(ctx: BaseAudioContext, beat: AudioBuffer, volume: number): void {
  const source = ctx.createBufferSource();
  source.buffer = beat;
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(gain).connect(ctx.destination);
  source.start(0);
}

const chainLatencies = new WeakMap<OfflineContextConstructor, Map<number, number>>();

/**
 * The chain's own delay (the compressor's look-ahead, the distortion's oversampling filters) on
 * this Web Audio implementation: an impulse through a neutral chain, where it comes out. 8 ms in
 * node-web-audio-api; the mixdown takes it back out so the processed take stays on the beat.
 */
export async function measureChainLatencyS(
  Offline: OfflineContextConstructor,
  sampleRate: number,
): Promise<number> {
  let bySampleRate = chainLatencies.get(Offline);
  if (!bySampleRate) chainLatencies.set(Offline, (bySampleRate = new Map()));
  const known = bySampleRate.get(sampleRate);
  if (known !== undefined) return known;
  // The impulse goes in at 0.1 s, once the (open) gate's envelope has settled.
  const at = Math.round(0.1 * sampleRate);
  const ctx = new Offline(1, Math.round(0.2 * sampleRate), sampleRate);
  const neutral = {
    reverbAmount: 0,
    delayAmount: 0,
    eqLow: 50,
    eqMid: 50,
    eqHigh: 50,
    compression: 0,
    vocalPan: 50,
    autoTune: 0,
    chorus: 0,
    distortion: 0,
    gate: 0,
  };
  const chain = buildVocalChain(ctx, neutral);
  const impulse = ctx.createBuffer(1, at + 1, sampleRate);
  impulse.getChannelData(0)[at] = 1;
  const source = ctx.createBufferSource();
  source.buffer = impulse;
  source.connect(chain.input);
  chain.output.connect(ctx.destination);
  source.start(0);
  const out = (await ctx.startRendering()).getChannelData(0);
  let peakAt = at;
  for (let i = at; i < out.length; i++) if (Math.abs(out[i]!) > Math.abs(out[peakAt]!)) peakAt = i;
  const latency = (peakAt - at) / sampleRate;
  bySampleRate.set(sampleRate, latency);
  return latency;
}

/**
 * Renders beat + vocal-through-the-chain to a stereo buffer as long as the beat (longer when
 * the take, plus its reverb tail, runs past the beat's end).
 */
export async function renderMixdown(input: MixdownInput): Promise<AudioBuffer> {
  const { beat, settings } = input;
  const sampleRate = input.sampleRate ?? beat.sampleRate;
  const Offline =
    input.OfflineContext ?? (globalThis.OfflineAudioContext as unknown as OfflineContextConstructor);
  const pitched = settings.autoTune > 0;
  let vocalOffsetS = input.vocalOffsetS - (await measureChainLatencyS(Offline, sampleRate));
  if (pitched) vocalOffsetS -= pitchCorrectionLatencyS(input.vocal.sampleRate);
  // A take running past the beat's end keeps its echoes and reverb tail.
  const vocalEnd = vocalOffsetS + input.vocal.duration;
  const tail = settings.reverbAmount > 0 || settings.delayAmount > 0 ? STUDIO_AUDIO.REVERB_TAIL_S : 0;
  const length = Math.ceil((vocalEnd > beat.duration ? vocalEnd + tail : beat.duration) * sampleRate);
  const ctx = new Offline(2, Math.max(1, length), sampleRate);

  playBeat(ctx, beat, settings.beatVolume);

  const vocal = pitched ? pitchCorrectedTake(ctx, input.vocal, settings.autoTune, input.scale) : input.vocal;
  const chain = buildVocalChain(ctx, { ...settings, autoTune: 0 });
  const vocalSource = ctx.createBufferSource();
  vocalSource.buffer = vocal;
  vocalSource.connect(chain.input);
  chain.output.connect(ctx.destination);
  if (vocalOffsetS >= 0) vocalSource.start(vocalOffsetS);
  else if (-vocalOffsetS < vocal.duration) vocalSource.start(0, -vocalOffsetS);

  return ctx.startRendering();
}

interface PcmSource {
  numberOfChannels: number;
  sampleRate: number;
  length: number;
  getChannelData(channel: number): Float32Array;
}

/**
 * PCM WAV (RIFF) of the buffer, channels interleaved, samples clipped to ±1: 16-bit (the single
 * take's download) or 24-bit (the timeline's export).
 */
export function encodeWav(buffer: PcmSource, bits: 16 | 24 = 16): ArrayBuffer {
  const writer = wavWriter(buffer.numberOfChannels, buffer.sampleRate, buffer.length, bits);
  writer.write(Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c)));
  return writer.finish();
}

export interface WavWriter {
  /** Appends frames (one array per channel, all the same length). */
  write(channels: readonly Float32Array[]): void;
  /** The file; all `frames` must have been written. */
  finish(): ArrayBuffer;
}

/** The 44-byte header of a PCM WAV of `frames` frames. */
function wavHeader(channels: number, sampleRate: number, frames: number, bits: 16 | 24): ArrayBuffer {
  const bytesPerFrame = (channels * bits) / 8;
  const dataBytes = frames * bytesPerFrame;
  const out = new ArrayBuffer(44);
  const view = new DataView(out);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * bytesPerFrame, true);
  view.setUint16(32, bytesPerFrame, true);
  view.setUint16(34, bits, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  return out;
}

/** Writes `samples` interleaved as PCM into `data` from `offset`; answers where it stopped. */
function writePcm(samples: readonly Float32Array[], bits: 16 | 24, data: Uint8Array, offset: number): number {
  const bytes = bits / 8;
  const full = bits === 16 ? 0x8000 : 0x800000;
  const count = samples[0]?.length ?? 0;
  for (let i = 0; i < count; i++) {
    for (const channel of samples) {
      const sample = Math.max(-1, Math.min(1, channel[i]!));
      const value = sample < 0 ? Math.round(sample * full) : Math.round(sample * (full - 1));
      data[offset] = value & 0xff;
      data[offset + 1] = (value >> 8) & 0xff;
      if (bytes === 3) data[offset + 2] = (value >> 16) & 0xff;
      offset += bytes;
    }
  }
  return offset;
}

/** A WAV of `frames` frames written as they come (the timeline's export streams its mix). */
export function wavWriter(channels: number, sampleRate: number, frames: number, bits: 16 | 24): WavWriter {
  const out = new ArrayBuffer(44 + (frames * channels * bits) / 8);
  new Uint8Array(out).set(new Uint8Array(wavHeader(channels, sampleRate, frames, bits)));
  const data = new Uint8Array(out, 44);
  let offset = 0;
  return {
    write(samples) {
      offset = writePcm(samples, bits, data, offset);
    },
    finish() {
      return out;
    },
  };
}

/**
 * wavWriter's file as a Blob, each write's bytes a Blob of their own as soon as they are written:
 * the browser keeps blobs' bytes in its blob store, outside the page, so the page holds one
 * stretch of the file at a time rather than all of it (and, when new Blob([file]) copies it,
 * all of it twice).
 */
export function wavBlobWriter(
  channels: number,
  sampleRate: number,
  frames: number,
  bits: 16 | 24,
): { write(channels: readonly Float32Array[]): void; finish(): Blob } {
  const parts: Blob[] = [new Blob([wavHeader(channels, sampleRate, frames, bits)])];
  // A Blob copies the bytes it is made of, so one small array serves every write, a block of
  // frames at a time.
  const block = 65_536;
  const bytes = new Uint8Array((block * channels * bits) / 8);
  return {
    write(samples) {
      const count = samples[0]?.length ?? 0;
      for (let at = 0; at < count; at += block) {
        const end = Math.min(count, at + block);
        const size = writePcm(
          samples.map((channel) => channel.subarray(at, end)),
          bits,
          bytes,
          0,
        );
        parts.push(new Blob([bytes.subarray(0, size)]));
      }
    },
    finish() {
      return new Blob(parts, { type: 'audio/wav' });
    },
  };
}
