import { StudioEffectSettings } from '@beatroom/shared/studio-settings';

/** The effect fields of the studio's settings: what one track's chain holds. */
export const STUDIO_EFFECT_KEYS = StudioEffectSettings.keyof().options;

/** The effect part of any settings object (the session's settings carry more). */
export function effectsOf(settings: StudioEffectSettings): StudioEffectSettings {
  return Object.fromEntries(STUDIO_EFFECT_KEYS.map((key) => [key, settings[key]])) as StudioEffectSettings;
}

export function sameEffects(a: StudioEffectSettings, b: StudioEffectSettings): boolean {
  return STUDIO_EFFECT_KEYS.every((key) => a[key] === b[key]);
}
