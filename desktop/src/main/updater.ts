import type { UpdateStatus } from '@beatroom/shared/ipc-app-contract';

/** The part of electron-updater's autoUpdater used here. */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: 'checking-for-update' | 'update-not-available', listener: () => void): unknown;
  on(event: 'update-available' | 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
}

export const UPDATES_DISABLED = 'Updates are checked in installed builds only.';

/**
 * Update checks through electron-updater against the publish target in electron-builder.yml.
 * Development builds never check (there is no installed app to replace). A found update is
 * downloaded in the background and installed when the user quits.
 */
export function createUpdater(deps: {
  autoUpdater: AutoUpdaterLike | null;
  enabled: boolean;
  onStatus: (status: UpdateStatus) => void;
}) {
  let current: UpdateStatus = deps.enabled
    ? { state: 'not-available', message: null }
    : { state: 'disabled', message: UPDATES_DISABLED };
  const set = (status: UpdateStatus) => {
    current = status;
    deps.onStatus(status);
  };

  const updater = deps.enabled ? deps.autoUpdater : null;
  if (updater) {
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.on('checking-for-update', () => set({ state: 'checking', message: 'Checking for updates…' }));
    updater.on('update-not-available', () =>
      set({ state: 'not-available', message: 'You have the latest version of Beatroom.' }),
    );
    updater.on('update-available', (info) =>
      set({ state: 'available', message: `Beatroom ${info.version} is downloading…` }),
    );
    updater.on('update-downloaded', (info) =>
      set({ state: 'downloaded', message: `Beatroom ${info.version} will be installed when you quit.` }),
    );
    updater.on('error', (error) => set({ state: 'error', message: `Update check failed: ${error.message}` }));
  }

  return {
    status: () => current,
    async check(): Promise<UpdateStatus> {
      if (!updater) return current;
      try {
        await updater.checkForUpdates();
      } catch (error) {
        set({
          state: 'error',
          message: `Update check failed: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      return current;
    },
  };
}
