import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputDeviceChoice } from '@beatroom/shared/ipc-microphone-contract';
import { z } from 'zod';

const Preferences = z.object({
  inputDevice: InputDeviceChoice.default({ deviceId: null, label: null }),
});
type Preferences = z.infer<typeof Preferences>;

/**
 * Small user choices kept by main in a JSON file under userData (not in the renderer's storage,
 * which a cleared cache would lose). A damaged file falls back to the defaults.
 */
export function createPreferences(file: string) {
  const read = (): Preferences => {
    try {
      return Preferences.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      return Preferences.parse({});
    }
  };
  const write = (value: Preferences) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 2));
    renameSync(`${file}.tmp`, file);
  };

  return {
    inputDevice(): InputDeviceChoice {
      return read().inputDevice;
    },
    setInputDevice(choice: InputDeviceChoice): InputDeviceChoice {
      const value = { ...read(), inputDevice: InputDeviceChoice.parse(choice) };
      write(value);
      return value.inputDevice;
    },
  };
}
