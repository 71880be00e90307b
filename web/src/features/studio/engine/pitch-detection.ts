// Pitch detection for the corrector (pitch-correction.ts): YIN (de Cheveigné & Kawahara 2002)
// on a 4× decimated copy, so a detection every 10 ms stays cheap enough for the audio thread,
// refined at full rate with parabolic interpolation to a fraction of a cent.

export const MIN_HZ = 70;
export const MAX_HZ = 1100;
const YIN_THRESHOLD = 0.15;
const SILENCE_RMS = 1e-3;

/**
 * YIN on `x[start … start + window + tauMax)`: the lag of the first dip of the cumulative mean
 * normalised difference under the threshold (or the global minimum), or null.
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
  cmndf[0] = 1;
  for (let tau = 1; tau <= tauMax; tau++) {
    let sum = 0;
    for (let j = 0; j < window; j++) {
      const diff = x[start + j]! - x[start + j + tau]!;
      sum += diff * diff;
    }
    runningSum += sum;
    cmndf[tau] = runningSum > 0 ? (sum * tau) / runningSum : 1;
  }
  let chosen = -1;
  for (let tau = tauMin; tau <= tauMax; tau++) {
    if (cmndf[tau]! < YIN_THRESHOLD) {
      while (tau + 1 <= tauMax && cmndf[tau + 1]! < cmndf[tau]!) tau++;
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

/** Plain difference function at one lag, full rate (for the refinement). */
function difference(x: Float32Array, start: number, window: number, tau: number): number {
  let sum = 0;
  for (let j = 0; j < window; j++) {
    const diff = x[start + j]! - x[start + j + tau]!;
    sum += diff * diff;
  }
  return sum;
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
  // One decimated sample of slack keeps the refinement's largest lag inside the span.
  const fullWindow = (windowD - 1) * factor;
  return {
    span,
    detect(x, start) {
      let energy = 0;
      for (let i = 0; i < spanD; i++) {
        // A box average is enough of an anti-alias filter for finding a voice's fundamental.
        let sum = 0;
        const base = start + i * factor;
        for (let k = 0; k < factor; k++) sum += x[base + k]!;
        decimated[i] = sum / factor;
        energy += decimated[i]! * decimated[i]!;
      }
      if (Math.sqrt(energy / spanD) < SILENCE_RMS) return null;
      const coarse = yinLag(decimated, 0, windowD, tauMinD, tauMaxD, cmndf);
      if (!coarse) return null;
      // Refine at full rate around factor × coarse lag.
      const centre = coarse.tau * factor;
      const lo = Math.max(2, centre - factor - 1);
      const hi = centre + factor + 1;
      let bestTau = lo;
      let best = Infinity;
      const values: number[] = [];
      for (let tau = lo - 1; tau <= hi + 1; tau++) {
        const value = difference(x, start, fullWindow, tau);
        values.push(value);
        if (tau >= lo && tau <= hi && value < best) {
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
