// Pitch detection for the corrector (pitch-correction.ts): YIN (de Cheveigné & Kawahara 2002)
// on a 4× decimated copy, so a detection every 20 ms stays cheap enough for the audio thread,
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
  /**
   * silent() for a stream: the sample at position p is x[(p − offset) & mask] (a ring, or a plain
   * array with offset its first position and mask 0x7fffffff), and `start` is a position. The
   * decimated samples of earlier calls are kept, so a call a hop after the last one decimates only
   * the hop's new samples: the same values, and the same answer, as silent() on a copy.
   */
  silentAt(x: Float32Array, offset: number, mask: number, start: number): boolean;
  /** detect() on what the last silent() or silentAt() call looked at, once it said not silent. */
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
  const refineValues = new Float64Array(2 * factor + 8);
  /** Where the coarse dip's parabola has its bottom, in decimated lags from `tau`. */
  const coarseShift = (tau: number) => {
    if (tau <= 1 || tau >= tauMaxD) return 0;
    const a = cmndf[tau - 1]!;
    const b = cmndf[tau]!;
    const c = cmndf[tau + 1]!;
    const denominator = a - 2 * b + c;
    return denominator > 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / denominator)) : 0;
  };
  // One decimated sample of slack keeps the refinement's largest lag inside the span.
  const fullWindow = (windowD - 1) * factor;
  // silentAt's decimated samples by position / factor: [keptFrom, keptTo) are valid.
  let keptSize = 1;
  while (keptSize < spanD) keptSize <<= 1;
  const kept = new Float32Array(keptSize);
  const keptMask = keptSize - 1;
  let keptFrom = 0;
  let keptTo = 0;
  const energyOfDecimated = () => {
    let energy = 0;
    for (let i = 0; i < spanD; i++) energy += decimated[i]! * decimated[i]!;
    return Math.sqrt(energy / spanD) < SILENCE_RMS;
  };
  /** Fills `decimated` from x[start …]; answers whether it is silence. */
  const decimate = (x: Float32Array, start: number) => {
    for (let i = 0; i < spanD; i++) {
      // A box average is enough of an anti-alias filter for finding a voice's fundamental.
      let sum = 0;
      const base = start + i * factor;
      for (let k = 0; k < factor; k++) sum += x[base + k]!;
      decimated[i] = sum / factor;
    }
    return energyOfDecimated();
  };
  return {
    span,
    silent: decimate,
    silentAt(x, offset, mask, start) {
      // Only a start on the decimation grid of the kept samples can reuse them (always at
      // 48 kHz, where a hop is a whole number of decimated samples).
      if (start % factor !== 0) {
        keptFrom = keptTo = 0;
        for (let i = 0; i < spanD; i++) {
          let sum = 0;
          const base = start + i * factor - offset;
          for (let k = 0; k < factor; k++) sum += x[(base + k) & mask]!;
          decimated[i] = sum / factor;
        }
        return energyOfDecimated();
      }
      const first = start / factor;
      const end = first + spanD;
      if (first < keptFrom || first > keptTo) keptFrom = keptTo = first;
      for (let m = keptTo; m < end; m++) {
        let sum = 0;
        const base = m * factor - offset;
        for (let k = 0; k < factor; k++) sum += x[(base + k) & mask]!;
        kept[m & keptMask] = sum / factor;
      }
      keptTo = end;
      keptFrom = Math.max(keptFrom, end - keptSize);
      for (let i = 0; i < spanD; i++) decimated[i] = kept[(first + i) & keptMask]!;
      return energyOfDecimated();
    },
    detect(x, start) {
      return decimate(x, start) ? null : this.detectChecked(x, start);
    },
    detectChecked(x, start) {
      const coarse = yinLag(decimated, 0, windowD, tauMinD, tauMaxD, cmndf);
      if (!coarse) return null;
      // Refine at full rate: the least difference within a decimated lag and a sample of
      // factor × the coarse lag. Within so few lags the difference has one valley, so walking
      // down it from where the coarse dip's parabola points finds the least of them all, for a
      // third of the lags.
      const centre = coarse.tau * factor;
      const lo = Math.max(2, centre - factor - 1);
      const hi = centre + factor + 1;
      const values = refineValues.subarray(0, hi - lo + 3).fill(NaN);
      const at = (tau: number) => {
        const index = tau - (lo - 1);
        if (Number.isNaN(values[index]!)) {
          const first = Math.max(0, Math.min(index - 1, values.length - 4));
          differences(x, start, fullWindow, lo - 1 + first, 4, quad);
          for (let k = 0; k < 4; k++) values[first + k] = quad[k]!;
        }
        return values[index]!;
      };
      let bestTau = Math.max(lo, Math.min(hi, Math.round((coarse.tau + coarseShift(coarse.tau)) * factor)));
      while (bestTau > lo && at(bestTau - 1) < at(bestTau)) bestTau--;
      while (bestTau < hi && at(bestTau + 1) < at(bestTau)) bestTau++;
      at(bestTau - 1);
      at(bestTau + 1);
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
