import { DESKTOP_APP_ORIGIN } from '@beatroom/shared/desktop-app';
import { BrowserWindow, dialog, type Session, type WebContents } from 'electron';
import type { DesktopConfig } from './config';
import type { WindowState } from './window-state';
import {
  navigationDecision,
  permissionDecision,
  WINDOW_SECURITY,
  windowOpenDecision,
} from './window-security';

/**
 * Applied to every web contents the app creates: navigation away from the app is cancelled,
 * new windows are never opened (allowed links go to the system browser), and <webview> is
 * refused.
 */
export function attachWebContentsGuards(
  contents: WebContents,
  options: { serverUrl: string; openExternal: (url: string) => Promise<void> },
): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (navigationDecision(url) === 'deny') event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url, options.serverUrl);
    if (decision.openExternally) {
      options.openExternal(decision.openExternally).catch(() => {
        // The system has no browser for it: nothing more the app can do.
      });
    }
    return { action: decision.action };
  });
}

/**
 * The session's permission handlers and headers. This header hook is the ONE place the session
 * token joins a request: every request to the configured server that goes through the session
 * (the page's fetch and XHR, the WebSocket handshake, <img> and <audio>, and main's net.fetch
 * proxy of app://beatroom/api/files) gets `Authorization: Bearer` when it lacks one. The page
 * never holds the token (no IPC channel returns it), so a compromised page cannot take it away.
 * A request that already names a token keeps it: main's own sign-in check and logout say which
 * session they mean.
 */
export function applySessionPolicies(
  session: Session,
  options: { config: DesktopConfig; token: () => string | null },
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(
      permissionDecision({
        permission,
        requestingUrl: details.requestingUrl ?? '',
        mediaTypes,
        isMainFrame: details.isMainFrame,
      }),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionDecision({
      permission,
      requestingUrl: requestingOrigin,
      mediaTypes: details.mediaType && details.mediaType !== 'unknown' ? [details.mediaType] : [],
      isMainFrame: details.isMainFrame,
    }),
  );
  // USB, HID and serial devices are never offered to the page.
  session.setDevicePermissionHandler(() => false);

  const { serverUrl, serverWsUrl } = options.config;
  session.webRequest.onBeforeSendHeaders(
    { urls: [`${serverUrl}/*`, `${serverWsUrl}/*`] },
    (details, callback) => {
      const headers = { ...details.requestHeaders };
      const token = options.token();
      const hasAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
      if (token && !hasAuthorization) headers.Authorization = `Bearer ${token}`;
      callback({ requestHeaders: headers });
    },
  );
}

/**
 * A page that asks before it unloads (the studio with an unsaved take sets `beforeunload`) gets
 * no prompt from Electron, which would silently keep the window open: main asks with a native
 * dialog, and Leave lets the window close or reload. `ask` answers true for Leave.
 */
export function askBeforeUnload(contents: WebContents, ask: () => boolean): void {
  contents.on('will-prevent-unload', (event) => {
    // preventDefault here overrides the page's refusal: the unload goes on.
    if (ask()) event.preventDefault();
  });
}

/** The question itself: Stay is the default, so Enter or Escape never loses the take. */
function leaveWithUnsavedTake(window: BrowserWindow): boolean {
  const choice = dialog.showMessageBoxSync(window, {
    type: 'question',
    buttons: ['Leave', 'Stay'],
    defaultId: 1,
    cancelId: 1,
    title: 'Leave the studio?',
    message: 'Your take is not saved.',
    detail: 'It stays in your library and is offered again when you open the studio for this beat.',
  });
  return choice === 0;
}

/** The one app window, with the security constant and the guards. */
export function createMainWindow(options: {
  state: WindowState;
  preloadPath: string;
  config: DesktopConfig;
  openExternal: (url: string) => Promise<void>;
}): BrowserWindow {
  const { state } = options;
  const window = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: 360,
    minHeight: 400,
    show: false,
    title: 'Beatroom',
    // The dark theme's background, so the window never flashes white before the first paint.
    backgroundColor: '#07070b',
    webPreferences: { ...WINDOW_SECURITY, preload: options.preloadPath, spellcheck: true },
  });
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  attachWebContentsGuards(window.webContents, {
    serverUrl: options.config.serverUrl,
    openExternal: options.openExternal,
  });
  askBeforeUnload(window.webContents, () => leaveWithUnsavedTake(window));
  void window.loadURL(`${DESKTOP_APP_ORIGIN}/index.html`);
  return window;
}
