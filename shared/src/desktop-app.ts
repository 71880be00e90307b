// Facts about the desktop app that the server, the web app and the desktop app must agree on.
// Kept apart from the IPC contract so the server and the web app need not load it.

/**
 * The desktop renderer is served from a privileged custom scheme, not file://, so its origin is
 * stable and nameable (file:// pages send `Origin: null`, which no allow-list can trust). The
 * server accepts this origin by default for CORS and the WebSocket origin check.
 */
export const DESKTOP_APP_SCHEME = 'app';
export const DESKTOP_APP_HOST = 'beatroom';
export const DESKTOP_APP_ORIGIN = `${DESKTOP_APP_SCHEME}://${DESKTOP_APP_HOST}`;

/** The operating system hands `beatroom://…` links to the installed app. */
export const DEEP_LINK_SCHEME = 'beatroom';

/**
 * Where the browser sends the user back to the app after a desktop sign-in (RFC 8252 §7.1,
 * private-use URI scheme). Only this host and path are accepted by the app.
 */
export const DESKTOP_AUTH_CALLBACK = { host: 'auth', path: '/callback', param: 'handoff' } as const;

/** The deep link that carries a one-time desktop handoff code to the app. */
export function desktopHandoffLink(handoff: string): string {
  const params = new URLSearchParams({ [DESKTOP_AUTH_CALLBACK.param]: handoff });
  return `${DEEP_LINK_SCHEME}://${DESKTOP_AUTH_CALLBACK.host}${DESKTOP_AUTH_CALLBACK.path}?${params}`;
}
