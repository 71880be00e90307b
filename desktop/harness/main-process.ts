// The desktop app's main process without Electron: main's real services (main-services.ts) on
// the stand-ins in ./stand-ins, behind an HTTP server on loopback that serves the built renderer
// to a browser tab and carries its IPC calls (./page/bridge.ts). Started by desktop-browser.ts;
// run alone with BEATROOM_SERVER_URL, DESKTOP_LIBRARY_DIR and DESKTOP_BROWSER_PORT set.
import { join } from 'node:path';
import { loadDesktopConfig } from '../src/main/config';
import { createMainServices } from '../src/main/main-services';
import { createHarnessHttp } from './harness-http';
import { createDialogsStandIn } from './stand-ins/dialogs';
import { createIpcMainStandIn } from './stand-ins/ipc-main';
import { createPowerMonitorStandIn } from './stand-ins/power-monitor';
import { createProtocolStandIn } from './stand-ins/protocol';
import { createSafeStorageStandIn } from './stand-ins/safe-storage';
import { createShellStandIn } from './stand-ins/shell';
import { createSystemPreferencesStandIn } from './stand-ins/system-preferences';
import { createWindowStandIn } from './stand-ins/window';

const userData = process.env.DESKTOP_LIBRARY_DIR;
if (!userData) throw new Error('DESKTOP_LIBRARY_DIR: required (the folder holding the local library)');
const port = Number(process.env.DESKTOP_BROWSER_PORT ?? 5180);
const origin = `http://127.0.0.1:${port}`;
const config = loadDesktopConfig(process.env, { packaged: false });

const log = {
  warn: (message: string, error?: unknown) => console.warn(`[desktop main] ${message}`, error ?? ''),
  error: (message: string, error: unknown) => console.error(`[desktop main] ${message}`, error),
};

const window = createWindowStandIn();
const shell = createShellStandIn(window, (message) => console.log(`[desktop main] ${message}`));
const libraryDir = join(userData, 'library');
const dialogs = createDialogsStandIn({
  window,
  pickedDir: join(userData, 'picked'),
  downloadsDir: join(libraryDir, 'downloads'),
});
const ipcMain = createIpcMainStandIn();
const protocol = createProtocolStandIn();

const services = createMainServices({
  config,
  userData,
  libraryDir,
  downloadsDir: join(libraryDir, 'downloads'),
  packaged: false,
  version: 'browser-harness',
  platform: process.platform,
  fetch,
  // The harness's machine is online; whether the server answers is the uploader's business.
  isOnline: () => true,
  safeStorage: createSafeStorageStandIn(join(userData, 'safe-storage.key')),
  shell,
  systemPreferences: createSystemPreferencesStandIn(),
  powerMonitor: createPowerMonitorStandIn(),
  notifications: {
    isSupported: () => false,
    create: () => {
      throw new Error('No system notifications in the browser harness.');
    },
  },
  dialogs,
  window,
  autoUpdater: null,
  ipcMain,
  isTrustedSender: (url) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  },
  appOrigin: origin,
  pageServerUrl: origin,
  log,
});
protocol.setAsDefaultProtocolClient('beatroom', (url) => services.handleLink(url));

const http = await createHarnessHttp({
  port,
  origin,
  serverUrl: config.serverUrl,
  rendererDir: join(import.meta.dirname, '../out/renderer'),
  token: () => services.auth.token(),
  ipcMain,
  window,
  shell,
  dialogs,
  protocol,
  coverPath: (file) => services.library.coverPath(file),
});
services.start();
console.log(`[desktop main] ready on ${origin}`);

const shutdown = () => {
  http.close();
  window.close();
  services.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
