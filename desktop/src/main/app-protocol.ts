import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { STORAGE_KEY_PATTERN } from '@beatroom/shared/files-contract';
import { DESKTOP_APP_HOST, DESKTOP_APP_SCHEME } from '@beatroom/shared/desktop-app';
import { COVERS_PATH } from './library/library-service';

/**
 * How app://beatroom is registered (before the app is ready): a standard, secure scheme, so the
 * renderer has a real origin, counts as a secure context (getUserMedia needs one) and can use
 * fetch, streams and the code cache. Same privileges as https, nothing more.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: DESKTOP_APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
} as const;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

export type AppRequestTarget =
  | { kind: 'renderer'; file: string; contentType: string }
  | { kind: 'cover'; fileName: string }
  | { kind: 'server-file'; path: string }
  | { kind: 'dev-server'; path: string }
  | { kind: 'not-found' };

/**
 * What an app://beatroom request is for. Renderer files come from the built renderer folder
 * (never outside it, whatever the path says); /library-covers/ are cached covers;
 * /api/files/{key} is proxied to the server, because the web app's screens address stored files
 * by that relative path (the session's header hook authenticates the proxied request); in development everything else comes from the
 * renderer dev server. Other hosts are not ours.
 */
export function resolveAppRequest(
  rawUrl: string,
  options: { rendererDir: string; development: boolean },
): AppRequestTarget {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'not-found' };
  }
  if (url.protocol !== `${DESKTOP_APP_SCHEME}:` || url.host !== DESKTOP_APP_HOST)
    return { kind: 'not-found' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'not-found' };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { kind: 'not-found' };

  if (pathname.startsWith(COVERS_PATH)) {
    return { kind: 'cover', fileName: pathname.slice(COVERS_PATH.length) };
  }
  if (pathname.startsWith('/api/files/')) {
    const key = pathname.slice('/api/files/'.length);
    return STORAGE_KEY_PATTERN.test(key)
      ? { kind: 'server-file', path: `/api/files/${key}` }
      : { kind: 'not-found' };
  }
  // Every other API call goes to the server itself (apiClient's baseUrl), never to the app.
  if (pathname.startsWith('/api/')) return { kind: 'not-found' };
  if (options.development) return { kind: 'dev-server', path: `${url.pathname}${url.search}` };

  const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
  const file = normalize(join(options.rendererDir, relative));
  if (!file.startsWith(normalize(options.rendererDir) + sep)) return { kind: 'not-found' };
  return {
    kind: 'renderer',
    file,
    contentType: MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
  };
}

export interface AppProtocolDeps {
  rendererDir: string;
  development: boolean;
  rendererDevUrl: string | null;
  serverUrl: string;
  contentSecurityPolicy: string;
  coverPath: (fileName: string) => string | null;
  /**
   * Electron's net.fetch in the app (plain fetch in tests). It goes through the default session,
   * whose header hook (window.ts, applySessionPolicies) adds the Bearer token: that hook is the
   * one place the token is attached, so this handler never sees it.
   */
  fetch: typeof fetch;
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });

/** Headers forwarded to the server for files: conditional and partial requests (seeking audio). */
const FORWARDED = ['range', 'if-none-match', 'if-modified-since', 'if-range'];

/**
 * The protocol handler for app://beatroom. Every HTML answer carries the Content-Security-Policy
 * (the page's policy comes from here, not from a meta tag, so it can name the configured server).
 */
export function createAppProtocolHandler(deps: AppProtocolDeps) {
  const security = {
    'content-security-policy': deps.contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
  };

  return async (request: Request): Promise<Response> => {
    const target = resolveAppRequest(request.url, {
      rendererDir: deps.rendererDir,
      development: deps.development,
    });
    switch (target.kind) {
      case 'renderer': {
        try {
          const body = await readFile(target.file);
          return new Response(body, { headers: { 'content-type': target.contentType, ...security } });
        } catch {
          return notFound();
        }
      }
      case 'cover': {
        const file = deps.coverPath(target.fileName);
        if (!file) return notFound();
        try {
          return new Response(await readFile(file), {
            headers: { 'content-type': 'image/jpeg', 'cache-control': 'max-age=31536000, immutable' },
          });
        } catch {
          return notFound();
        }
      }
      case 'server-file': {
        if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
        const headers = new Headers();
        for (const name of FORWARDED) {
          const value = request.headers.get(name);
          if (value) headers.set(name, value);
        }
        try {
          const answer = await deps.fetch(`${deps.serverUrl}${target.path}`, {
            method: request.method,
            headers,
          });
          return new Response(answer.body, { status: answer.status, headers: answer.headers });
        } catch {
          return new Response('The Beatroom server cannot be reached.', { status: 502 });
        }
      }
      case 'dev-server': {
        const answer = await deps.fetch(`${deps.rendererDevUrl}${target.path}`, { headers: request.headers });
        const headers = new Headers(answer.headers);
        if ((headers.get('content-type') ?? '').startsWith('text/html')) {
          for (const [name, value] of Object.entries(security)) headers.set(name, value);
        }
        return new Response(answer.body, { status: answer.status, headers });
      }
      default:
        return notFound();
    }
  };
}
