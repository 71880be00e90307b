import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarnessHttp } from '../harness/harness-http';
import { createDialogsStandIn } from '../harness/stand-ins/dialogs';
import { createIpcMainStandIn } from '../harness/stand-ins/ipc-main';
import { createProtocolStandIn } from '../harness/stand-ins/protocol';
import { createShellStandIn } from '../harness/stand-ins/shell';
import { createWindowStandIn } from '../harness/stand-ins/window';
import { decodeWire, encodeWire } from '../harness/wire';

// The browser harness's bridge: only the renderer page on its own origin may call main, a call
// reaches the handler with the page as its sender, byte arrays survive the trip, and the API
// proxy adds the session token on the way to the server without the page ever seeing it.

const TOKEN = 'secret-session-token';
let dir = '';
let upstream: Server;
let upstreamUrl = '';
let http: Awaited<ReturnType<typeof createHarnessHttp>>;
let origin = '';
const seen: { channel: string; sender: string; request: unknown }[] = [];
const linksOpened: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-harness-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  // The "server": echoes whether the request carried the session's header.
  upstream = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ path: request.url, authorized: request.headers.authorization === `Bearer ${TOKEN}` }),
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const address = upstream.address();
  upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const port = 20_000 + Math.floor(Math.random() * 20_000);
  origin = `http://127.0.0.1:${port}`;
  const window = createWindowStandIn();
  const ipcMain = createIpcMainStandIn();
  ipcMain.handle('app:echo', (event, request) => {
    seen.push({ channel: 'app:echo', sender: event.senderFrame?.url ?? '', request });
    return { ok: true, data: request };
  });
  // Answers, then main sends an event (as an upload finishing right after a list call).
  ipcMain.handle('app:then-event', () => {
    setImmediate(() => window.send('app:changed', { state: 'done' }));
    return { ok: true, data: { state: 'creating' } };
  });
  const protocol = createProtocolStandIn();
  protocol.setAsDefaultProtocolClient('beatroom', (url) => linksOpened.push(url));
  http = await createHarnessHttp({
    port,
    origin,
    serverUrl: upstreamUrl,
    rendererDir: dir,
    token: () => TOKEN,
    ipcMain,
    window,
    shell: createShellStandIn(window, () => {}),
    dialogs: createDialogsStandIn({ window, pickedDir: join(dir, 'picked'), downloadsDir: join(dir, 'dl') }),
    protocol,
    coverPath: () => null,
  });
});

afterAll(() => {
  http?.close();
  upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

const invoke = (headers: Record<string, string>, body: string) =>
  fetch(`${origin}/__harness/ipc`, { method: 'POST', headers, body });

describe('the browser harness bridge', () => {
  it('refuses calls from another origin, or that are not JSON', async () => {
    const body = encodeWire({ channel: 'app:echo', request: { a: 1 } });
    expect(
      (await invoke({ origin: 'http://evil.example', 'content-type': 'application/json' }, body)).status,
    ).toBe(403);
    expect((await invoke({ origin, 'content-type': 'text/plain' }, body)).status).toBe(403);
    expect((await invoke({ 'content-type': 'application/json' }, body)).status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it('carries a call from the page to its handler, bytes included, with the page as sender', async () => {
    const audio = new Uint8Array([0, 1, 254, 255]);
    const answer = await invoke(
      { origin, referer: `${origin}/index.html`, 'content-type': 'application/json' },
      encodeWire({ channel: 'app:echo', request: { audio } }),
    );
    expect(answer.status).toBe(200);
    const result = decodeWire(await answer.text()) as { ok: true; data: { audio: Uint8Array } };
    expect(Array.from(result.data.audio)).toEqual([0, 1, 254, 255]);
    expect(seen.at(-1)).toMatchObject({ sender: `${origin}/index.html` });
    expect((seen.at(-1)!.request as { audio: unknown }).audio).toBeInstanceOf(Uint8Array);
  });

  it("answers a tab's call on that tab's event stream, before the events main sent after it", async () => {
    const stream = await fetch(`${origin}/__harness/events?page=tab-1`);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const frames = async (count: number) => {
      while ((received.match(/^data: /gm) ?? []).length < count) received += (await reader.read()).value;
      return received.split('\n\n').filter((part) => part.startsWith('data: '));
    };
    await frames(0);
    const call = await invoke(
      {
        origin,
        'content-type': 'application/json',
        'x-harness-page': 'tab-1',
        'x-harness-call': '7',
      },
      encodeWire({ channel: 'app:then-event', request: {} }),
    );
    expect(call.status).toBe(202);
    const [answer, event] = (await frames(2)).map((frame) => decodeWire(frame.slice('data: '.length)));
    expect(answer).toEqual({ call: '7', answer: { ok: true, data: { state: 'creating' } } });
    expect(event).toEqual({ channel: 'app:changed', payload: { state: 'done' } });
    await reader.cancel();
  });

  it('serves the renderer with the bridge first and the app’s Content-Security-Policy', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<head><script src="/__harness/bridge.js"></script>');
    expect((await fetch(`${origin}/__harness/bridge.js`)).status).toBe(200);
    expect((await fetch(`${origin}/../../etc/passwd`)).status).toBe(404);
  });

  it('adds the session token to API calls on their way to the server; the page never receives it', async () => {
    const answer = await fetch(`${origin}/api/users/me`);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({ path: '/api/users/me', authorized: true });
    expect(text).not.toContain(TOKEN);
  });

  it('hands a beatroom:// link to the app as the operating system would, and nothing else', async () => {
    const open = (url: string) =>
      fetch(`${origin}/__harness/open-url`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
    expect((await open('beatroom://auth/callback?handoff=abc')).status).toBe(200);
    expect((await open('https://example.com/')).status).toBe(400);
    expect(linksOpened).toEqual(['beatroom://auth/callback?handoff=abc']);
  });
});
