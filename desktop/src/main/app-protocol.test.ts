import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, resolveAppRequest } from './app-protocol';

const dir = mkdtempSync(join(tmpdir(), 'beatroom-protocol-'));
beforeAll(() => {
  mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Beatroom</title>');
  writeFileSync(join(dir, 'renderer', 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'secret');
  mkdirSync(join(dir, 'covers'));
  writeFileSync(join(dir, 'covers', 'b1-0123456789abcdef.jpg'), 'jpeg');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rendererDir = () => join(dir, 'renderer');

describe('resolveAppRequest', () => {
  it('serves renderer files, never outside the renderer folder', () => {
    expect(
      resolveAppRequest('app://beatroom/index.html', { rendererDir: rendererDir(), development: false }),
    ).toMatchObject({
      kind: 'renderer',
      contentType: 'text/html; charset=utf-8',
    });
    for (const url of [
      'app://beatroom/../secret.txt',
      'app://beatroom/%2e%2e/secret.txt',
      'app://beatroom/assets/..%2f..%2fsecret.txt',
      'app://beatroom/%00',
      'app://evil/index.html',
      'https://beatroom/index.html',
    ]) {
      const target = resolveAppRequest(url, { rendererDir: rendererDir(), development: false });
      if (target.kind === 'renderer') expect(target.file.startsWith(rendererDir() + sep)).toBe(true);
      else expect(target.kind).toBe('not-found');
    }
  });

  it('proxies only real storage keys to the server', () => {
    const key = 'audio/0b7c2a4e-5b3f-4d2e-9a1c-0123456789ab.mp3';
    expect(
      resolveAppRequest(`app://beatroom/api/files/${key}`, {
        rendererDir: rendererDir(),
        development: false,
      }),
    ).toEqual({
      kind: 'server-file',
      path: `/api/files/${key}`,
    });
    expect(
      resolveAppRequest('app://beatroom/api/files/../users/me', {
        rendererDir: rendererDir(),
        development: false,
      }).kind,
    ).not.toBe('server-file');
    // Other API paths are the server's business, in development too: never a renderer file.
    for (const development of [false, true]) {
      expect(
        resolveAppRequest('app://beatroom/api/beats', { rendererDir: rendererDir(), development }).kind,
      ).toBe('not-found');
    }
  });
});

describe('app protocol handler', () => {
  const requests: { url: string; headers: Headers }[] = [];
  const handler = createAppProtocolHandler({
    rendererDir: join(dir, 'renderer'),
    development: false,
    rendererDevUrl: null,
    serverUrl: 'http://server.test',
    contentSecurityPolicy: "default-src 'self'",
    coverPath: (name) => (name === 'b1-0123456789abcdef.jpg' ? join(dir, 'covers', name) : null),
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(input), headers: new Headers(init?.headers) });
      return new Response('bytes', { status: 206, headers: { 'content-range': 'bytes 0-4/100' } });
    }) as typeof fetch,
  });

  it('answers the page with its Content-Security-Policy', async () => {
    const res = await handler(new Request('app://beatroom/index.html'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('Beatroom');
    expect((await handler(new Request('app://beatroom/missing.js'))).status).toBe(404);
  });

  it('serves cached covers', async () => {
    const res = await handler(new Request('app://beatroom/library-covers/b1-0123456789abcdef.jpg'));
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await handler(new Request('app://beatroom/library-covers/..%2Flibrary.db'))).status).toBe(404);
  });

  it('forwards file reads to the server with the Range header and no credentials of its own', async () => {
    const key = 'audio/0b7c2a4e-5b3f-4d2e-9a1c-0123456789ab.mp3';
    const res = await handler(
      new Request(`app://beatroom/api/files/${key}`, { headers: { range: 'bytes=0-4', cookie: 'x=y' } }),
    );
    expect(res.status).toBe(206);
    expect(requests[0]!.url).toBe(`http://server.test/api/files/${key}`);
    expect(requests[0]!.headers.get('range')).toBe('bytes=0-4');
    // The session's header hook adds the Bearer token (window.ts); the proxy never holds it.
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(requests[0]!.headers.get('cookie')).toBeNull();
    expect(
      (await handler(new Request(`app://beatroom/api/files/${key}`, { method: 'POST', body: 'x' }))).status,
    ).toBe(405);
  });
});
