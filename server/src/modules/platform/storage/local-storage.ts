import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  StorageNotFoundError,
  type ByteRange,
  type Storage,
  type StoredFile,
} from './storage';

/**
 * Files in a directory (DATA_DIR/files by default). A file is written under .tmp/ first and
 * renamed into place once complete, so a reader never sees half a file and an aborted upload
 * leaves nothing under its key; .tmp/ is emptied at start-up in case the process died mid-way,
 * and removeStalePartials empties it of old partials while running (another instance sharing
 * the folder may have died mid-upload).
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

    async *list(prefix) {
      // Keys are `<folder>/<file>`: the folders to read are those the prefix can fall in.
      const slash = prefix.indexOf('/');
      const folders =
        slash >= 0
          ? [prefix.slice(0, slash)]
          : (await readdir(base, { withFileTypes: true }))
              .filter(
                (entry) => entry.isDirectory() && entry.name !== '.tmp' && entry.name.startsWith(prefix),
              )
              .map((entry) => entry.name);
      for (const folder of folders) {
        yield* listFolder(base, folder, prefix);
      }
    },

    async removeStalePartials(before) {
      let removed = 0;
      for (const name of await readdir(tmp)) {
        const path = join(tmp, name);
        const info = await stat(path).catch(() => null);
        if (!info || info.mtime >= before) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },

    async close() {},
  };
  return storage;
}

/** The files of one folder whose key starts with `prefix`, read entry by entry. */
async function* listFolder(base: string, folder: string, prefix: string): AsyncGenerator<StoredFile> {
  let dir;
  try {
    dir = await opendir(join(base, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of dir) {
    const key = `${folder}/${entry.name}`;
    if (!entry.isFile() || !key.startsWith(prefix)) continue;
    // A file deleted between the listing and its stat is simply no longer there.
    const info = await stat(join(base, key)).catch(() => null);
    if (info) yield { key, modifiedAt: info.mtime };
  }
}
