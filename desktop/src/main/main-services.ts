// Main's services, built from the few Electron objects they need, handed in as dependencies: the
// Electron entry (index.ts) passes the real ones, the browser harness (desktop/harness) passes
// its stand-ins. Nothing here imports `electron`, so all of it runs under plain Node.
import { join } from 'node:path';
import { DESKTOP_APP_ORIGIN } from '@beatroom/shared/desktop-app';
import {
  ipcEventChannelName,
  ipcEvents,
  type IpcEventName,
  type IpcEventPayload,
} from '@beatroom/shared/ipc-contract';
import { createDesktopAuth } from './auth/desktop-auth';
import { createTokenStore, type SafeStorageLike } from './auth/token-store';
import type { DesktopConfig } from './config';
import { parseDeepLink } from './deep-link';
import { createIpcHandlers } from './ipc/ipc-handlers';
import { registerIpcHandlers, type IpcMainLike } from './ipc/ipc-registry';
import { openLibraryDatabase } from './library/database';
import { createLibraryService } from './library/library-service';
import { createServerClient } from './library/server-client';
import { createTakeDrafts } from './library/take-drafts';
import { createMicrophone, type SystemPreferencesLike } from './microphone';
import { createNotifier, type NotificationLike } from './notifications';
import { createPreferences } from './preferences';
import { createUpdater, type AutoUpdaterLike } from './updater';

/** The part of Electron's `shell` main uses. */
export interface ShellLike {
  openExternal(url: string): Promise<void>;
  openPath(path: string): Promise<string>;
  showItemInFolder(path: string): void;
}

/** The part of Electron's `powerMonitor` main uses. */
export interface PowerMonitorLike {
  on(event: 'resume', listener: () => void): unknown;
}

/** The app window as the services see it: whether the user is looking, and a way to talk to it. */
export interface AppWindowLike {
  inView(): boolean;
  show(): void;
  /** Delivers an already-validated event payload to the page on its wire channel. */
  send(channel: string, payload: unknown): void;
}

export interface MainServicesDeps {
  config: DesktopConfig;
  /** userData: the session file, preferences; the library lives in `libraryDir`. */
  userData: string;
  libraryDir?: string;
  downloadsDir: string;
  packaged: boolean;
  version: string;
  platform: NodeJS.Platform;
  /** Electron's net.fetch in the app (it follows the system proxy); Node's fetch elsewhere. */
  fetch: typeof fetch;
  isOnline: () => boolean;
  safeStorage: SafeStorageLike;
  shell: ShellLike;
  systemPreferences: SystemPreferencesLike;
  powerMonitor: PowerMonitorLike;
  notifications: {
    isSupported: () => boolean;
    create: (options: { title: string; body: string }) => NotificationLike;
  };
  dialogs: {
    openFile: (kind: 'audio' | 'image') => Promise<string | null>;
    saveFile: (suggestedName: string) => Promise<string | null>;
  };
  window: AppWindowLike;
  autoUpdater: AutoUpdaterLike | null;
  ipcMain: IpcMainLike;
  /** True for the frame URLs allowed to call main: the app's own origin. */
  isTrustedSender: (url: string) => boolean;
  /** The origin the page loads library covers from (app://beatroom in the app). */
  appOrigin?: string;
  /**
   * The server address the page is told to call: the server itself in the app (the session's
   * header hook adds the token); the harness's own origin in the browser harness, whose proxy
   * adds it there. Defaults to config.serverUrl.
   */
  pageServerUrl?: string;
  log: { warn: (message: string, error?: unknown) => void; error: (message: string, error: unknown) => void };
}

export type MainServices = ReturnType<typeof createMainServices>;

/**
 * Builds the session, the local library (mirror, upload and take queues), the IPC handlers and
 * the network watch. `start()` checks the stored session and resumes the queues; `stop()` lets
 * go of the timers and closes the database.
 */
