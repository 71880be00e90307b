import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createUpdater, UPDATES_DISABLED, type AutoUpdaterLike } from './updater';

class FakeAutoUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  checkForUpdates = vi.fn(async () => {
    this.emit('checking-for-update');
    this.emit('update-available', { version: '1.2.0' });
    return null;
  });
}

describe('updater', () => {
  it('never checks in development', async () => {
    const fake = new FakeAutoUpdater();
    const updater = createUpdater({
      autoUpdater: fake as unknown as AutoUpdaterLike,
      enabled: false,
      onStatus: vi.fn(),
    });
    expect(await updater.check()).toEqual({ state: 'disabled', message: UPDATES_DISABLED });
    expect(fake.checkForUpdates).not.toHaveBeenCalled();
  });

  it('checks, downloads in the background and installs on quit in an installed build', async () => {
    const fake = new FakeAutoUpdater();
    const onStatus = vi.fn();
    const updater = createUpdater({
      autoUpdater: fake as unknown as AutoUpdaterLike,
      enabled: true,
      onStatus,
    });
    expect(fake.autoDownload).toBe(true);
    expect(fake.autoInstallOnAppQuit).toBe(true);
    expect(await updater.check()).toEqual({ state: 'available', message: 'Beatroom 1.2.0 is downloading…' });
    fake.emit('update-downloaded', { version: '1.2.0' });
    expect(onStatus).toHaveBeenLastCalledWith({
      state: 'downloaded',
      message: 'Beatroom 1.2.0 will be installed when you quit.',
    });
  });

  it('reports a failed check', async () => {
    const fake = new FakeAutoUpdater();
    fake.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_INTERNET_DISCONNECTED'));
    const updater = createUpdater({
      autoUpdater: fake as unknown as AutoUpdaterLike,
      enabled: true,
      onStatus: vi.fn(),
    });
    expect(await updater.check()).toEqual({
      state: 'error',
      message: 'Update check failed: net::ERR_INTERNET_DISCONNECTED',
    });
  });
});
