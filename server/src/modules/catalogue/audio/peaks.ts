import type { WaveformPeaks } from '@beatroom/shared/beats-contract';

/** How many [min, max] pairs a waveform has (fewer for tracks shorter than 10 s). */
export const PEAK_PAIRS = 1000;
/** The accumulator keeps one [min, max] per 10 ms, enough for any display and ~1 MB per 20 minutes. */
const BLOCKS_PER_SECOND = 100;

/**
 * Min/max of an audio stream in 10 ms blocks, fed sample by sample (interleaved channels
 * are fine: a block's extremes over all channels are what a mono waveform shows). It never
 * needs the track's length in advance, so it works on streams and on decoded chunks alike.
 */
export class PeakAccumulator {
  private readonly blockSamples: number;
  private blocks = new Float32Array(2 * 4096);
  private blockCount = 0;
  private min = Infinity;
  private max = -Infinity;
  private count = 0;
  /** Samples seen in total (all channels). */
  samples = 0;

  constructor(sampleRate: number, channels: number) {
    this.blockSamples = Math.max(1, Math.round(sampleRate / BLOCKS_PER_SECOND)) * channels;
  }

  add(value: number): void {
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    this.samples++;
    if (++this.count === this.blockSamples) this.flush();
  }

  /** Planar channels of a decoded buffer, interleaved on the fly. */
  addPlanar(channels: Float32Array[], length: number): void {
    for (let i = 0; i < length; i++) {
      for (const channel of channels) this.add(channel[i]!);
    }
  }

  private flush(): void {
    if (this.count === 0) return;
    if (2 * this.blockCount + 2 > this.blocks.length) {
      const grown = new Float32Array(this.blocks.length * 2);
      grown.set(this.blocks);
      this.blocks = grown;
    }
    this.blocks[2 * this.blockCount] = this.min;
    this.blocks[2 * this.blockCount + 1] = this.max;
    this.blockCount++;
    this.min = Infinity;
    this.max = -Infinity;
    this.count = 0;
  }

  /** At most `pairs` [min, max] pairs evenly spread over everything added, clamped to -1..1. */
  finish(pairs = PEAK_PAIRS): WaveformPeaks {
    this.flush();
    const total = this.blockCount;
    const out: WaveformPeaks = [];
    const n = Math.min(pairs, total);
    for (let i = 0; i < n; i++) {
      const from = Math.floor((i * total) / n);
      const to = Math.max(from + 1, Math.floor(((i + 1) * total) / n));
      let min = Infinity;
      let max = -Infinity;
      for (let b = from; b < to; b++) {
        min = Math.min(min, this.blocks[2 * b]!);
        max = Math.max(max, this.blocks[2 * b + 1]!);
      }
      out.push([round(min), round(max)]);
    }
    return out;
  }
}

/** Three decimals: plenty for a drawing and a third of the JSON. */
function round(value: number): number {
  const clamped = Math.max(-1, Math.min(1, value));
  return Math.round(clamped * 1000) / 1000 || 0;
}
