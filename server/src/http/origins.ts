import { DESKTOP_APP_ORIGIN } from '@beatroom/shared/desktop-app';
import type { Config } from '../config';

/**
 * The Origin header a page at `url` sends. WHATWG URL gives custom schemes (app://beatroom) the
 * opaque origin "null", which must never land on an allow-list, so those are spelled out.
 */
function originOf(url: string): string {
  const parsed = new URL(url);
  return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
}

/**
 * Origins allowed to make credentialed, state-changing calls and to open the WebSocket: our own,
 * the desktop app's renderer (a fixed custom-scheme origin; its calls carry a Bearer token), and
 * configured ones.
 */
export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'corsOrigins'>): Set<string> {
  return new Set([originOf(config.publicUrl), DESKTOP_APP_ORIGIN, ...config.corsOrigins.map(originOf)]);
}
