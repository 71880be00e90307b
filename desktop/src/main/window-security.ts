// Every security decision about the app window in one place, as plain data and pure functions (a
// rule of docs/desktop.md), so the tests check the same values the window uses. window.ts applies
// them.
import { DESKTOP_APP_ORIGIN } from '@beatroom/shared/desktop-app';
import type { WebPreferences } from 'electron';

/**
 * The renderer is a web page with no Node and no Electron: isolated from the preload's world,
 * sandboxed by the OS, allowed only what a browser tab would be. The preload is the only bridge.
 */
export const WINDOW_SECURITY = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
} as const satisfies WebPreferences;

/** True for a URL on the app's own origin (app://beatroom/…). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      `${parsed.protocol}//${parsed.host}` === DESKTOP_APP_ORIGIN && !parsed.username && !parsed.password
    );
  } catch {
    return false;
  }
}

/**
 * The Content-Security-Policy of every page the app serves. Scripts and styles only from the
 * app itself (inline styles are needed by Radix positioning); network only to the app and the
 * configured server over HTTP and WebSocket; media from the app, the server and blobs (recorded
 * takes); no plugins, no frames, no form posts elsewhere. Development adds the renderer dev
 * server (HMR socket) and inline scripts (React Fast Refresh's preamble).
 */
export function contentSecurityPolicy(options: {
  serverUrl: string;
  serverWsUrl: string;
  rendererDevUrl?: string | null;
}): string {
  const dev = options.rendererDevUrl ?? null;
  const devWs = dev ? dev.replace(/^http/, 'ws') : null;
  const connect = ["'self'", options.serverUrl, options.serverWsUrl, ...(dev && devWs ? [dev, devWs] : [])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', options.serverUrl, 'https:'],
    'media-src': ["'self'", 'blob:', 'data:', options.serverUrl],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Links the app hands to the system browser: https only (plus the configured server, which may
 * be http in development), never with credentials in the URL. Other schemes are refused because
 * openExternal on file:, smb: or an OS handler scheme is a known way to run code from a link.
 */
export function isAllowedExternalUrl(url: string, serverUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.origin === new URL(serverUrl).origin;
}

/** will-navigate and will-redirect: the window may only ever show the app's own pages. */
export function navigationDecision(url: string): 'allow' | 'deny' {
  return isAppUrl(url) ? 'allow' : 'deny';
}

/**
 * window.open and target=_blank: never a new Electron window. Allowed links open in the system
 * browser; everything else is dropped.
 */
export function windowOpenDecision(
  url: string,
  serverUrl: string,
): { action: 'deny'; openExternally: string | null } {
  return { action: 'deny', openExternally: isAllowedExternalUrl(url, serverUrl) ? url : null };
}

/** Permissions the renderer may hold: the microphone (audio only) and writing to the clipboard. */
export interface PermissionQuery {
  permission: string;
  /** The page asking: details.requestingUrl (request) or requestingOrigin (check). */
  requestingUrl: string;
  /** For 'media': which devices ('audio', 'video'); empty or absent when unknown. */
  mediaTypes?: readonly string[];
  /** The asking frame is the main frame (sub-frames never get anything). */
  isMainFrame?: boolean;
}

/**
 * Granted only to the app's own origin: 'media' when only audio is asked for (recording vocals),
 * and 'clipboard-sanitized-write' (the Share button copies a link; reading is never granted).
 * Camera, geolocation, notifications (main shows those), HID, serial… are all refused.
 */
export function permissionDecision(query: PermissionQuery): boolean {
  if (!isAppUrl(query.requestingUrl) || query.isMainFrame === false) return false;
  if (query.permission === 'clipboard-sanitized-write') return true;
  if (query.permission !== 'media') return false;
  const types = query.mediaTypes ?? [];
  return types.length > 0 && types.every((type) => type === 'audio');
}
