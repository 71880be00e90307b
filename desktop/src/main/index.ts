// The Electron entry point: only wiring. Every decision it applies lives in a module of its own
// that is tested under plain Node; main's services (main-services.ts) take Electron's objects as
// dependencies, so the browser harness (desktop/harness) runs them with stand-ins.
import { join, resolve } from 'node:path';
import { DEEP_LINK_SCHEME, DESKTOP_APP_SCHEME } from '@beatroom/shared/desktop-app';
import {
  app,
  type BrowserWindow,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  net,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
} from 'electron';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { loadDesktopConfig } from './config';
import { deepLinkFromArgv } from './deep-link';
import { createDialogs } from './dialogs';
import { createMainServices } from './main-services';
import { registerMediaKeys } from './media-keys';
import { buildMenuTemplate } from './menu';
import type { AutoUpdaterLike } from './updater';
import { applySessionPolicies, attachWebContentsGuards, createMainWindow } from './window';
import { contentSecurityPolicy, isAppUrl } from './window-security';
import { loadWindowState, trackWindowState } from './window-state';

declare const __BEATROOM_BUILT_IN_SERVER_URL__: string;

// Before `ready`: the app scheme must be privileged, and Chromium's own media-key handling is
// switched off because main routes the media keys to the player itself (media-keys.ts).
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.commandLine.appendSwitch('disable-features', 'HardwareMediaKeyHandling');

const log = {
  warn: (message: string, error?: unknown) => console.warn(`[beatroom] ${message}`, error ?? ''),
  error: (message: string, error: unknown) => console.error(`[beatroom] ${message}`, error),
};

let mainWindow: BrowserWindow | null = null;
/** Links that arrived before the app was ready to handle them. */
const pendingLinks: string[] = [];
let handleLink: (link: string) => void = (link) => void pendingLinks.push(link);

function registerProtocolClient() {
  // Unpackaged on Windows/Linux the OS must be told how to start `electron <app path>`.
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  }
}

function showWindow() {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

async function loadAutoUpdater(): Promise<AutoUpdaterLike | null> {
  // electron-updater is CommonJS; its default export holds autoUpdater.
  const module = await import('electron-updater');
  return (module.default ?? module).autoUpdater as unknown as AutoUpdaterLike;
}

async function start() {
  const config = loadDesktopConfig(process.env, {
    packaged: app.isPackaged,
    builtInServerUrl: __BEATROOM_BUILT_IN_SERVER_URL__,
  });
  const userData = app.getPath('userData');
  const openExternal = (url: string) => shell.openExternal(url);

  // Sign-in calls go through Chromium's network stack (net.fetch), which follows the system
  // proxy settings; the uploader streams request bodies, which it does with Node's fetch.
  const services = createMainServices({
    config,
    userData,
    downloadsDir: app.getPath('downloads'),
    packaged: app.isPackaged,
    version: app.getVersion(),
    platform: process.platform,
    fetch: (input, init) => net.fetch(String(input), init),
    isOnline: () => net.isOnline(),
    safeStorage,
    shell,
    systemPreferences,
    powerMonitor,
    notifications: {
      isSupported: () => Notification.isSupported(),
      create: (options) => new Notification(options),
    },
    dialogs: createDialogs(() => mainWindow, app.getPath('downloads')),
    window: {
      inView: () =>
        !!mainWindow && mainWindow.isVisible() && !mainWindow.isMinimized() && mainWindow.isFocused(),
      show: showWindow,
      send: (channel, payload) => {
        if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel, payload);
      },
    },
    autoUpdater: app.isPackaged ? await loadAutoUpdater() : null,
    ipcMain,
    isTrustedSender: isAppUrl,
    log,
  });
  const { auth, library, updater, send } = services;

  const csp = contentSecurityPolicy(config);
  protocol.handle(
    DESKTOP_APP_SCHEME,
    createAppProtocolHandler({
      rendererDir: join(import.meta.dirname, '../renderer'),
      development: config.development && config.rendererDevUrl !== null,
      rendererDevUrl: config.rendererDevUrl,
      serverUrl: config.serverUrl,
      contentSecurityPolicy: csp,
      coverPath: (file) => library.coverPath(file),
      fetch: (input, init) => net.fetch(String(input), init),
    }),
  );
  applySessionPolicies(session.defaultSession, { config, token: () => auth.token() });
  // Every web contents (the window, devtools, anything a page might spawn) gets the guards.
  app.on('web-contents-created', (_event, contents) => {
    attachWebContentsGuards(contents, { serverUrl: config.serverUrl, openExternal });
  });

  const stateFile = join(userData, 'window-state.json');
  const createWindow = () => {
    mainWindow = createMainWindow({
      state: loadWindowState(
        stateFile,
        screen.getAllDisplays().map((display) => display.workArea),
      ),
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      config,
      openExternal,
    });
    trackWindowState(mainWindow, stateFile);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };
  createWindow();

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: app.name,
        development: config.development,
        actions: {
          checkForUpdates: () => {
            void updater.check().then((status) => {
              showWindow();
              send('updateStatus', status);
            });
          },
          navigate: (path) => {
            showWindow();
            send('navigate', { path });
          },
          openExternal: (url) => void openExternal(url),
        },
      }),
    ),
  );

  const mediaKeys = registerMediaKeys(globalShortcut, (key) => send('mediaKey', key));
  if (mediaKeys.registered.length < 3) log.warn('some media keys could not be registered');

  // Deep links: the ones that arrived early, then every later one.
  handleLink = (raw) => services.handleLink(raw);
  for (const link of pendingLinks.splice(0)) handleLink(link);

  services.start();
  if (app.isPackaged) void updater.check();

  app.on('activate', () => {
    if (!mainWindow) createWindow();
    else showWindow();
  });
  app.on('will-quit', () => {
    mediaKeys.release();
    services.stop();
  });
}

if (!app.requestSingleInstanceLock()) {
  // Another Beatroom is running: it receives our command line (and any link) and shows itself.
  app.quit();
} else {
  registerProtocolClient();
  // macOS delivers links to the running app with open-url (also before ready on a cold start).
  app.on('open-url', (event, url) => {
    event.preventDefault();
    handleLink(url);
  });
  // Windows and Linux start a second instance with the link in its command line.
  app.on('second-instance', (_event, argv) => {
    showWindow();
    const link = deepLinkFromArgv(argv);
    if (link) handleLink(link);
  });
  const coldStartLink = deepLinkFromArgv(process.argv);
  if (coldStartLink) handleLink(coldStartLink);

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      dialog.showErrorBox('Beatroom cannot start', message);
      app.exit(1);
    });
}
