import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Smallest body worth compressing: below this the headers cost more than the bytes saved. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Quality 4 compresses JSON nearly as well as 11 at a small fraction of the CPU, per request. */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export type Encoding = 'br' | 'gzip';

/**
 * The encoding the compression plugin would choose for this Accept-Encoding, for the plain
 * lists browsers and HTTP clients send (tokens without q-values, e.g. "gzip, deflate, br,
 * zstd"): Brotli when offered, else gzip (or "*"). Anything else (q-values, no header,
 * X-No-Compression) answers null and is left to the plugin, so no request is ever answered
 * differently from it.
 */
export function simpleEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || header.includes(';') || request.headers['x-no-compression'] !== undefined) return null;
  let gzipOffered = false;
  for (const raw of header.toLowerCase().split(',')) {
    const token = raw.trim();
    if (token === 'br') return 'br';
    // The plugin reads the no-preference token as gzip (and x-gzip is gzip's old name).
    if (token === 'gzip' || token === 'x-gzip' || token === '*') gzipOffered = true;
  }
  return gzipOffered ? 'gzip' : null;
}

function compress(encoding: Encoding, text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    // On libuv's thread pool, like the plugin's streams: the event loop goes on meanwhile.
    if (encoding === 'br') brotliCompress(text, BROTLI_OPTIONS, done);
    else gzip(text, done);
  });
}

/**
 * Compressed JSON answers for a hot route, as the compression plugin would send them (same
 * encoding, same bytes once decoded, `Vary: accept-encoding`), but compressed in one call into
 * one buffer instead of through streams and chunks, and compressed once per answer object: a
 * page the route answers again from its cache (the same frozen object) is sent as the bytes
 * made the first time. Compressing a 24 KB page costs ~5 times writing its JSON, so this is
 * most of a cached page's CPU. Answers false, having sent nothing, when the plugin should
 * handle the request itself (small body, another Accept-Encoding).
 */
export function compressedAnswers() {
  const made = new WeakMap<object, Partial<Record<Encoding, Promise<Buffer>>>>();
  return async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: object,
    json: () => string,
  ): Promise<boolean> {
    const encoding = simpleEncoding(request);
    if (!encoding) return false;
    const forAnswer = made.get(answer);
    let bytes = forAnswer?.[encoding];
    if (!bytes) {
      const text = json();
      if (Buffer.byteLength(text) < COMPRESS_THRESHOLD_BYTES) return false;
      const entry = forAnswer ?? {};
      const pending = compress(encoding, text);
      // A failed compression is not remembered: the next request for the page tries again.
      pending.catch(() => {
        if (entry[encoding] === pending) delete entry[encoding];
      });
      bytes = entry[encoding] = pending;
      made.set(answer, entry);
    }
    const body = await bytes;
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'accept-encoding');
    else if (!String(vary).includes('accept-encoding'))
      reply.header('vary', `${String(vary)}, accept-encoding`);
    // The plugin passes an answer that already names its encoding.
    reply.header('content-encoding', encoding).type('application/json; charset=utf-8');
    await reply.send(body);
    return true;
  };
}
