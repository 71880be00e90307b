import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { build } from 'esbuild';
import { contentSecurityPolicy } from '../src/main/window-security';
import type { createDialogsStandIn } from './stand-ins/dialogs';
import type { createIpcMainStandIn } from './stand-ins/ipc-main';
import type { createProtocolStandIn } from './stand-ins/protocol';
import type { createShellStandIn } from './stand-ins/shell';
import type { WindowStandIn } from './stand-ins/window';
import { decodeWire, encodeWire } from './wire';

export interface HarnessHttpDeps {
  port: number;
  origin: string;
  serverUrl: string;
  rendererDir: string;
  token: () => string | null;
  ipcMain: ReturnType<typeof createIpcMainStandIn>;
  window: WindowStandIn;
  shell: ReturnType<typeof createShellStandIn>;
  dialogs: ReturnType<typeof createDialogsStandIn>;
  protocol: ReturnType<typeof createProtocolStandIn>;
  coverPath: (fileName: string) => string | null;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.webm': 'audio/webm',
};
const LIMIT = 120 * 1024 * 1024;

/** The page's bridge (the preload's stand-in), bundled once at start. */
async function bundleBridge(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'page/bridge.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    // The renderer's CSP has no 'unsafe-eval': the web's jitless zod, as the renderer build uses.
    plugins: [
      {
        name: 'jitless-zod',
        setup(builder) {
          const jitless = join(import.meta.dirname, '../../web/src/lib/zod-jitless.ts');
          builder.onResolve({ filter: /^zod$/ }, () => ({ path: jitless }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMIT) {
        reject(new Error('too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendText(
  response: ServerResponse,
  status: number,
  body: string,
  type = 'text/plain; charset=utf-8',
) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

function sendFile(response: ServerResponse, file: string, headers: Record<string, string> = {}) {
  response.writeHead(200, {
    'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(statSync(file).size),
    ...headers,
  });
  createReadStream(file).pipe(response);
}

const OPEN_URL_FORM = `<!doctype html><meta charset="utf-8"><title>Open a beatroom:// link</title>
<form method="post"><p>Paste the link of the “Open Beatroom” button to hand it to the app, as the
operating system would.</p><input name="url" size="80" placeholder="beatroom://auth/callback?handoff=…">
<button>Open</button></form>`;

/**
 * The harness's loopback HTTP server: the built renderer (with the bridge script and the app's
 * Content-Security-Policy), the bridge's IPC and event endpoints, the stand-ins' endpoints
 * (dialogs, opened files, `beatroom://` links), cached covers, and a proxy to the server for
 * /api that adds the session's Bearer header, as the app's session hook does. The page never
 * receives the token.
 */
export async function createHarnessHttp(deps: HarnessHttpDeps) {
  const bridge = await bundleBridge();
  const csp = contentSecurityPolicy({
    serverUrl: deps.origin,
    serverWsUrl: deps.origin.replace(/^http/, 'ws'),
  });
  const security = { 'content-security-policy': csp, 'x-content-type-options': 'nosniff' };
  const upstream = new URL(deps.serverUrl);

  /** Only the renderer page itself may call main: same origin, JSON (never a simple form post). */
  const fromPage = (request: IncomingMessage) =>
    request.headers.origin === deps.origin &&
    (request.headers['content-type'] ?? '').startsWith('application/json');

  const proxyHeaders = (request: IncomingMessage) => {
    const headers = { ...request.headers, host: upstream.host };
    delete headers.origin;
    delete headers.referer;
    const token = deps.token();
    if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
    return headers;
  };

  function proxy(request: IncomingMessage, response: ServerResponse) {
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port || 80,
        method: request.method,
        path: request.url,
        headers: proxyHeaders(request),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent)
        sendText(
          response,
          502,
          JSON.stringify({ error: 'The Beatroom server cannot be reached.' }),
          'application/json',
        );
      else response.destroy();
    });
    request.pipe(forwarded);
  }

  function renderer(pathname: string, response: ServerResponse) {
    const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
    const file = normalize(join(deps.rendererDir, relative));
    if (
      !file.startsWith(normalize(deps.rendererDir) + sep) ||
      !existsSync(file) ||
      !statSync(file).isFile()
    ) {
      sendText(response, 404, 'Not found');
      return;
    }
    if (file.endsWith('.html')) {
      // The bridge runs first, as the preload does before any page script.
      const html = readFileSync(file, 'utf8').replace(
        '<head>',
        '<head><script src="/__harness/bridge.js"></script>',
      );
      response.writeHead(200, { 'content-type': MIME['.html']!, 'cache-control': 'no-store', ...security });
      response.end(html);
      return;
    }
    sendFile(response, file);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', deps.origin);
    const { pathname } = url;
    const method = request.method ?? 'GET';

    if (pathname.startsWith('/api/')) return proxy(request, response);
    if (pathname === '/__harness/ready') return sendText(response, 200, 'ready');
    if (pathname === '/__harness/bridge.js') return sendText(response, 200, bridge, MIME['.js']);
    if (pathname === '/__harness/events') return deps.window.attach(response, url.searchParams.get('page'));

    if (pathname === '/__harness/ipc' && method === 'POST') {
      if (!fromPage(request)) return sendText(response, 403, 'Only the app page may call main.');
      const { channel, request: payload } = decodeWire((await readBody(request)).toString('utf8')) as {
        channel: string;
        request: unknown;
      };
      const senderUrl = request.headers.referer ?? `${deps.origin}/`;
      const answer = await deps.ipcMain.invoke(String(channel), { senderFrame: { url: senderUrl } }, payload);
      // In order with main's events, on the calling tab's stream (window.ts says why); a caller
      // without a stream gets the answer as the response.
      const page = request.headers['x-harness-page'];
      const call = request.headers['x-harness-call'];
      if (typeof page === 'string' && typeof call === 'string' && deps.window.answer(page, call, answer)) {
        response.writeHead(202, { 'cache-control': 'no-store' }).end();
        return;
      }
      return sendText(response, 200, encodeWire(answer), 'application/json');
    }

    const dialog = /^\/__harness\/dialog\/([\w-]+)$/.exec(pathname);
    if (dialog && method === 'POST') {
      if (request.headers.origin !== deps.origin) return sendText(response, 403, 'Forbidden');
      const bytes = await readBody(request);
      const name = decodeURIComponent(String(request.headers['x-file-name'] ?? 'file'));
      const ok = deps.dialogs.answer(dialog[1]!, request.headers['x-cancel'] ? null : { name, bytes });
      return sendText(response, ok ? 200 : 404, ok ? 'ok' : 'No dialog is waiting.');
    }

    const opened = /^\/__harness\/local-file\/([\w-]+)$/.exec(pathname);
    if (opened) {
      const file = deps.shell.openedFile(opened[1]!);
      if (!file || !existsSync(file)) return sendText(response, 404, 'Not found');
      return sendFile(response, file);
    }

    if (pathname === '/__harness/open-url') {
      if (method === 'GET') return sendText(response, 200, OPEN_URL_FORM, MIME['.html']);
      const body = (await readBody(request)).toString('utf8');
      const link = (request.headers['content-type'] ?? '').startsWith('application/json')
        ? String((JSON.parse(body) as { url?: unknown }).url ?? '')
        : (new URLSearchParams(body).get('url') ?? '');
      const taken = deps.protocol.open(link.trim());
      return sendText(response, taken ? 200 : 400, taken ? 'Handed to the app.' : 'Not a beatroom:// link.');
    }

    if (pathname.startsWith('/library-covers/')) {
      const file = deps.coverPath(pathname.slice('/library-covers/'.length));
      if (!file || !existsSync(file)) return sendText(response, 404, 'Not found');
      return sendFile(response, file);
    }

    if (method !== 'GET' && method !== 'HEAD') return sendText(response, 405, 'Method not allowed');
    return renderer(pathname, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[desktop main] request failed', error);
      if (!response.headersSent) sendText(response, 500, 'Something went wrong in the harness.');
      else response.destroy();
    });
  });

  // The realtime WebSocket (/api/ws): piped to the server with the session's header added.
  server.on('upgrade', (request, socket, head) => {
    if (!(request.url ?? '').startsWith('/api/')) return socket.destroy();
    const target = connect(Number(upstream.port || 80), upstream.hostname, () => {
      const headers = proxyHeaders(request);
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) {
        for (const item of Array.isArray(value) ? value : [value])
          if (item !== undefined) lines.push(`${name}: ${item}`);
      }
      target.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) target.write(head);
      target.pipe(socket);
      socket.pipe(target);
    });
    target.on('error', () => socket.destroy());
    socket.on('error', () => target.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, '127.0.0.1', resolve);
  });
  return {
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
