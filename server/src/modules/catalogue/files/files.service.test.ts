import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  isPublicKey,
  newKey,
  StorageNotFoundError,
  type ByteRange,
  type Storage,
} from '../../platform/storage/storage';
import { createFilesService, etagOf, type FileAnswer } from './files.service';

/** Storage in memory that counts what the service asks of it. */
function memoryStorage(files: Record<string, Buffer>) {
  const calls = { stat: 0, get: [] as (ByteRange | undefined)[] };
  const storage: Storage = {
    kind: 'local',
    async put() {
      throw new Error('not used');
    },
    async get(key, range) {
      calls.get.push(range);
      const file = files[key];
      if (!file) throw new StorageNotFoundError(key);
      return Readable.from([range ? file.subarray(range.start, range.end + 1) : file]);
    },
    async stat(key) {
      calls.stat++;
      return files[key] ? { size: files[key].length } : null;
    },
    async exists(key) {
      return key in files;
    },
    async delete() {},
    async *list() {},
    async removeStalePartials() {
      return 0;
    },
    async close() {},
  };
  return { storage, calls };
}

const content = Buffer.from('0123456789'.repeat(10)); // 100 bytes
const key = newKey('previews', 'mp3');

function setup(extra: Record<string, Buffer> = {}) {
  const { storage, calls } = memoryStorage({ [key]: content, ...extra });
  return { files: createFilesService({ storage, isPublic: isPublicKey }), calls };
}

const bodyOf = async (answer: FileAnswer) => ('body' in answer && answer.body ? text(answer.body) : null);

describe('files service', () => {
  it('answers 404 for a key that is not a storage key, without asking storage', async () => {
    const { files, calls } = setup();
    for (const bad of ['../../etc/passwd', 'session-secret', '', 'audio/not-a-uuid.mp3']) {
      expect(await files.read(bad, { head: false })).toEqual({ status: 404, error: 'File not found' });
    }
    expect(calls.stat).toBe(0);
  });

  it('answers 404 for a master, a voice tag or a rendition, stored or not, without asking storage', async () => {
    const master = newKey('audio', 'wav');
    const rendition = newKey('renditions', 'mp3');
    const { files, calls } = setup({ [master]: content, [rendition]: content });
    for (const privateKey of [master, rendition]) {
      for (const request of [{ head: false }, { head: true }, { head: false, range: 'bytes=0-9' }]) {
        expect(await files.read(privateKey, request)).toEqual({ status: 404, error: 'File not found' });
      }
    }
    expect(calls.stat).toBe(0);
    expect(calls.get).toEqual([]);
  });

  it('answers 404 for a well-formed key that is not stored', async () => {
    const { files } = setup();
    expect(await files.read(newKey('previews', 'mp3'), { head: false })).toEqual({
      status: 404,
      error: 'File not found',
    });
  });

  it('answers the whole file with its type, length, ETag and immutable caching', async () => {
    const { files } = setup();
    const answer = await files.read(key, { head: false });
    expect(answer).toMatchObject({
      status: 200,
      headers: {
        'content-type': 'audio/mpeg',
        'content-length': 100,
        'accept-ranges': 'bytes',
        etag: etagOf(key, 100),
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
    expect(await bodyOf(answer)).toBe(content.toString());
  });

  it('304 on a matching If-None-Match, without reading the file', async () => {
    const { files, calls } = setup();
    const answer = await files.read(key, { head: false, ifNoneMatch: `"x", ${etagOf(key, 100)}` });
    expect(answer.status).toBe(304);
    expect(calls.get).toEqual([]);
  });

  it('HEAD gives the same headers as GET and never reads the file', async () => {
    const { files, calls } = setup();
    for (const range of [undefined, 'bytes=10-19', 'bytes=0-1,50-51']) {
      const get = await files.read(key, { head: false, range });
      const head = await files.read(key, { head: true, range });
      expect(head.status).toBe(get.status);
      const { 'content-type': headType, ...headRest } = 'headers' in head ? head.headers : {};
      const { 'content-type': getType, ...getRest } = 'headers' in get ? get.headers : {};
      // Only the multipart boundary differs: it is fresh per answer.
      expect(String(headType).split(';')[0]).toBe(String(getType).split(';')[0]);
      expect(headRest).toEqual(getRest);
      expect('body' in head && head.body).toBeNull();
    }
    expect(calls.get).toHaveLength(2); // the single-range and whole GETs; the multipart body is lazy
  });

  it('206 with Content-Range for one range, reading only that range', async () => {
    const { files, calls } = setup();
    const answer = await files.read(key, { head: false, range: 'bytes=10-19' });
    expect(answer).toMatchObject({
      status: 206,
      headers: { 'content-range': 'bytes 10-19/100', 'content-length': 10 },
    });
    expect(await bodyOf(answer)).toBe('0123456789');
    expect(calls.get).toEqual([{ start: 10, end: 19 }]);
  });

  it('multipart/byteranges for several ranges, with a Content-Length equal to the body', async () => {
    const { files } = setup();
    const answer = await files.read(key, { head: false, range: 'bytes=0-1, 50-52' });
    expect(answer.status).toBe(206);
    const headers = 'headers' in answer ? answer.headers : {};
    const boundary = String(headers['content-type']).split('boundary=')[1];
    const body = (await bodyOf(answer))!;
    expect(Buffer.byteLength(body)).toBe(headers['content-length']);
    expect(body).toContain(
      `--${boundary}\r\nContent-Type: audio/mpeg\r\nContent-Range: bytes 0-1/100\r\n\r\n01`,
    );
    expect(body).toContain('Content-Range: bytes 50-52/100\r\n\r\n012');
    expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });

  it('416 with the size for a range outside the file', async () => {
    const { files, calls } = setup();
    expect(await files.read(key, { head: false, range: 'bytes=100-' })).toMatchObject({
      status: 416,
      headers: { 'content-range': 'bytes */100' },
      error: 'Range not satisfiable',
    });
    expect(calls.get).toEqual([]);
  });

  it('ignores Range when If-Range names another version, and honours it for this one', async () => {
    const { files } = setup();
    const stale = await files.read(key, { head: false, range: 'bytes=0-9', ifRange: '"other"' });
    expect(stale.status).toBe(200);
    const current = await files.read(key, { head: false, range: 'bytes=0-9', ifRange: etagOf(key, 100) });
    expect(current.status).toBe(206);
  });

  it('gives a different ETag to a different key or size', () => {
    expect(etagOf(key, 100)).not.toBe(etagOf(key, 101));
    expect(etagOf(key, 100)).not.toBe(etagOf(newKey('audio', 'mp3'), 100));
  });
});
