import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionPlugin } from '../plugins/compression';
import { compressedAnswers } from './compressed-answer';

// A hot route's own compressed answers must be indistinguishable from the compression
// plugin's: the same encoding for every Accept-Encoding, the same JSON once decoded, the same
// headers; and a page answered twice (the list cache's frozen page) is compressed once.
const page = Object.freeze(
  Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Midnight Trap ${i}`, producer_name: 'Nova Beats' })),
);
let app: FastifyInstance;
let written = 0;

beforeAll(async () => {
  app = Fastify();
  await app.register(compressionPlugin);
  const send = compressedAnswers();
  const json = () => {
    written++;
    return JSON.stringify(page);
  };
  // The plugin's way: a JSON string, compressed (or not) by its onSend hook.
  app.get('/plugin', async (_request, reply) => reply.type('application/json; charset=utf-8').send(json()));
  app.get('/own', async (request, reply) => {
    reply.header('vary', 'Origin');
    if (await send(request, reply, page, json)) return reply;
    return reply.type('application/json; charset=utf-8').send(json());
  });
  app.get('/own-small', async (request, reply) => {
    const small = [{ id: 1 }];
    if (await send(request, reply, small, () => JSON.stringify(small))) return reply;
    return small;
  });
  await app.ready();
});
afterAll(async () => app?.close());

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('compressed answers of a hot route', () => {
  const cases: [string, Record<string, string>][] = [
    ['a browser', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['gzip listed before br', { 'accept-encoding': 'gzip, br' }],
    ['gzip only', { 'accept-encoding': 'gzip' }],
    ['x-gzip', { 'accept-encoding': 'x-gzip' }],
    ['any', { 'accept-encoding': '*' }],
    ['any and br', { 'accept-encoding': '*, br' }],
    ['q-values', { 'accept-encoding': 'br;q=0.1, gzip;q=0.9' }],
    ['br refused', { 'accept-encoding': 'br;q=0' }],
    ['identity', { 'accept-encoding': 'identity' }],
    ['deflate only', { 'accept-encoding': 'deflate' }],
    ['no header', {}],
    ['x-no-compression', { 'accept-encoding': 'br', 'x-no-compression': '1' }],
  ];
  it.each(cases)('answers %s exactly as the compression plugin does', async (_name, headers) => {
    const theirs = await app.inject({ method: 'GET', url: '/plugin', headers });
    const ours = await app.inject({ method: 'GET', url: '/own', headers });
    expect(ours.statusCode).toBe(200);
    expect(ours.headers['content-encoding']).toBe(theirs.headers['content-encoding']);
    expect(ours.headers['content-type']).toBe(theirs.headers['content-type']);
    expect(decoded(ours.headers['content-encoding'] as string | undefined, ours.rawPayload)).toBe(
      JSON.stringify(page),
    );
    expect(decoded(theirs.headers['content-encoding'] as string | undefined, theirs.rawPayload)).toBe(
      JSON.stringify(page),
    );
    // The route's own Vary is kept, accept-encoding added when the answer was compressed.
    if (ours.headers['content-encoding']) expect(ours.headers.vary).toBe('Origin, accept-encoding');
  });

  it('compresses a page answered again only once, and sends the same bytes', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await app.inject({ method: 'GET', url: '/own', headers });
    const before = written;
    const second = await app.inject({ method: 'GET', url: '/own', headers });
    expect(written).toBe(before);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Another encoding of the same page is kept beside it (made by the cases above).
    const gzipped = await app.inject({ method: 'GET', url: '/own', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(written).toBe(before);
  });

  it('leaves a body under the threshold uncompressed, like the plugin', async () => {
    const res = await app.inject({ method: 'GET', url: '/own-small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual([{ id: 1 }]);
  });
});
