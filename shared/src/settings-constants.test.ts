import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { CURRENCIES } from './money-constants';
import {
  AUDIO_QUALITIES,
  DOWNLOAD_FORMATS,
  DOWNLOAD_QUALITIES,
  LANGUAGES,
  PROFILE_VISIBILITIES,
  THEMES,
  USER_SETTINGS_DEFAULTS,
} from './settings-constants';

describe('USER_SETTINGS_DEFAULTS', () => {
  it.each([
    ['audioQuality', AUDIO_QUALITIES],
    ['downloadFormat', DOWNLOAD_FORMATS],
    ['downloadQuality', DOWNLOAD_QUALITIES],
    ['profileVisibility', PROFILE_VISIBILITIES],
    ['language', LANGUAGES],
    ['theme', THEMES],
    ['preferredCurrency', CURRENCIES],
  ] as const)('%s defaults to one of its allowed values', (key, allowed) => {
    expect(allowed).toContain(USER_SETTINGS_DEFAULTS[key]);
  });

  it("the player's default volume (0-1) is the settings' default (0-100)", () => {
    expect(LIMITS.DEFAULT_VOLUME * 100).toBe(USER_SETTINGS_DEFAULTS.defaultVolume);
  });
});
