import { describe, expect, it, vi } from 'vitest';
import { createMicrophone, MICROPHONE_HELP } from './microphone';

function mic(platform: NodeJS.Platform, status: string, askResult = true) {
  let current = status;
  const systemPreferences = {
    getMediaAccessStatus: vi.fn(() => current),
    askForMediaAccess: vi.fn(async () => {
      current = askResult ? 'granted' : 'denied';
      return askResult;
    }),
  };
  const openExternal = vi.fn(async () => {});
  return {
    microphone: createMicrophone({ platform, systemPreferences, openExternal }),
    systemPreferences,
    openExternal,
  };
}

describe('microphone', () => {
  it('asks macOS once when it has never been asked', async () => {
    const { microphone, systemPreferences } = mic('darwin', 'not-determined');
    expect(microphone.status()).toEqual({ status: 'not-determined', canOpenSettings: true, help: null });
    expect(await microphone.request()).toEqual({ status: 'granted', canOpenSettings: true, help: null });
    expect(systemPreferences.askForMediaAccess).toHaveBeenCalledWith('microphone');
  });

  it('does not ask again once macOS has an answer, and explains a refusal', async () => {
    const { microphone, systemPreferences } = mic('darwin', 'denied');
    expect(await microphone.request()).toEqual({
      status: 'denied',
      canOpenSettings: true,
      help: MICROPHONE_HELP.darwinDenied,
    });
    expect(systemPreferences.askForMediaAccess).not.toHaveBeenCalled();
    expect(mic('darwin', 'restricted').microphone.status().help).toBe(MICROPHONE_HELP.darwinRestricted);
  });

  it('opens the right system settings page on macOS and Windows', async () => {
    const mac = mic('darwin', 'denied');
    expect(await mac.microphone.openSettings()).toEqual({ opened: true });
    expect(mac.openExternal).toHaveBeenCalledWith(
      'x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone',
    );
    const windows = mic('win32', 'denied');
    expect(windows.microphone.status()).toEqual({
      status: 'denied',
      canOpenSettings: true,
      help: MICROPHONE_HELP.win32Denied,
    });
    await windows.microphone.openSettings();
    expect(windows.openExternal).toHaveBeenCalledWith('ms-settings:privacy-microphone');
  });

  it('on Linux reports an unknown state with an explanation and no settings page', async () => {
    const linux = mic('linux', 'granted');
    expect(await linux.microphone.request()).toEqual({
      status: 'unknown',
      canOpenSettings: false,
      help: MICROPHONE_HELP.linux,
    });
    expect(await linux.microphone.openSettings()).toEqual({ opened: false });
    expect(linux.openExternal).not.toHaveBeenCalled();
  });

  it('treats an unexpected answer as unknown', () => {
    expect(mic('win32', 'something-new').microphone.status().status).toBe('unknown');
  });
});
