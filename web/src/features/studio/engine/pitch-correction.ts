// Pitch correction ("autoTune" 0-100) as a pure, streaming function: the same code runs
// inside the AudioWorklet (live monitoring, pitch-correction.worklet.ts) and over a whole take in
// the offline mixdown, so what the vocalist hears is what the mix gets.
//
// Detection is YIN (pitch-detection.ts). Shifting is a two-tap delay-line (granular) shifter whose
// taps jump by whole pitch periods, so the two grains stay in phase on voiced sound instead of
// cancelling: cheap enough for 128-sample worklet blocks and clean for the ±1 semitone moves
// correction needs.
import { MAX_HZ, MIN_HZ, createDetector, type Detector } from './pitch-detection';

/** Pitch classes (0 = C … 11 = B) the correction snaps to. */
export interface Scale {
  /** 0-11, or null when the key is unknown (chromatic). */
  tonic: number | null;
  mode: 'major' | 'minor' | 'chromatic';
  pitchClasses: readonly number[];
}

const NOTE_INDEX: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const NATURAL_MINOR = [0, 2, 3, 5, 7, 8, 10];
const CHROMATIC: Scale = {
  tonic: null,
  mode: 'chromatic',
  pitchClasses: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};

/**
 * The scale of a beat's key string. Beats store a bare tonic ("C#", catalogue KEYS), which reads
 * as major like a lead sheet would; "C#m", "A minor", "F# Major", "Bbmin", "Ebmaj" are understood
 * too. Anything else (null, "", "unknown") gives the chromatic scale: correction to the nearest
 * semitone, never to a wrong key.
 */
