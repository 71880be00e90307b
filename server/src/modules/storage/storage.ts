import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { STORAGE_KEY_PATTERN } from '@beatroom/shared/beats-contract';

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

/** A fresh, unguessable key in a folder: `audio/<uuid>.wav`. */
export function newKey(folder: 'audio' | 'images', extension: string): string {
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
  txt: 'text/plain; charset=utf-8',
};

export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
