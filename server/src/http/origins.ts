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

/** The names of this machine's loopback address, as URL hostnames spell them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Outside production, the other loopback names of PUBLIC_URL's host, with its scheme and port:
 * the same server under another name. The log prints the address the server listens on
 * (http://127.0.0.1:3000) while PUBLIC_URL says http://localhost:3000, and a browser treats the
 * two as different sites. Empty in production and when PUBLIC_URL is not loopback.
 */
export function loopbackAliases(config: Pick<Config, 'publicUrl' | 'env'>): string[] {
  if (config.env === 'production') return [];
  const url = new URL(config.publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map(
    (host) => `${url.protocol}//${host}${port}`,
  );
}

/**
 * Where a page request that reached us under a loopback alias of PUBLIC_URL should go instead:
 * the same path on PUBLIC_URL's own host, so the sign-in (whose callback and cookies belong to
 * PUBLIC_URL's host) and every later call happen on one site. Null for any other host.
 */
export function publicUrlForAlias(
  config: Pick<Config, 'publicUrl' | 'env'>,
  host: string | undefined,
  path: string,
): string | null {
  if (!host) return null;
  const aliases = loopbackAliases(config);
  if (!aliases.some((alias) => new URL(alias).host === host.toLowerCase())) return null;
  return `${originOf(config.publicUrl)}${path}`;
}

/**
 * Origins allowed to make credentialed, state-changing calls and to open the WebSocket: our own
 * (and, outside production, its loopback aliases), the desktop app's renderer (a fixed
 * custom-scheme origin; its calls carry a Bearer token), and configured ones.
 */
export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'corsOrigins' | 'env'>): Set<string> {
  return new Set([
    originOf(config.publicUrl),
    ...loopbackAliases(config),
    DESKTOP_APP_ORIGIN,
    ...config.corsOrigins.map(originOf),
  ]);
}
