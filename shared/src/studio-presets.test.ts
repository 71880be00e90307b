import { describe, expect, it } from 'vitest';
import { STUDIO_PRESETS, studioPreset } from './studio-presets';
import { STUDIO_PRESET_IDS, StudioEffectSettings } from './studio-settings';

describe('studio presets', () => {
  it('are the six studio presets, in order, each a complete valid settings object', () => {
    expect(STUDIO_PRESETS.map((preset) => preset.id)).toEqual([...STUDIO_PRESET_IDS]);
    for (const preset of STUDIO_PRESETS) {
      expect(StudioEffectSettings.strict().parse(preset.settings)).toEqual(preset.settings);
      expect(preset.name.length).toBeGreaterThan(0);
      expect(preset.description.length).toBeGreaterThan(0);
    }
  });

  it('sound different from each other', () => {
    for (const a of STUDIO_PRESETS) {
      for (const b of STUDIO_PRESETS) {
        if (a === b) continue;
        const keys = Object.keys(a.settings) as (keyof StudioEffectSettings)[];
        const differing = keys.filter((key) => a.settings[key] !== b.settings[key]);
        expect(differing.length, `${a.id} vs ${b.id}`).toBeGreaterThanOrEqual(4);
      }
    }
    // The character each name promises.
    expect(studioPreset('clean').settings.autoTune).toBe(0);
    expect(studioPreset('trap').settings.autoTune).toBeGreaterThan(70);
    expect(studioPreset('rock').settings.distortion).toBeGreaterThan(studioPreset('pop').settings.distortion);
    expect(studioPreset('dreamy').settings.reverbAmount).toBe(
      Math.max(...STUDIO_PRESETS.map((p) => p.settings.reverbAmount)),
    );
  });

  it('refuses an unknown id', () => {
    expect(() => studioPreset('opera' as never)).toThrow();
  });
});
