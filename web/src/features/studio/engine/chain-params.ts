// How each studio slider maps onto an audio parameter (the slider ranges and audio constants of
// shared/src/studio-settings.ts). Pure numbers, kept apart from the node graph so the mapping is
// readable in one place and the tests can state what a slider should do to the sound.
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';

/** EQ bands: (value − 50) × 0.3 dB, so 0..100 shows as −15..+15 dB. */
export function eqGainDb(value: number): number {
  return (value - 50) * STUDIO_AUDIO.EQ_DB_PER_STEP;
}

/** Compressor ratio 1 (off) at 0 to 20:1 at 100. */
export function compressorRatio(compression: number): number {
  return 1 + compression * STUDIO_AUDIO.COMPRESSOR_RATIO_PER_STEP;
}

/** StereoPanner position: 0 → hard left, 50 → centre, 100 → hard right. */
export function panPosition(vocalPan: number): number {
  return Math.max(-1, Math.min(1, (vocalPan - 50) / 50));
}

/**
 * Gate threshold as a linear envelope level, or null when the gate is off (0). 15 (the default)
 * is −48 dBFS: room hiss and headphone spill stay out, a quiet syllable still opens it; 50 (the
 * top) is −20 dBFS for loud, close-miked takes.
 */
export function gateThreshold(gate: number): number | null {
  if (gate <= 0) return null;
  return 10 ** ((-60 + gate * 0.8) / 20);
}

/** Reverb send level: reverbAmount 0..100 → 0..1 of the 3 s noise tail. */
export function reverbWet(reverbAmount: number): number {
  return Math.max(0, reverbAmount) / 100;
}

/** Delay send level: delayAmount 0..50 → 0..0.5 (the echo is never louder than the voice). */
export function delayWet(delayAmount: number): number {
  return Math.max(0, delayAmount) / 100;
}

/** Chorus: wet level of the modulated copy, 0..0.6. */
export function chorusWet(chorus: number): number {
  return (Math.max(0, chorus) / 100) * 0.6;
}

/** Distortion 0..50: drive into the clipper and the share of the clipped signal. */
export function distortionParams(distortion: number): { drive: number; wet: number } {
  const d = Math.max(0, distortion);
  return { drive: 1 + d * 0.4, wet: Math.min(1, d / 50) };
}

export const CHORUS_BASE_DELAY_S = 0.02;
export const CHORUS_DEPTH_S = 0.004;
export const CHORUS_RATE_HZ = 1.5;
/** Offset between the reverb tail's left and right copies. */
export const REVERB_WIDTH_S = 0.017;
/** Ramp time of every live parameter change: short enough to feel instant, long enough not to click. */
export const GLIDE_S = 0.03;
