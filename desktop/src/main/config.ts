import { z } from 'zod';

/** Where development builds find the server when BEATROOM_SERVER_URL is not set. */
export const DEVELOPMENT_SERVER_URL = 'http://localhost:3000';

export interface DesktopConfig {
  /** The server's origin, e.g. https://beatroom.example (no path, no trailing slash). */
  serverUrl: string;
  /** The same host over WebSocket (ws: or wss:), for the Content-Security-Policy. */
  serverWsUrl: string;
  /** Not packaged: the updater stays off and the CSP allows the renderer dev server. */
  development: boolean;
  /** electron-vite's renderer dev server (development only), proxied behind app://beatroom. */
  rendererDevUrl: string | null;
}

export class DesktopConfigError extends Error {}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const ServerUrl = z
  .string()
  .trim()
  .url('must be a URL such as https://beatroom.example')
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'https:' || url.protocol === 'http:', 'must start with https://')
  .refine((url) => !url.username && !url.password, 'must not contain a user name or password')
  .refine(
    (url) => url.pathname === '/' && !url.search && !url.hash,
    'must be an origin only, without a path',
  );

/**
 * Reads BEATROOM_SERVER_URL. The session token travels as a Bearer header, so plain http is
 * accepted only for loopback or in development; a packaged build refuses it for any other host.
 * Development defaults to the local server; a packaged build falls back to the address it was
 * built with, else start-up stops with a message naming the variable.
 */
export function loadDesktopConfig(
  env: Record<string, string | undefined>,
  options: { packaged: boolean; builtInServerUrl?: string },
): DesktopConfig {
  const development = !options.packaged;
  const raw =
    env.BEATROOM_SERVER_URL || options.builtInServerUrl || (development ? DEVELOPMENT_SERVER_URL : '');
  if (!raw) {
    throw new DesktopConfigError('BEATROOM_SERVER_URL: required (the Beatroom server address, https://…)');
  }
  const parsed = ServerUrl.safeParse(raw);
  if (!parsed.success) {
    throw new DesktopConfigError(`BEATROOM_SERVER_URL: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  const url = parsed.data;
  if (url.protocol === 'http:' && !development && !LOOPBACK.has(url.hostname)) {
    throw new DesktopConfigError(
      'BEATROOM_SERVER_URL: must use https:// (sign-in tokens must not travel in clear)',
    );
  }
  const rendererDevUrl =
    development && env.ELECTRON_RENDERER_URL ? new URL(env.ELECTRON_RENDERER_URL).origin : null;
  return {
    serverUrl: url.origin,
    serverWsUrl: `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`,
    development,
    rendererDevUrl,
  };
}
