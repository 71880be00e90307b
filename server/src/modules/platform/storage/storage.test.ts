import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAudio, uploadImage } from '../../../../test/catalogue';
import { createTestApp, signIn } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';
import { startS3rver } from '../../../../test/s3';
import { ConfigError, loadConfig } from '../../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { InvalidStorageKeyError, newKey, StorageNotFoundError, type Storage } from './storage';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** A stream that sends some bytes, then fails like a client going away. */
function failing(afterBytes: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(afterBytes, 1));
      } else this.destroy(new Error('client went away'));
    },
  });
}

/** The same contract, run against every implementation. */
function storageContract(name: string, make: () => Promise<{ storage: Storage; leftovers: () => number }>) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    let leftovers: () => number;
    beforeAll(async () => ({ storage, leftovers } = await make()));
    afterAll(async () => storage?.close());

    it('stores a stream, then stats, reads, reads a range and deletes it', async () => {
      const key = newKey('audio', 'wav');
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.stat(key)).toBeNull();
      const { size } = await storage.put(key, Readable.from(['hello ', 'storage'], { objectMode: false }), {
        contentType: 'audio/wav',
      });
      expect(size).toBe(13);
      expect(await storage.stat(key)).toEqual({ size: 13 });
      expect(await storage.exists(key)).toBe(true);
      expect(await text(await storage.get(key))).toBe('hello storage');
      expect(await text(await storage.get(key, { start: 6, end: 12 }))).toBe('storage');
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await storage.delete(key); // deleting twice is fine
    });

    it('stores a stream larger than one multipart part', async () => {
      const key = newKey('audio', 'wav');
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const body = Readable.from(
        (function* () {
          for (let i = 0; i < 20; i++) yield chunk;
        })(),
        { objectMode: false },
      );
      expect(await storage.put(key, body, { contentType: 'audio/wav' })).toEqual({ size: 20 * 1024 * 1024 });
      expect(await storage.stat(key)).toEqual({ size: 20 * 1024 * 1024 });
      const tail = await text(
        await storage.get(key, { start: 20 * 1024 * 1024 - 3, end: 20 * 1024 * 1024 - 1 }),
      );
      expect(tail).toBe('\x07\x07\x07');
      await storage.delete(key);
    });

    it.each([1000, 9 * 1024 * 1024])('leaves nothing when the stream fails after %i bytes', async (bytes) => {
      const key = newKey('audio', 'wav');
      await expect(storage.put(key, failing(bytes), { contentType: 'audio/wav' })).rejects.toThrow(
        'client went away',
      );
      expect(await storage.exists(key)).toBe(false);
      expect(leftovers()).toBe(0);
    });

    it('refuses keys that are not server-made, before touching storage', async () => {
      for (const key of ['../secret', 'audio/../../x.wav', '/etc/passwd', 'audio/x.wav', '']) {
        await expect(storage.stat(key)).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
      }
    });

    it('lists the files under a prefix with their modified time, and only those', async () => {
      const started = Date.now();
      const audio = [newKey('audio', 'wav'), newKey('audio', 'mp3')];
      const preview = newKey('previews', 'mp3');
      for (const key of [...audio, preview]) {
        await storage.put(key, Readable.from([Buffer.from(key)]), { contentType: 'audio/wav' });
      }
      const listed = [];
      for await (const file of storage.list('audio/')) listed.push(file);
      expect(listed.map((f) => f.key).sort()).toEqual(expect.arrayContaining([...audio].sort()));
      expect(listed.some((f) => !f.key.startsWith('audio/'))).toBe(false);
      for (const file of listed.filter((f) => audio.includes(f.key))) {
        expect(file.modifiedAt).toBeInstanceOf(Date);
        // Same clock on loopback; a second of slack for filesystems that store whole seconds.
        expect(file.modifiedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
      }
      const narrow = [];
      for await (const file of storage.list(audio[0]!.slice(0, 'audio/'.length + 8))) narrow.push(file.key);
      expect(narrow).toContain(audio[0]);
      expect(narrow).not.toContain(preview);
      const none = [];
      for await (const file of storage.list('renditions-none/')) none.push(file);
      expect(none).toEqual([]);
      for (const key of [...audio, preview]) await storage.delete(key);
    });

    it('reports a missing file as StorageNotFoundError', async () => {
      await expect(storage.get(newKey('images', 'jpg'))).rejects.toThrow(StorageNotFoundError);
    });
  });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

