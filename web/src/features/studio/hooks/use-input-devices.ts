import { useEffect, useState } from 'react';
import { describeError } from '../../../lib/error-text';
import { usePlatform, type InputDevice } from '../../../lib/platform';

export interface InputDevices {
  /** The device to record from: an id, null for the system default, undefined while unknown. */
  deviceId: string | null | undefined;
  devices: InputDevice[];
  choose: (deviceId: string | null) => void;
  /** Lists the inputs again (their names appear once the microphone was allowed). */
  refresh: () => void;
}

/**
 * The input device choice of the microphone panel, through the platform: the desktop app
 * remembers it in main (and asks the system for microphone access first, the macOS prompt),
 * the browser in local storage.
 */
export function useInputDevices(): InputDevices {
  const { microphone, kind } = usePlatform();
  const [deviceId, setDeviceId] = useState<string | null | undefined>(undefined);
  const [devices, setDevices] = useState<InputDevice[]>([]);

  const refresh = () => {
    microphone
      .listInputDevices()
      .then(setDevices)
      .catch((error: unknown) => console.error(`Could not list microphones: ${describeError(error)}`));
  };

  useEffect(() => {
    let cancelled = false;
    const asked = kind === 'desktop' ? microphone.request().then(() => undefined) : Promise.resolve();
    asked
      .then(() => microphone.getPreferredInputDevice())
      .catch(() => null)
      .then((preferred) => {
        if (!cancelled) setDeviceId(preferred ?? null);
      });
    return () => {
      cancelled = true;
    };
  }, [kind, microphone]);

  const choose = (id: string | null) => {
    setDeviceId(id);
    const device = devices.find((candidate) => candidate.deviceId === id) ?? null;
    microphone
      .setPreferredInputDevice(device)
      .catch((error: unknown) => console.error(`Could not remember the microphone: ${describeError(error)}`));
  };

  return { deviceId, devices, choose, refresh };
}
