import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBeat, uploadImage } from '../../test/catalogue';
import { createTestApp, signIn } from '../../test/helpers';

// Every text answer of 1 KB or more goes out as Brotli or gzip, whichever the client accepts
// first; the built assets as the files the build compressed, with a year of caching.
const dist = mkdtempSync(join(tmpdir(), 'beatroom-compress-'));
const script = `export const beats = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `beat ${i}`))};`;
let t: Awaited<ReturnType<typeof createTestApp>>;
let coverKey: string;

beforeAll(async () => {
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>Beatroom</title></head><body><!-- ${'x'.repeat(2000)} --></body></html>`,
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-1a2b.js'), script);
  writeFileSync(join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
  t = await createTestApp({ webDist: dist });
  const { agent } = await signIn(t.app, 'producer@example.com');
  coverKey = (await uploadImage(agent)).json().key;
  // Enough beats that the browse page is well over the threshold.
  for (let i = 0; i < 6; i++)
    await createBeat(agent, { title: `Beat number ${i}`, description: 'd'.repeat(200) });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('compression of API answers', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ])('Accept-Encoding %s: the beat list goes out as %s and reads back the same', async (accept, expected) => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/beats' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/beats',
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode(expected, res.rawPayload))).toEqual(plain.json());
  });

  it('sends it as is when the client accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/beats', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toHaveLength(6);
    }
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('compresses the app page, and never a stored file (its byte ranges must stay exact)', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/beat/abc',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', page.rawPayload)).toContain('<title>');
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/${coverKey}`,
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' },
    });
    expect(file.statusCode).toBe(206);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload).toHaveLength(100);
  });
});

describe('pre-compressed assets', () => {
  it.each([
    ['br', 'br'],
    ['gz', 'gzip'],
  ])('serves the build’s .%s file for Accept-Encoding %s, cached for a year', async (_file, expected) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': expected },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(expected, res.rawPayload)).toBe(script);
  });

  it('serves the plain file to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });
});
