import type { LaunchOptions } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavFile } from '../../server/test/media-fixtures';
import { test } from './journey-test';

/**
 * Chromium's fake microphone fed from a WAV file (a steady 4 s tone that Chromium loops as the
 * input), on top of the config's own launch options. Call at a spec's top level; answers the
 * fresh temporary folder the WAV sits in, for the spec's other files.
 */
export function useFakeMicrophone(launchOptions: LaunchOptions | undefined, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const microphoneWav = join(dir, 'voice.wav');
  writeFileSync(microphoneWav, wavFile(4, 48_000));
  const base = launchOptions ?? {};
  test.use({
    launchOptions: {
      ...base,
      args: [...(base.args ?? []), `--use-file-for-fake-audio-capture=${microphoneWav}`],
    },
  });
  return dir;
}