export function parseKeyScale(key: string | null | undefined): Scale {
  const match = /^\s*([A-Ga-g])\s*([#♯b♭]?)\s*(.*?)\s*$/.exec(key ?? '');
  if (!match) return CHROMATIC;
  const [, letter, accidental, rest] = match;
  const modeText = rest!.toLowerCase();
  let mode: 'major' | 'minor';
  if (modeText === '' || /^(maj|major|ma|m?aj\.?)$/.test(modeText) || rest === 'M') mode = 'major';
  else if (/^(m|min|minor|mi|-)$/.test(modeText)) mode = 'minor';
  else return CHROMATIC;
  const shift = accidental === '#' || accidental === '♯' ? 1 : accidental ? -1 : 0;
  const tonic = (NOTE_INDEX[letter!.toUpperCase()]! + shift + 12) % 12;
  const intervals = mode === 'major' ? MAJOR : NATURAL_MINOR;
  return { tonic, mode, pitchClasses: intervals.map((i) => (tonic + i) % 12).sort((a, b) => a - b) };
}

/** The chromatic scale (every semitone allowed). */
export function chromaticScale(): Scale {
  return CHROMATIC;
}

/**
 * How the single autoTune slider drives the corrector. Low values correct gently and slowly
 * (natural), the top of the range snaps instantly (the hard-tuned trap sound): full strength is
 * reached at 50, and the retune time falls from 200 ms to 0 across the range.
 */
export function autoTuneParams(autoTune: number): { strength: number; retuneS: number } {
  const a = Math.min(100, Math.max(0, autoTune));
  return { strength: Math.min(1, a / 50), retuneS: 0.2 * (1 - a / 100) ** 2 };
}

export function hzToMidi(hz: number): number {
  return 69 + 12 * Math.log2(hz / 440);
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** The nearest note (fractional MIDI in, whole MIDI out) whose pitch class is in the scale. */
export function nearestScaleMidi(midi: number, scale: Scale): number {
  const base = Math.round(midi);
  let best = base;
  let bestDistance = Infinity;
  for (let candidate = base - 6; candidate <= base + 6; candidate++) {
    if (!scale.pitchClasses.includes(((candidate % 12) + 12) % 12)) continue;
    const distance = Math.abs(candidate - midi);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Below this CMNDF dip the sound counts as voiced (pitched) and gets corrected. */
const VOICED_CLARITY = 0.25;

export interface PitchCorrectionOptions {
  /** 0..1: share of the distance to the target note that is corrected (autoTuneParams). */
  strength: number;
  /** Seconds the correction takes to settle on a new note (0 = instant snap). */
  retuneS: number;
  scale: Scale;
  sampleRate: number;
}

export interface PitchState {
  sampleRate: number;
  ring: Float32Array;
  mask: number;
  /** Samples written so far. */
  written: number;
  sinceDetect: number;
  hop: number;
  detector: Detector;
  detectBuffer: Float32Array;
  /** Current correction in cents (smoothed) and the target it moves to. */
  cents: number;
  targetCents: number;
  /** Playback-rate ratio of the shifter taps, 2^(cents/1200). */
  ratio: number;
  /** Detected period in samples (0 when unvoiced). */
  period: number;
  grain: number;
  taps: [number, number];
  /** Crossfade between the untouched input (0) and the corrected signal (1). */
  mix: number;
  /** Last detection, for meters and tests. */
  lastHz: number;
  /** Silent detections in a row; SILENCE_RESET_HOPS of them reset the shifter. */
  silentHops: number;
  resetPending: boolean;
}

const GRAIN_S = 0.03;
const MIN_DELAY = 32;

/** Fresh streaming state for one voice at this sample rate. */
export function createPitchState(sampleRate: number): PitchState {
  const detector = createDetector(sampleRate);
  let size = 1;
  while (size < Math.max(detector.span, GRAIN_S * sampleRate * 3) + 256) size <<= 1;
  const grain = Math.round(GRAIN_S * sampleRate);
  return {
    sampleRate,
    ring: new Float32Array(size),
    mask: size - 1,
    written: 0,
    sinceDetect: 0,
    hop: Math.round(sampleRate / 50),
    detector,
    detectBuffer: new Float32Array(detector.span),
    cents: 0,
    targetCents: 0,
    ratio: 1,
    period: 0,
    grain,
    taps: [MIN_DELAY + grain * 0.25, MIN_DELAY + grain * 0.75],
    mix: 0,
    lastHz: 0,
    silentHops: 0,
    resetPending: false,
  };
}

/**
 * Detections of silence in a row (20 ms apart) after which the shifter starts afresh. Nothing
 * audible changes (the correction has let go in the silence), but the output from there on
 * depends only on the input: the mixdown starts correcting a take at its last such reset.
 */
export const SILENCE_RESET_HOPS = 5;

function resetShifter(state: PitchState): void {
  state.resetPending = false;
  state.cents = state.targetCents = state.period = state.lastHz = 0;
  state.ratio = 1;
  state.grain = Math.round(GRAIN_S * state.sampleRate);
  state.taps = [MIN_DELAY + state.grain * 0.25, MIN_DELAY + state.grain * 0.75];
}

/** The corrector's average delay: the mixdown shifts a corrected take earlier by this much. */
export function pitchCorrectionLatencyS(sampleRate: number): number {
  return (MIN_DELAY + Math.round(GRAIN_S * sampleRate) / 2) / sampleRate;
}

function runDetection(state: PitchState, options: PitchCorrectionOptions) {
  const { ring, mask, detectBuffer } = state;
  const start = state.written - detectBuffer.length;
  const silent = state.detector.silentAt(ring, 0, mask, start);
  state.silentHops = silent ? state.silentHops + 1 : 0;
  if (state.silentHops >= SILENCE_RESET_HOPS) {
    state.silentHops = 0;
    state.resetPending = true;
  }
  // The full-rate samples only when the refinement needs them.
  if (!silent) for (let i = 0; i < detectBuffer.length; i++) detectBuffer[i] = ring[(start + i) & mask]!;
  const estimate = silent ? null : state.detector.detectChecked(detectBuffer, 0);
  if (!estimate || estimate.aperiodicity > VOICED_CLARITY || estimate.hz < MIN_HZ || estimate.hz > MAX_HZ) {
    // Unvoiced or silent: let go of the correction rather than hold a stale one.
    state.targetCents = 0;
    state.period = 0;
    state.lastHz = 0;
    return;
  }
  state.lastHz = estimate.hz;
  const midi = hzToMidi(estimate.hz);
  const target = nearestScaleMidi(midi, options.scale);
  state.targetCents = (target - midi) * 100 * options.strength;
  state.period = state.sampleRate / estimate.hz;
}

/** A tap's delay after one sample: wrapped a grain back (or on) when it leaves the grain window. */
function moveTap(
  delay: number,
  other: number,
  half: number,
  grain: number,
  period: number,
  maxDelay: number,
) {
  if (delay > MIN_DELAY + grain) {
    delay = other - half;
    while (delay < MIN_DELAY && period > 0) delay += period;
    if (delay < MIN_DELAY) delay = MIN_DELAY;
  } else if (delay < MIN_DELAY) {
    delay = other + half;
    while (delay > MIN_DELAY + grain && period > 0) delay -= period;
    if (delay > maxDelay) delay = maxDelay;
  }
  return delay;
}

/** The ring at a fractional position, linearly interpolated. */
function readRing(ring: Float32Array, mask: number, read: number): number {
  const index = Math.floor(read);
  const frac = read - index;
  const a = ring[index & mask]!;
  const b = ring[(index + 1) & mask]!;
  return a + (b - a) * frac;
}

/**
 * Corrects one block (any length; the worklet passes 128 samples) and returns the corrected
 * samples in `out` (allocated when not given). Streaming: pass the same state for consecutive
 * blocks. With strength 0 the output is the input, sample for sample.
 */
export function correctPitch(
  block: Float32Array,
  state: PitchState,
  options: PitchCorrectionOptions,
  out: Float32Array = new Float32Array(block.length),
): Float32Array {
  const { ring, mask, sampleRate } = state;
  const mixTarget = options.strength > 0 ? 1 : 0;
  const mixStep = 1 / (0.02 * sampleRate);
  const retuneCoefficient =
    options.retuneS <= 0 ? 1 : 1 - Math.exp(-state.hop / (options.retuneS * sampleRate));
  const maxDelay = ring.length - 4;

  for (let i = 0; i < block.length; i++) {
    if (state.resetPending) resetShifter(state);
    const sample = block[i]!;
    ring[state.written & mask] = sample;
    state.written++;
    if (++state.sinceDetect >= state.hop && state.written >= state.detectBuffer.length) {
      state.sinceDetect = 0;
      if (mixTarget > 0) runDetection(state, options);
      else state.targetCents = 0;
      state.cents += (state.targetCents - state.cents) * retuneCoefficient;
      state.ratio = 2 ** (state.cents / 1200);
      // Grains a whole (even) number of periods long keep both taps on the same phase.
      if (state.period > 0) {
        const periods = Math.max(2, 2 * Math.round((GRAIN_S * sampleRate) / state.period / 2));
        state.grain = periods * state.period;
      } else {
        state.grain = Math.round(GRAIN_S * sampleRate);
      }
    }

    if (state.mix === 0 && mixTarget === 0) {
      out[i] = sample;
      continue;
    }
    state.mix = mixTarget > state.mix ? Math.min(1, state.mix + mixStep) : Math.max(0, state.mix - mixStep);

    // The two taps, the first moved before the second (which places itself against it).
    const period = state.period;
    const grain = state.grain;
    const drift = 1 - state.ratio;
    const half = period > 0 ? (grain / period / 2) * period : grain / 2;
    const newest = state.written - 1;
    const tap0 = moveTap(state.taps[0] + drift, state.taps[1], half, grain, period, maxDelay);
    const tap1 = moveTap(state.taps[1] + drift, tap0, half, grain, period, maxDelay);
    state.taps[0] = tap0;
    state.taps[1] = tap1;
    // A parabola rather than sin²: the same crossfade shape to the ear, no trig per sample.
    const p0 = Math.min(1, Math.max(0, (tap0 - MIN_DELAY) / grain));
    const p1 = Math.min(1, Math.max(0, (tap1 - MIN_DELAY) / grain));
    const w0 = p0 * (1 - p0);
    const w1 = p1 * (1 - p1);
    const weighted = 0 + w0 * readRing(ring, mask, newest - tap0) + w1 * readRing(ring, mask, newest - tap1);
    const weights = 0 + w0 + w1;
    const wet = weights > 1e-3 ? weighted / weights : 0;
    out[i] = sample + (wet - sample) * state.mix;
  }
  return out;
}
