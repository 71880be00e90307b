// Level meter and live waveform readings for the page's 50 ms loop (green under
// 0.6, yellow up to 0.8, red above). The page owns the loop; these only read an AnalyserNode.
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';

export type LevelColour = 'green' | 'yellow' | 'red';

/** An analyser sized for the meters: 2048 samples ≈ 43 ms at 48 kHz, about one meter interval. */
export function createMeterAnalyser(ctx: BaseAudioContext): AnalyserNode {
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 2048;
  analyser.smoothingTimeConstant = 0;
  return analyser;
}

/**
 * Peak level (0..1) of the analyser's current window. Peak, not RMS, because the meter's job is
 * to warn before clipping, which is what red means.
 */
export function readLevel(analyser: AnalyserNode, scratch?: Float32Array<ArrayBuffer>): number {
  const data = scratch && scratch.length === analyser.fftSize ? scratch : new Float32Array(analyser.fftSize);
  analyser.getFloatTimeDomainData(data);
  return peakLevel(data);
}

/** Peak absolute sample value, clamped to 1. */
export function peakLevel(samples: Float32Array): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const value = Math.abs(samples[i]!);
    if (value > peak) peak = value;
  }
  return Math.min(1, peak);
}

export function levelColour(level: number): LevelColour {
  if (level < STUDIO_AUDIO.METER_YELLOW_FROM) return 'green';
  if (level <= STUDIO_AUDIO.METER_RED_ABOVE) return 'yellow';
  return 'red';
}

/** The analyser's current window reduced to `points` values (-1..1) for a canvas. */
export function readWaveform(analyser: AnalyserNode, points = 128): Float32Array {
  const data = new Float32Array(analyser.fftSize);
  analyser.getFloatTimeDomainData(data);
  return downsampleWaveform(data, points);
}

/**
 * Keeps the sample of largest magnitude in each bucket (with its sign) so peaks stay visible,
 * which plain decimation would skip.
 */
export function downsampleWaveform(samples: Float32Array, points: number): Float32Array {
  const out = new Float32Array(points);
  const bucket = samples.length / points;
  for (let p = 0; p < points; p++) {
    const from = Math.floor(p * bucket);
    const to = Math.max(from + 1, Math.floor((p + 1) * bucket));
    let best = 0;
    for (let i = from; i < to && i < samples.length; i++) {
      if (Math.abs(samples[i]!) > Math.abs(best)) best = samples[i]!;
    }
    out[p] = Math.max(-1, Math.min(1, best));
  }
  return out;
}
