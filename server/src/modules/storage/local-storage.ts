import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, StorageNotFoundError, type ByteRange, type Storage } from './storage';

/**
 * Files in a directory (DATA_DIR/files by default). A file is written under .tmp/ first and
 * renamed into place once complete, so a reader never sees half a file and an aborted upload
 * leaves nothing under its key; .tmp/ is emptied at start-up in case the process died mid-way.
 */
export async function createLocalStorage(root: string): Promise<Storage> {
  const base = resolve(root);
  const tmp = join(base, '.tmp');
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });

  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = resolve(base, key);
    // The key pattern already rules this out; this is the belt to its braces.
    if (!path.startsWith(base + sep)) throw new StorageNotFoundError(key);
    return path;
  };

  const storage: Storage = {
    kind: 'local',

    async put(key, body) {
      const target = pathOf(key);
      const partial = join(tmp, randomUUID());
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(partial, { flags: 'wx' }));
        await mkdir(dirname(target), { recursive: true });
        await rename(partial, target);
      } catch (error) {
        await unlink(partial).catch(() => {});
        throw error;
      }
      return { size };
    },

    async get(key, range?: ByteRange) {
      const path = pathOf(key);
      const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
      // Opening is asynchronous: wait for it so a missing file is an error here, not mid-response.
      await new Promise<void>((resolveOpen, reject) => {
        stream.once('open', () => resolveOpen());
        stream.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'ENOENT' ? new StorageNotFoundError(key) : error),
        );
      });
      return stream as Readable;
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async exists(key) {
      return (await storage.stat(key)) !== null;
    },

    async delete(key) {
      await unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    async close() {},
  };
  return storage;
}
