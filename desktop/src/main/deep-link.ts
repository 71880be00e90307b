import { DEEP_LINK_SCHEME, DESKTOP_AUTH_CALLBACK } from '@beatroom/shared/desktop-app';

/** What a `beatroom://` link may ask of the app. Today only: finish a sign-in. */
export type DeepLink = { kind: 'auth-callback'; handoff: string };

const HANDOFF = /^[A-Za-z0-9_-]{20,200}$/;
const MAX_LINK_LENGTH = 2048;

/**
 * Parses a link the operating system handed to the app. Anything that is not exactly
 * beatroom://auth/callback?handoff=<code> is refused: other hosts and paths, credentials,
 * ports, extra or repeated parameters, fragments. Links arrive from any web page or program,
 * so nothing about them is trusted.
 */
export function parseDeepLink(raw: string): DeepLink | null {
  if (typeof raw !== 'string' || raw.length > MAX_LINK_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  if (url.username || url.password || url.port || url.hash) return null;
  // Custom schemes keep the host as typed; host names are case-insensitive.
  if (url.hostname.toLowerCase() !== DESKTOP_AUTH_CALLBACK.host) return null;
  if (url.pathname !== DESKTOP_AUTH_CALLBACK.path && url.pathname !== `${DESKTOP_AUTH_CALLBACK.path}/`)
    return null;
  const keys = [...url.searchParams.keys()];
  if (keys.length !== 1 || keys[0] !== DESKTOP_AUTH_CALLBACK.param) return null;
  const handoff = url.searchParams.get(DESKTOP_AUTH_CALLBACK.param) ?? '';
  if (!HANDOFF.test(handoff)) return null;
  return { kind: 'auth-callback', handoff };
}

/**
 * On Windows and Linux a clicked link starts the app (or a second instance) with the link as a
 * command-line argument. Only an argument that is itself a beatroom: link counts; the rest of
 * the command line (Chromium switches, the app path) is ignored.
 */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  const prefix = `${DEEP_LINK_SCHEME}://`;
  for (const arg of argv) {
    const value = arg.replace(/^"|"$/g, '');
    if (value.toLowerCase().startsWith(prefix)) return value;
  }
  return null;
}
