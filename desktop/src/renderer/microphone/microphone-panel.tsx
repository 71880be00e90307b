import type { InputDevice, MicrophoneAccess, PlatformMicrophone } from '@beatroom/web/platform';
import { Mic, MicOff, Settings } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';

const STATUS_TEXT: Record<MicrophoneAccess['status'], string> = {
  granted: 'Microphone access is on.',
  denied: 'Microphone access is off.',
  restricted: 'Microphone access is blocked on this computer.',
  'not-determined': 'Beatroom has not asked for the microphone yet.',
  unknown: 'Your system does not report microphone access; recording will tell.',
};

const button =
  'inline-flex h-9 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium transition-colors hover:bg-fg/10';

/**
 * The microphone as the operating system sees it, on every platform: its state, the way to turn
 * it on (the system prompt, or the system settings page when access was refused), and the input
 * device recordings use, remembered by the app.
 */
export function MicrophonePanel({ microphone }: { microphone: PlatformMicrophone }) {
  const [access, setAccess] = useState<MicrophoneAccess | null>(null);
  const [devices, setDevices] = useState<InputDevice[]>([]);
  const [chosen, setChosen] = useState<string>('');

  const refresh = useCallback(async () => {
    setAccess(await microphone.status());
    setDevices(await microphone.listInputDevices());
    setChosen((await microphone.getPreferredInputDevice()) ?? '');
  }, [microphone]);

  useEffect(() => {
    void refresh();
    // Devices come and go (a USB interface plugged in); the list follows.
    const onChange = () => void refresh();
    navigator.mediaDevices?.addEventListener?.('devicechange', onChange);
    return () => navigator.mediaDevices?.removeEventListener?.('devicechange', onChange);
  }, [refresh]);

  const ask = async () => {
    setAccess(await microphone.request());
    setDevices(await microphone.listInputDevices());
  };

  const choose = async (deviceId: string) => {
    setChosen(deviceId);
    const device = devices.find((d) => d.deviceId === deviceId) ?? null;
    await microphone.setPreferredInputDevice(device);
  };

  if (!access) return null;
  const refused = access.status === 'denied' || access.status === 'restricted';
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/60 p-4">
      <p className="flex items-center gap-2 font-medium" role="status">
        {refused ? (
          <MicOff aria-hidden="true" className="size-5 text-red-400" />
        ) : (
          <Mic aria-hidden="true" className="size-5 text-emerald-400" />
        )}
        {STATUS_TEXT[access.status]}
      </p>
      {access.help ? <p className="text-sm text-muted">{access.help}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        {access.status === 'not-determined' || access.status === 'unknown' ? (
          <button type="button" className={button} onClick={() => void ask()}>
            <Mic aria-hidden="true" className="size-4" />
            Allow microphone
          </button>
        ) : null}
        {refused && access.canOpenSettings ? (
          <button type="button" className={button} onClick={() => void microphone.openSettings()}>
            <Settings aria-hidden="true" className="size-4" />
            Open System Settings
          </button>
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          Input device
          <select
            className="h-9 rounded-full border border-line bg-bg/60 px-3 text-sm"
            value={chosen}
            onChange={(event) => void choose(event.target.value)}
          >
            <option value="">System default</option>
            {devices.map((device) => (
              <option key={device.deviceId} value={device.deviceId}>
                {device.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