export function createMainServices(deps: MainServicesDeps) {
  const { config, log } = deps;
  const libraryDir = deps.libraryDir ?? join(deps.userData, 'library');
  const openExternal = (url: string) => deps.shell.openExternal(url);

  const send = <E extends IpcEventName>(event: E, payload: IpcEventPayload<E>) => {
    deps.window.send(ipcEventChannelName(event), ipcEvents[event].parse(payload));
  };

  const store = createTokenStore({
    file: join(deps.userData, 'session.bin'),
    safeStorage: deps.safeStorage,
    platform: deps.platform,
  });
  const auth = createDesktopAuth({
    serverUrl: config.serverUrl,
    fetch: deps.fetch,
    openExternal,
    store,
    navigate: (path) => send('navigate', { path }),
    onChange: (status) => {
      send('authChanged', status);
      if (status.user) {
        void library.uploader.resumeAfterSignIn().then(() => library.sync());
        void library.takeUploader.runNow();
        void library.timelineTakeUploader.runNow();
      }
    },
    log,
  });

  const client = createServerClient({ serverUrl: config.serverUrl, token: () => auth.token() });
  const db = openLibraryDatabase(join(libraryDir, 'library.db'));
  const library = createLibraryService({
    db,
    dir: libraryDir,
    client,
    owner: () => auth.status().user?.id ?? null,
    onUploadsChanged: (items) => send('uploadsChanged', items),
    onLibraryChanged: (result) => send('libraryChanged', result),
    shell: deps.shell,
    appOrigin: deps.appOrigin ?? DESKTOP_APP_ORIGIN,
    log,
  });

  const updater = createUpdater({
    autoUpdater: deps.autoUpdater,
    enabled: deps.packaged,
    onStatus: (status) => send('updateStatus', status),
  });
  const notifier = createNotifier({
    isSupported: deps.notifications.isSupported,
    create: deps.notifications.create,
    windowInView: () => deps.window.inView(),
    open: (path) => {
      deps.window.show();
      if (path) send('navigate', { path });
    },
  });
  const platform = ['darwin', 'win32', 'linux'].includes(deps.platform)
    ? (deps.platform as 'darwin' | 'win32' | 'linux')
    : 'other';

  const unregister = registerIpcHandlers(
    deps.ipcMain,
    createIpcHandlers({
      auth,
      library,
      microphone: createMicrophone({
        platform: deps.platform,
        systemPreferences: deps.systemPreferences,
        openExternal,
      }),
      preferences: createPreferences(join(deps.userData, 'preferences.json')),
      notifier,
      updater,
      info: {
        version: deps.version,
        platform,
        serverUrl: deps.pageServerUrl ?? config.serverUrl,
        packaged: deps.packaged,
      },
      online: deps.isOnline,
      serverUrl: config.serverUrl,
      openExternal,
      dialogs: deps.dialogs,
      // The studio's unsaved takes, kept in the local library until saved or discarded.
      takeDrafts: createTakeDrafts({
        dir: join(libraryDir, 'take-drafts'),
        owner: () => auth.status().user?.id ?? null,
      }),
    }),
    { isTrustedSender: deps.isTrustedSender, log },
  );

  /** Offline → online: send what waited, refresh the mirror. */
  let online = deps.isOnline();
  const checkNetwork = () => {
    const now = deps.isOnline();
    if (now === online) return;
    online = now;
    send('networkChanged', { online });
    if (online) {
      void library.uploader.runNow().then(() => library.sync());
      void library.takeUploader.runNow();
      void library.timelineTakeUploader.runNow();
    }
  };
  let networkTimer: ReturnType<typeof setInterval> | null = null;

  return {
    auth,
    library,
    db,
    updater,
    send,

    /** A beatroom:// link the operating system handed to the app. */
    handleLink(raw: string) {
      deps.window.show();
      const link = parseDeepLink(raw);
      if (!link) {
        log.warn('ignored a beatroom: link that is not a sign-in callback');
        return;
      }
      void auth.completeSignIn(link);
    },

    start() {
      // net.isOnline() is cheap to poll.
      networkTimer = setInterval(checkNetwork, 5000);
      networkTimer.unref();
      deps.powerMonitor.on('resume', () => {
        void library.uploader.runNow();
        void library.takeUploader.runNow();
        void library.timelineTakeUploader.runNow();
      });
      void auth.refresh().then(() => {
        void library.uploader.resumeAfterSignIn();
        void library.takeUploader.run();
        void library.timelineTakeUploader.run();
        void library.sync();
      });
    },

    stop() {
      if (networkTimer) clearInterval(networkTimer);
      unregister();
      library.uploader.stop();
      library.takeUploader.stop();
      library.timelineTakeUploader.stop();
      db.close();
    },
  };
}
