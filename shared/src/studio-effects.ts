// The vocal chain's effect settings and the studio's slider ranges: one chain per timeline
// track, so the arrangement and the session both use them.
import { z } from 'zod';

/** The studio slider ranges (inclusive). Volumes are stored as 0-1 / 0-2 gains, shown as percent. */
export const STUDIO_RANGES = {
  beatVolume: { min: 0, max: 1 },
  micVolume: { min: 0, max: 2 },
  autoTune: { min: 0, max: 100 },
  reverbAmount: { min: 0, max: 100 },
  delayAmount: { min: 0, max: 50 },
  chorus: { min: 0, max: 100 },
  distortion: { min: 0, max: 50 },
  gate: { min: 0, max: 50 },
  eqLow: { min: 0, max: 100 },
  eqMid: { min: 0, max: 100 },
  eqHigh: { min: 0, max: 100 },
  compression: { min: 0, max: 100 },
  vocalPan: { min: 0, max: 100 },
  countInBars: { min: 1, max: 4 },
  loopStart: { min: 0, max: 100 },
  loopEnd: { min: 0, max: 100 },
} as const;

export type StudioRangeKey = keyof typeof STUDIO_RANGES;

export const ranged = (key: StudioRangeKey, integer = false) => {
  const { min, max } = STUDIO_RANGES[key];
  const base = z.number({ error: `${key} must be a number` });
  return (integer ? base.int(`${key} must be a whole number`) : base)
    .min(min, `${key} must be ${min} to ${max}`)
    .max(max, `${key} must be ${min} to ${max}`);
};

/** The effect fields a vocal preset sets: values for the effect fields. */
export const StudioEffectSettings = z.object({
  reverbAmount: ranged('reverbAmount'),
  delayAmount: ranged('delayAmount'),
  eqLow: ranged('eqLow'),
  eqMid: ranged('eqMid'),
  eqHigh: ranged('eqHigh'),
  compression: ranged('compression'),
  vocalPan: ranged('vocalPan'),
  autoTune: ranged('autoTune'),
  chorus: ranged('chorus'),
  distortion: ranged('distortion'),
  gate: ranged('gate'),
});
export type StudioEffectSettings = z.infer<typeof StudioEffectSettings>;
