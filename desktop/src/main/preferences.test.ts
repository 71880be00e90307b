import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPreferences } from './preferences';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-prefs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('preferences', () => {
  it('remembers the chosen input device across restarts', () => {
    const file = join(dir, 'preferences.json');
    expect(createPreferences(file).inputDevice()).toEqual({ deviceId: null, label: null });
    createPreferences(file).setInputDevice({ deviceId: 'usb-interface', label: 'Scarlett 2i2' });
    expect(createPreferences(file).inputDevice()).toEqual({
      deviceId: 'usb-interface',
      label: 'Scarlett 2i2',
    });
  });

  it('falls back to the defaults for a damaged file', () => {
    const file = join(dir, 'preferences.json');
    writeFileSync(file, 'nonsense');
    expect(createPreferences(file).inputDevice()).toEqual({ deviceId: null, label: null });
  });
});
