// A take kept for the timeline as 16-bit mono: half the memory of the one-channel float buffer
// (a quarter of a decoded stereo one), so 16 three-minute takes fit in 276 MB instead of 553 MB.
// The vocal chain and the pitch correction take a mono input anyway (they average the channels),
// and 16 bits are finer than the Opus the take was recorded in. Playback and the mixdown expand
// only the stretch they need, as float, when they need it.

/** A take's audio as 16-bit mono samples (full scale ±32767). */
export interface CompactTake {
  sampleRate: number;
  samples: Int16Array;
}

const FULL_SCALE = 32767;

interface PcmSource {
  numberOfChannels: number;
  sampleRate: number;
  length: number;
  getChannelData(channel: number): Float32Array;
}

/** The take's channels averaged (what the chain's mono input hears), as 16 bits. */
export function compactTake(buffer: PcmSource): CompactTake {
  const samples = new Int16Array(buffer.length);
  const channels = buffer.numberOfChannels;
  const mono = new Float32Array(Math.min(buffer.length, 65_536));
  for (let from = 0; from < buffer.length; from += mono.length) {
    const n = Math.min(mono.length, buffer.length - from);
    mono.fill(0);
    for (let c = 0; c < channels; c++) {
      const data = buffer.getChannelData(c);
      for (let i = 0; i < n; i++) mono[i]! += data[from + i]! / channels;
    }
    for (let i = 0; i < n; i++)
      samples[from + i] = Math.round(Math.max(-1, Math.min(1, mono[i]!)) * FULL_SCALE);
  }
  return { sampleRate: buffer.sampleRate, samples };
}

export function takeDuration(take: CompactTake): number {
  return take.samples.length / take.sampleRate;
}

/** Samples [from, from + out.length) of the take as float into `out`; zero past its ends. */
export function expandTake(take: CompactTake, from: number, out: Float32Array): Float32Array {
  const { samples } = take;
  for (let i = 0; i < out.length; i++) {
    const at = from + i;
    out[i] = at >= 0 && at < samples.length ? samples[at]! / FULL_SCALE : 0;
  }
  return out;
}

/** The whole take as a mono AudioBuffer of `ctx` (tests and short takes). */
export function takeBuffer(ctx: BaseAudioContext, take: CompactTake): AudioBuffer {
  const buffer = ctx.createBuffer(1, Math.max(1, take.samples.length), take.sampleRate);
  expandTake(take, 0, buffer.getChannelData(0));
  return buffer;
}
