// Pitch detection for the corrector (pitch-correction.ts): YIN (de Cheveigné & Kawahara 2002)
// on a 4× decimated copy, so a detection every 10 ms stays cheap enough for the audio thread,
// refined at full rate with parabolic interpolation to a fraction of a cent.

export const MIN_HZ = 70;
export const MAX_HZ = 1100;
const YIN_THRESHOLD = 0.15;
const SILENCE_RMS = 1e-3;

/**
 * YIN on `x[start … start + window + tauMax)`: the lag of the first dip of the cumulative mean
 * normalised difference under the threshold (or the global minimum), or null. The difference is
 * computed lag by lag only as far as the answer needs: a voice's dip comes long before tauMax, so
 * most detections stop after a third of the lags, with exactly the values a full pass would give.
 */
function yinLag(
  x: Float32Array,
  start: number,
  window: number,
  tauMin: number,
  tauMax: number,
  cmndf: Float32Array,
): { tau: number; aperiodicity: number } | null {
  let runningSum = 0;
  let computed = 0;
  const lags = new Float64Array(4);
  const upTo = (last: number) => {
    // Four lags per pass over the window: four independent sums, each in the same order as one
    // lag at a time (so the same values), without waiting on a single running sum.
    while (computed < last) {
      const first = computed + 1;
      const count = Math.min(4, tauMax - computed);
      differences(x, start, window, first, count, lags);
      for (let k = 0; k < count; k++) {
        const tau = first + k;
        runningSum += lags[k]!;
        cmndf[tau] = runningSum > 0 ? (lags[k]! * tau) / runningSum : 1;
      }
      computed += count;
    }
  };
  cmndf[0] = 1;
  upTo(tauMin - 1);
  let chosen = -1;
  for (let tau = tauMin; tau <= tauMax; tau++) {
    upTo(tau);
    if (cmndf[tau]! < YIN_THRESHOLD) {
      while (tau + 1 <= tauMax) {
        upTo(tau + 1);
        if (!(cmndf[tau + 1]! < cmndf[tau]!)) break;
        tau++;
      }
      chosen = tau;
      break;
    }
  }
  if (chosen < 0) {
    let min = Infinity;
    for (let tau = tauMin; tau <= tauMax; tau++) {
      if (cmndf[tau]! < min) {
        min = cmndf[tau]!;
        chosen = tau;
      }
    }
  }
  if (chosen < 0) return null;
  return { tau: chosen, aperiodicity: cmndf[chosen]! };
}

/**
 * The difference function Σ (x[j] − x[j + tau])² over the window for `count` (1..4) consecutive
 * lags from `firstTau`, into `out`.
 */
function differences(
  x: Float32Array,
  start: number,
  window: number,
  firstTau: number,
  count: number,
  out: Float64Array,
): void {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const end = start + window;
  if (count === 4) {
    for (let j = start; j < end; j++) {
      const v = x[j]!;
      const k = j + firstTau;
      const d0 = v - x[k]!;
      const d1 = v - x[k + 1]!;
      const d2 = v - x[k + 2]!;
      const d3 = v - x[k + 3]!;
      s0 += d0 * d0;
      s1 += d1 * d1;
      s2 += d2 * d2;
      s3 += d3 * d3;
    }
    out[0] = s0;
    out[1] = s1;
    out[2] = s2;
    out[3] = s3;
    return;
  }
  for (let k = 0; k < count; k++) {
    let sum = 0;
    for (let j = start; j < end; j++) {
      const d = x[j]! - x[j + firstTau + k]!;
      sum += d * d;
    }
    out[k] = sum;
  }
}

export interface PitchEstimate {
  hz: number;
  /** YIN aperiodicity: 0 = perfectly periodic, ≥ ~0.3 = noise. */
  aperiodicity: number;
}

/**
 * The pitch of the most recent audio in `samples` (needs ≥ ~50 ms at 48 kHz for a 70 Hz floor),
 * or null for silence. Uses the last 2 × (sampleRate / 70 Hz) samples at most.
 */
export function detectPitch(samples: Float32Array, sampleRate: number): PitchEstimate | null {
  const detector = createDetector(sampleRate);
  const needed = detector.span;
  if (samples.length < needed) {
    const padded = new Float32Array(needed);
    padded.set(samples, needed - samples.length);
    return detector.detect(padded, 0);
  }
  return detector.detect(samples, samples.length - needed);
}

export interface Detector {
  /** Full-rate samples one detection looks at. */
  span: number;
  detect(x: Float32Array, start: number): PitchEstimate | null;
  /** Whether x[start … start + span) is silence (what makes detect answer null first). */
  silent(x: Float32Array, start: number): boolean;
  /** detect() on what the last silent() call looked at, once it said not silent. */
  detectChecked(x: Float32Array, start: number): PitchEstimate | null;
}

export function createDetector(sampleRate: number): Detector {
  const factor = Math.max(1, Math.round(sampleRate / 12_000));
  const rate = sampleRate / factor;
  const tauMaxD = Math.ceil(rate / MIN_HZ);
  const tauMinD = Math.max(2, Math.floor(rate / MAX_HZ));
  const windowD = tauMaxD * 2;
  const spanD = windowD + tauMaxD + 2;
  const span = spanD * factor;
  const decimated = new Float32Array(spanD);
  const cmndf = new Float32Array(tauMaxD + 2);
  const quad = new Float64Array(4);
  // One decimated sample of slack keeps the refinement's largest lag inside the span.
  const fullWindow = (windowD - 1) * factor;
  /** Fills `decimated` from x[start …]; answers whether it is silence. */
  const decimate = (x: Float32Array, start: number) => {
    let energy = 0;
    for (let i = 0; i < spanD; i++) {
      // A box average is enough of an anti-alias filter for finding a voice's fundamental.
      let sum = 0;
      const base = start + i * factor;
      for (let k = 0; k < factor; k++) sum += x[base + k]!;
      decimated[i] = sum / factor;
      energy += decimated[i]! * decimated[i]!;
    }
    return Math.sqrt(energy / spanD) < SILENCE_RMS;
  };
  return {
    span,
    silent: decimate,
    detect(x, start) {
      return decimate(x, start) ? null : this.detectChecked(x, start);
    },
    detectChecked(x, start) {
      const coarse = yinLag(decimated, 0, windowD, tauMinD, tauMaxD, cmndf);
      if (!coarse) return null;
      // Refine at full rate around factor × coarse lag.
      const centre = coarse.tau * factor;
      const lo = Math.max(2, centre - factor - 1);
      const hi = centre + factor + 1;
      let bestTau = lo;
      let best = Infinity;
      const values = new Float64Array(hi - lo + 3);
      for (let k = 0; k < values.length; k += 4) {
        const count = Math.min(4, values.length - k);
        differences(x, start, fullWindow, lo - 1 + k, count, quad);
        values.set(quad.subarray(0, count), k);
      }
      for (let tau = lo; tau <= hi; tau++) {
        const value = values[tau - (lo - 1)]!;
        if (value < best) {
          best = value;
          bestTau = tau;
        }
      }
      const idx = bestTau - (lo - 1);
      const a = values[idx - 1]!;
      const b = values[idx]!;
      const c = values[idx + 1]!;
      const denominator = a - 2 * b + c;
      const shift = denominator > 0 ? (0.5 * (a - c)) / denominator : 0;
      const tau = bestTau + Math.max(-1, Math.min(1, shift));
      return { hz: sampleRate / tau, aperiodicity: coarse.aperiodicity };
    },
  };
}
