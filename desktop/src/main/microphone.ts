import type { MicrophoneAccess } from '@beatroom/shared/ipc-microphone-contract';

/** The part of Electron's systemPreferences the microphone needs (macOS and Windows). */
export interface SystemPreferencesLike {
  getMediaAccessStatus?(mediaType: 'microphone'): string;
  askForMediaAccess?(mediaType: 'microphone'): Promise<boolean>;
}

/** The system pages where the user turns microphone access on. */
export const MICROPHONE_SETTINGS_URLS: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone',
  win32: 'ms-settings:privacy-microphone',
};

export const MICROPHONE_HELP = {
  darwinDenied:
    'Beatroom is not allowed to use the microphone. Open System Settings › Privacy & Security › Microphone, turn on Beatroom, then restart the app.',
  darwinRestricted:
    'Microphone access is blocked by a policy on this Mac (for example Screen Time or your organisation). Ask whoever manages this Mac to allow it.',
  win32Denied:
    'Windows is blocking the microphone. Open Settings › Privacy & security › Microphone and turn on "Microphone access" and "Let desktop apps access your microphone".',
  linux:
    'Linux has no system-wide microphone switch for apps. If recording fails, check that your input device is connected and not muted in your sound settings (PulseAudio or PipeWire), and that a Flatpak or Snap install has been given microphone access.',
} as const;

const STATUSES = new Set(['granted', 'denied', 'restricted', 'not-determined']);

/**
 * The microphone as the operating system sees it. macOS asks the user once
 * (askForMediaAccess) and remembers the answer; Windows has a privacy switch the app can read
 * but not flip; Linux says nothing, so the browser's permission prompt is all there is.
 */
export function createMicrophone(deps: {
  platform: NodeJS.Platform;
  systemPreferences: SystemPreferencesLike;
  openExternal: (url: string) => Promise<void>;
}) {
  const { platform, systemPreferences } = deps;
  const settingsUrl = MICROPHONE_SETTINGS_URLS[platform] ?? null;

  const describe = (raw: string): MicrophoneAccess => {
    const status = (STATUSES.has(raw) ? raw : 'unknown') as MicrophoneAccess['status'];
    let help: string | null = null;
    if (platform === 'darwin' && status === 'denied') help = MICROPHONE_HELP.darwinDenied;
    else if (platform === 'darwin' && status === 'restricted') help = MICROPHONE_HELP.darwinRestricted;
    else if (platform === 'win32' && status === 'denied') help = MICROPHONE_HELP.win32Denied;
    else if (platform === 'linux') help = MICROPHONE_HELP.linux;
    return { status, canOpenSettings: settingsUrl !== null, help };
  };

  const read = (): string => {
    if (platform !== 'darwin' && platform !== 'win32') return 'unknown';
    try {
      return systemPreferences.getMediaAccessStatus?.('microphone') ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };

  return {
    status(): MicrophoneAccess {
      return describe(read());
    },

    /** On macOS shows the system prompt the first time; elsewhere reports the current state. */
    async request(): Promise<MicrophoneAccess> {
      if (platform === 'darwin' && read() === 'not-determined' && systemPreferences.askForMediaAccess) {
        await systemPreferences.askForMediaAccess('microphone');
      }
      return describe(read());
    },

    async openSettings(): Promise<{ opened: boolean }> {
      if (!settingsUrl) return { opened: false };
      try {
        await deps.openExternal(settingsUrl);
        return { opened: true };
      } catch {
        return { opened: false };
      }
    },
  };
}
