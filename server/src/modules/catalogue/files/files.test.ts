import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/helpers';
import { newKey } from '../../platform/storage/storage';
import { etagMatches, MAX_RANGES, parseRange } from './byte-ranges';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=abc', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=0-99', { kind: 'ranges', ranges: [{ start: 0, end: 99 }] }],
    ['bytes=900-', { kind: 'ranges', ranges: [{ start: 900, end: 999 }] }],
    ['bytes=-500', { kind: 'ranges', ranges: [{ start: 500, end: 999 }] }],
    ['bytes=-5000', { kind: 'ranges', ranges: [{ start: 0, end: 999 }] }],
    ['bytes=990-5000', { kind: 'ranges', ranges: [{ start: 990, end: 999 }] }],
    ['bytes=500-100', { kind: 'unsatisfiable' }],
    ['bytes=1000-1010', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-9, 5-19, 20-29', { kind: 'ranges', ranges: [{ start: 0, end: 29 }] }],
    ['bytes=500-100, 0-0', { kind: 'ranges', ranges: [{ start: 0, end: 0 }] }],
  ])('%s on 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('sends the whole file when more than the cap of ranges remain', () => {
    const many = Array.from({ length: MAX_RANGES + 1 }, (_, i) => `${i * 10}-${i * 10 + 1}`).join(',');
    expect(parseRange(`bytes=${many}`, 1000)).toEqual({ kind: 'whole' });
  });

  it('an empty file satisfies no range', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('compares ETags weakly for If-None-Match', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
  });
});

describe('GET /api/files/{key}', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  // A preview: public, like covers and pictures.
  const key = newKey('previews', 'mp3');
  const url = `/api/files/${key}`;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.storage.put(key, Readable.from([content]), { contentType: 'audio/mpeg' });
  });
  afterAll(async () => t?.close());

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('answers the whole file with type, length, ETag and a year of immutable caching', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('HEAD answers the same headers without a body', async () => {
    const res = await get({}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBe(0);
  });

  it('304 when If-None-Match names the ETag', async () => {
    const { etag } = (await get()).headers;
    const res = await get({ 'if-none-match': String(etag) });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });

  it('206 for one range', async () => {
    const res = await get({ range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(content.subarray(100, 200))).toBe(true);
  });

  it('206 for a suffix range (bytes=-500)', async () => {
    const res = await get({ range: 'bytes=-500' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 500-999/1000');
    expect(res.rawPayload.equals(content.subarray(500))).toBe(true);
  });

  it('clamps a range ending past the end', async () => {
    const res = await get({ range: 'bytes=990-5000' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 990-999/1000');
    expect(res.rawPayload.length).toBe(10);
  });

  it.each(['bytes=500-100', 'bytes=1000-', 'bytes=5000-6000'])('416 for %s', async (range) => {
    const res = await get({ range });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.json()).toEqual({ error: 'Range not satisfiable' });
  });

  it('answers several ranges as multipart/byteranges', async () => {
    const res = await get({ range: 'bytes=0-9, 100-109, -5' });
    expect(res.statusCode).toBe(206);
    const type = String(res.headers['content-type']);
    expect(type).toMatch(/^multipart\/byteranges; boundary=/);
    const boundary = type.split('boundary=')[1]!;
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const body = res.rawPayload.toString('latin1');
    const parts = body.split(`--${boundary}`).slice(1, -1);
    expect(parts).toHaveLength(3);
    expect(parts[0]).toContain('Content-Range: bytes 0-9/1000');
    expect(parts[1]).toContain('Content-Range: bytes 100-109/1000');
    expect(parts[2]).toContain('Content-Range: bytes 995-999/1000');
    const data = (part: string) => Buffer.from(part.split('\r\n\r\n')[1]!.replace(/\r\n$/, ''), 'latin1');
    expect(data(parts[1]!).equals(content.subarray(100, 110))).toBe(true);
    expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });

  it('sends the whole file for too many ranges', async () => {
    const many = Array.from({ length: 20 }, (_, i) => `${i * 20}-${i * 20 + 2}`).join(',');
    const res = await get({ range: `bytes=${many}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(1000);
  });

  it('ignores Range when If-Range names another version', async () => {
    const res = await get({ range: 'bytes=0-9', 'if-range': '"other"' });
    expect(res.statusCode).toBe(200);
  });

  it('never serves a master, a voice tag or a rendition, whoever asks: the same 404 as a missing file', async () => {
    const master = newKey('audio', 'wav');
    const rendition = newKey('renditions', 'mp3');
    for (const privateKey of [master, rendition]) {
      await t.app.storage.put(privateKey, Readable.from([content]), { contentType: 'audio/wav' });
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/files/${privateKey}`,
          headers: { range: 'bytes=0-9' },
        });
        expect(res.statusCode).toBe(404);
        if (method === 'GET') expect(res.json()).toEqual({ error: 'File not found' });
      }
    }
  });

  it.each([
    '/api/files/audio/00000000-0000-0000-0000-000000000000.wav',
    '/api/files/../../etc/passwd',
    '/api/files/..%2F..%2Fetc%2Fpasswd',
    '/api/files/audio/%2E%2E/%2E%2E/session-secret',
    '/api/files/session-secret',
    '/api/files/',
    '/api/files/audio/not-a-uuid.wav',
  ])('404 {error} for %s', async (path) => {
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('error');
  });
});
