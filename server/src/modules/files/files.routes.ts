import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { contentTypeOf, isStorageKey, type ByteRange, type Storage } from '../storage/storage';
import { etagMatches, parseRange } from './byte-ranges';

const FILE_NOT_FOUND = 'File not found';
/** A key's content never changes (a new file gets a new key), so caches may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Strong ETag from the key and size: both fixed for the life of a key, on any backend. */
function etagOf(key: string, size: number): string {
  return `"${createHash('sha1').update(key).digest('base64url').slice(0, 16)}-${size.toString(36)}"`;
}

/** The body of a multi-range answer: each range with its own headers, read in turn. */
function byteranges(storage: Storage, key: string, ranges: ByteRange[], size: number, type: string) {
  const boundary = randomBytes(12).toString('hex');
  const heads = ranges.map(
    (r, i) =>
      `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Type: ${type}\r\nContent-Range: bytes ${r.start}-${r.end}/${size}\r\n\r\n`,
  );
  const tail = `\r\n--${boundary}--\r\n`;
  const length =
    heads.reduce((sum, h) => sum + Buffer.byteLength(h), 0) +
    ranges.reduce((sum, r) => sum + r.end - r.start + 1, 0) +
    Buffer.byteLength(tail);
  async function* parts() {
    for (const [i, range] of ranges.entries()) {
      yield Buffer.from(heads[i]!);
      yield* await storage.get(key, range);
    }
    yield Buffer.from(tail);
  }
  return { boundary, length, body: Readable.from(parts(), { objectMode: false }) };
}

/**
 * GET and HEAD /api/files/{key}: stored audio and images with Range (single, or a few as
 * multipart/byteranges), ETag/304 and year-long caching. Anything that is not a stored key is
 * the same 404, so the route says nothing about storage's layout. Media players fetch many
 * ranges while seeking, so this route has its own, larger rate limit.
 */
export const filesRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/*',
    config: { rateLimit: { max: Math.max(config.rateLimitMax * 10, 6000), timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isStorageKey(key)) return reply.status(404).send({ error: FILE_NOT_FOUND });
      const stat = await app.storage.stat(key);
      if (!stat) return reply.status(404).send({ error: FILE_NOT_FOUND });

      const { size } = stat;
      const etag = etagOf(key, size);
      const type = contentTypeOf(key);
      reply.header('accept-ranges', 'bytes').header('etag', etag).header('cache-control', IMMUTABLE);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

      const ifRange = request.headers['if-range'];
      const range =
        !ifRange || ifRange === etag ? parseRange(request.headers.range, size) : { kind: 'whole' as const };
      const head = request.method === 'HEAD';

      if (range.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .send({ error: 'Range not satisfiable' });
      }
      if (range.kind === 'ranges' && range.ranges.length === 1) {
        const only = range.ranges[0]!;
        reply
          .status(206)
          .type(type)
          .header('content-range', `bytes ${only.start}-${only.end}/${size}`)
          .header('content-length', only.end - only.start + 1);
        return reply.send(head ? undefined : await app.storage.get(key, only));
      }
      if (range.kind === 'ranges') {
        const multi = byteranges(app.storage, key, range.ranges, size, type);
        reply
          .status(206)
          .type(`multipart/byteranges; boundary=${multi.boundary}`)
          .header('content-length', multi.length);
        if (head) multi.body.destroy();
        return reply.send(head ? undefined : multi.body);
      }
      reply.status(200).type(type).header('content-length', size);
      return reply.send(head ? undefined : await app.storage.get(key));
    },
  });
};
