// A take kept for the timeline as 16-bit mono in a Blob: half the bytes of the one-channel float
// buffer (a quarter of a decoded stereo one), and outside the page's own memory. Chromium keeps a
// Blob's bytes in its blob store (the browser process, on disk when it grows large), not in the
// tab's renderer, so 16 three-minute takes (276 MB) no longer weigh on the page, much as a
// desktop audio editor keeps its takes in files and reads what it plays. The vocal chain and the
// pitch correction take a mono input anyway (they average the channels), and 16 bits are finer
// than the Opus the take was recorded in. Playback and the mixdown read and expand only the
// stretch they need, as float, when they need it.

/** A take's audio as 16-bit mono samples (full scale ±32767, the platform's byte order). */
export interface CompactTake {
  sampleRate: number;
  /** Samples in the take. */
  length: number;
  pcm: Blob;
}

const FULL_SCALE = 32767;
/** Samples converted (and handed to the blob store) at a time while a take is kept. */
const KEEP_BLOCK = 1 << 20;

interface PcmSource {
  numberOfChannels: number;
  sampleRate: number;
  length: number;
  getChannelData(channel: number): Float32Array;
}

/** The take's channels averaged (what the chain's mono input hears), as 16 bits. */
export function compactTake(buffer: PcmSource): CompactTake {
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
  const block = new Int16Array(Math.min(buffer.length, KEEP_BLOCK));
  const parts: Blob[] = [];
  for (let from = 0; from < buffer.length; from += block.length) {
    const n = Math.min(block.length, buffer.length - from);
    for (let i = 0; i < n; i++) {
      let mono = 0;
      for (const data of channels) mono += data[from + i]! / channels.length;
      block[i] = Math.round(Math.max(-1, Math.min(1, mono)) * FULL_SCALE);
    }
    // A Blob copies its bytes, so one block array serves the whole take.
    parts.push(new Blob([block.subarray(0, n)]));
  }
  return { sampleRate: buffer.sampleRate, length: buffer.length, pcm: new Blob(parts) };
}

/** A take already as 16-bit samples (generated audio: the timeline benchmark's takes). */
export function compactSamples(samples: Int16Array<ArrayBuffer>, sampleRate: number): CompactTake {
  return { sampleRate, length: samples.length, pcm: new Blob([samples]) };
}

export function takeDuration(take: CompactTake): number {
  return take.length / take.sampleRate;
}

/** Samples [from, to) of the take, zero past its ends. */
export async function takeSamples(take: CompactTake, from: number, to: number): Promise<Int16Array> {
  const start = Math.max(0, Math.min(take.length, from));
  const stop = Math.max(start, Math.min(take.length, to));
  const stored = new Int16Array(await take.pcm.slice(start * 2, stop * 2).arrayBuffer());
  if (start === from && stop === to) return stored;
  const padded = new Int16Array(Math.max(0, to - from));
  padded.set(stored, start - from);
  return padded;
}

/** 16-bit samples as float into `out` (out.length of them). */
export function expandSamples(samples: Int16Array, out: Float32Array): Float32Array {
  for (let i = 0; i < out.length; i++) out[i] = samples[i]! / FULL_SCALE;
  return out;
}

/** Samples [from, from + out.length) of the take as float into `out`; zero past its ends. */
export async function expandTake(take: CompactTake, from: number, out: Float32Array): Promise<Float32Array> {
  return expandSamples(await takeSamples(take, from, from + out.length), out);
}

/** The whole take as a mono AudioBuffer of `ctx` (tests and short takes). */
export async function takeBuffer(ctx: BaseAudioContext, take: CompactTake): Promise<AudioBuffer> {
  const buffer = ctx.createBuffer(1, Math.max(1, take.length), take.sampleRate);
  await expandTake(take, 0, buffer.getChannelData(0));
  return buffer;
}
