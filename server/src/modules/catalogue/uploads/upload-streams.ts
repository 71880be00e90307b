import { Readable, Transform, pipeline } from 'node:stream';
import { tooLarge } from '../../../http/http-errors';

/**
 * Passes at most maxBytes through; one byte more fails the stream with a 413, which makes the
 * storage write fail and clean up. The source is destroyed with it, so a client still sending
 * is not read any further.
 */
export function limitBytes(source: Readable, maxBytes: number, message: string): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge(message));
      else callback(null, chunk);
    },
  });
  return pipeline(source, limiter, () => {});
}

/**
 * Reads the first n bytes (fewer if the stream is shorter) to look at them, and answers a
 * stream that yields the same bytes again followed by the rest, without buffering the rest.
 */
export async function readHead(stream: Readable, n: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < n) {
    const { value, done } = await iterator.next();
    if (done) {
      ended = true;
      break;
    }
    chunks.push(value);
    length += value.length;
  }
  const head = Buffer.concat(chunks, length);
  async function* replay() {
    try {
      if (head.length) yield head;
      if (ended) return;
      for (;;) {
        const { value, done } = await iterator.next();
        if (done) return;
        yield value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return { head, body: Readable.from(replay(), { objectMode: false }) };
}

/** Reads a stream whose size is already bounded (by limitBytes) into one buffer. */
export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
