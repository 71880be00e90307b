import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  COVER_RENDITION_WIDTHS,
  coverRenditionKey,
  STORAGE_KEY_PATTERN,
} from '@beatroom/shared/files-contract';

/** A stored file as a listing sees it: its key and when it was last written. */
export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/** An inclusive byte range, as HTTP Range counts it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: a local directory or an S3-compatible bucket, behind one
 * interface so the rest of the server never knows which. Keys are made by the server
 * (newKey) and checked by isStorageKey before any use, so no key can reach outside storage.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Stores a stream under a key. Nothing is visible under the key until the whole stream is
   * stored; a stream that fails (too large, client gone) leaves nothing behind.
   */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>;
  /** The file, or only the bytes of a range. Throws StorageNotFoundError when it is missing. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of a stored file, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored file whose key starts with `prefix` (e.g. `audio/`), read page by page as the
   * caller iterates, so a listing of millions of files holds one page in memory. The orphan
   * sweep walks storage with it; the order is unspecified.
   */
  list(prefix: string): AsyncIterable<StoredFile>;
  /**
   * Removes what interrupted writes left outside the keys (a local partial file, an S3
   * multipart upload never completed or aborted) started before `before`; answers how many.
   * A process killed mid-upload cannot clean up after itself: this does it later.
   */
  removeStalePartials(before: Date): Promise<number>;
  close(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
  }
}

export class InvalidStorageKeyError extends Error {
  constructor() {
    super('Invalid storage key');
  }
}

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError();
}

/**
 * The folders keys live in; a key's folder says what it holds, and so who may read it:
 * - `images`: covers and profile pictures, public;
 * - `previews`: the MP3 every beat streams, public;
 * - `audio`: uploaded audio (a beat's master, which is for sale, or a voice tag), private;
 * - `renditions`: files made from a master for buyers (MP3 320), private;
 * - `images-256`, `images-512`: WebP renditions of an image, named after it, public.
 */
export type KeyFolder = 'audio' | 'images' | 'images-256' | 'images-512' | 'previews' | 'renditions';
/** Every folder the server writes keys into: the orphan sweep walks each of them. */
export const KEY_FOLDERS: readonly KeyFolder[] = [
  'audio',
  'images',
  'images-256',
  'images-512',
  'previews',
  'renditions',
];
const PUBLIC_FOLDERS: readonly KeyFolder[] = ['images', 'images-256', 'images-512', 'previews'];

/**
 * Whether anyone may read the file under a key through the public files route. Decided from
 * the key alone (no query), so the many range requests of a player cost nothing extra.
 */
export function isPublicKey(key: string): boolean {
  return isStorageKey(key) && PUBLIC_FOLDERS.some((folder) => key.startsWith(`${folder}/`));
}

/** A fresh, unguessable key in a folder: `audio/<uuid>.wav`. */
export function newKey(folder: KeyFolder, extension: string): string {
  const key = `${folder}/${randomUUID()}.${extension}`;
  assertStorageKey(key);
  return key;
}

/** Content types by key extension; the files route answers with these. */
export const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
};

export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** The renditions made from an image (none for any other key). */
export function renditionKeysOf(key: string): string[] {
  return COVER_RENDITION_WIDTHS.map((width) => coverRenditionKey(key, width)).filter((k): k is string => !!k);
}

/**
 * Storage where deleting an image also deletes its renditions: they are named after it and
 * serve nothing without it, so no caller (a beat's deletion, the uploads sweep, an account's
 * erasure) has to know they exist.
 */
export function withDerivedFiles(storage: Storage): Storage {
  return {
    kind: storage.kind,
    put: (key, body, options) => storage.put(key, body, options),
    get: (key, range) => storage.get(key, range),
    stat: (key) => storage.stat(key),
    exists: (key) => storage.exists(key),
    list: (prefix) => storage.list(prefix),
    removeStalePartials: (before) => storage.removeStalePartials(before),
    async delete(key) {
      await storage.delete(key);
      for (const derived of renditionKeysOf(key)) await storage.delete(derived);
    },
    close: () => storage.close(),
  };
}