storageContract('local', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-storage-'));
  dirs.push(dir);
  const storage = await createLocalStorage(dir);
  return { storage, leftovers: () => readdirSync(join(dir, '.tmp')).length };
});

let s3: Awaited<ReturnType<typeof startS3rver>>;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.close());

storageContract('S3 (s3rver)', async () => ({
  storage: await createS3Storage(s3.config),
  leftovers: () => 0,
}));

describe('S3 listing over several pages', () => {
  // s3rver ciphers its continuation tokens with DES, which OpenSSL 3 offers only through its
  // legacy provider: this s3rver runs in its own process with it enabled.
  let child: ChildProcess | null = null;
  const directory = mkdtempSync(join(tmpdir(), 'beatroom-s3-pages-'));
  dirs.push(directory);
  afterAll(() => void child?.kill());

  it('follows the continuation tokens to the last page', async () => {
    child = spawn(
      process.execPath,
      [
        '--openssl-legacy-provider',
        '-e',
        `const S3rver = require('s3rver');
         new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)},
           configureBuckets: [{ name: 'pages' }] }).run().then(({ port }) => console.log(port));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const port = await new Promise<number>((resolve) =>
      child!.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const storage = await createS3Storage(
      { ...s3.config, endpoint: `http://127.0.0.1:${port}`, bucket: 'pages' },
      { listPageSize: 3 },
    );
    try {
      const keys = Array.from({ length: 8 }, () => newKey('images-512', 'webp'));
      for (const key of keys) {
        await storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'image/webp' });
      }
      const listed: string[] = [];
      for await (const file of storage.list('images-512/')) listed.push(file.key);
      expect(listed.sort()).toEqual([...keys].sort());
    } finally {
      await storage.close();
    }
  });
});

describe('partial files left by a killed process (local storage)', () => {
  it('removes partials older than the cut-off and keeps recent ones, which may still be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'beatroom-storage-'));
    dirs.push(dir);
    const storage = await createLocalStorage(dir);
    const [stale, fresh] = [join(dir, '.tmp', 'stale'), join(dir, '.tmp', 'fresh')];
    writeFileSync(stale, 'half a file');
    writeFileSync(fresh, 'a file being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(await storage.removeStalePartials(new Date(Date.now() - 3600_000))).toBe(1);
    expect(readdirSync(join(dir, '.tmp'))).toEqual(['fresh']);
  });

  it('on S3 servers that cannot list multipart uploads (s3rver), removes nothing and does not fail', async () => {
    const storage = await createS3Storage(s3.config);
    try {
      expect(await storage.removeStalePartials(new Date())).toBe(0);
    } finally {
      await storage.close();
    }
  });
});

describe('the app on S3 storage', () => {
  it('uploads to the bucket and serves ranges of public files from it; masters stay private', async () => {
    const t = await createTestApp({}, s3.env);
    try {
      expect(t.app.storage.kind).toBe('s3');
      const { agent } = await signIn(t.app, 's3@example.com');
      const upload = await uploadAudio(agent, wavFile(2));
      expect(upload.statusCode).toBe(200);
      const { key } = upload.json();
      const row = await t.app.db.prisma.upload.findUniqueOrThrow({ where: { key } });
      expect(row.durationSeconds).toBeCloseTo(2, 2);
      // The master is in the bucket (the server reads it) but never served by a public URL.
      expect(await t.app.storage.stat(key)).toEqual({ size: wavFile(2).length });
      expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}` })).statusCode).toBe(404);

      const cover = await uploadImage(agent);
      expect(cover.statusCode).toBe(200);
      const coverKey: string = cover.json().key;
      const range = await t.app.inject({
        method: 'GET',
        url: `/api/files/${coverKey}`,
        headers: { range: 'bytes=0-2' },
      });
      expect(range.statusCode).toBe(206);
      // Covers are re-encoded as JPEG: FF D8 FF.
      expect(range.rawPayload).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    } finally {
      await t.close();
    }
  });
});

describe('S3 configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(40) };
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'beats',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('uses local storage without S3 variables and S3 with all four (region us-east-1 by default)', () => {
    expect(loadConfig(base).s3).toBeNull();
    expect(loadConfig({ ...base, ...s3 }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'beats',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
    expect(loadConfig({ ...base, ...s3, S3_REGION: 'eu-west-1' }).s3?.region).toBe('eu-west-1');
  });

  it('refuses a partial or invalid S3 configuration, naming what is missing', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'beats' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'beats' })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...base, ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });
});
