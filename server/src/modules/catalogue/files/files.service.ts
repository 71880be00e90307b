import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileAnswer, FileHeaders, FileRequest } from '../../../http/file-answer';
import { contentTypeOf, isStorageKey, type ByteRange, type Storage } from '../../platform/storage/storage';
import { etagMatches, parseRange } from './byte-ranges';

export const FILE_NOT_FOUND = 'File not found';
/** A key's content never changes (a new file gets a new key), so caches may keep it for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A file someone was granted (a purchased master): only their browser may keep it, and not on disk. */
export const PRIVATE = 'private, no-store';

// The shapes of a file read live in http/ (below the modules), where routes send them.
export type { FileAnswer, FileHeaders, FileRequest };

/** Strong ETag from the key and size: both fixed for the life of a key, on any backend. */
export function etagOf(key: string, size: number): string {
  return `"${createHash('sha1').update(key).digest('base64url').slice(0, 16)}-${size.toString(36)}"`;
}

/** A multi-range answer: each range with its own part headers, read from storage in turn. */
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
  return { boundary, length, body: () => Readable.from(parts(), { objectMode: false }) };
}

/**
 * Reads of stored files for GET/HEAD /api/files/{key} (RFC 9110): ETag and If-None-Match (304),
 * If-Range, one range (206) or a few as multipart/byteranges, 416 for ranges outside the file,
 * and year-long immutable caching. Anything that is not a stored key is the same 404, so
 * answers say nothing about storage's layout. Only public files are served (covers, pictures,
 * previews); a master or a rendition is the same 404 as a missing file, whoever asks.
 */
export function createFilesService(deps: { storage: Storage; isPublic: (key: string) => boolean }) {
  const { storage, isPublic } = deps;

  /** The answer for a stored key; the callers below decide who may see which keys. */
  async function answer(key: string, request: FileRequest, cacheControl: string): Promise<FileAnswer> {
    const stat = await storage.stat(key);
    if (!stat) return { status: 404, error: FILE_NOT_FOUND };

    const { size } = stat;
    const etag = etagOf(key, size);
    const type = contentTypeOf(key);
    const headers: FileHeaders = { 'accept-ranges': 'bytes', etag, 'cache-control': cacheControl };
    if (etagMatches(request.ifNoneMatch, etag)) return { status: 304, headers };

    // If-Range naming another version: the ranges were for that one, so send the whole file.
    const range =
      !request.ifRange || request.ifRange === etag
        ? parseRange(request.range, size)
        : { kind: 'whole' as const };

    if (range.kind === 'unsatisfiable') {
      return {
        status: 416,
        headers: { ...headers, 'content-range': `bytes */${size}` },
        error: 'Range not satisfiable',
      };
    }
    if (range.kind === 'ranges' && range.ranges.length === 1) {
      const only = range.ranges[0]!;
      return {
        status: 206,
        headers: {
          ...headers,
          'content-type': type,
          'content-range': `bytes ${only.start}-${only.end}/${size}`,
          'content-length': only.end - only.start + 1,
        },
        body: request.head ? null : await storage.get(key, only),
      };
    }
    if (range.kind === 'ranges') {
      const multi = byteranges(storage, key, range.ranges, size, type);
      return {
        status: 206,
        headers: {
          ...headers,
          'content-type': `multipart/byteranges; boundary=${multi.boundary}`,
          'content-length': multi.length,
        },
        body: request.head ? null : multi.body(),
      };
    }
    return {
      status: 200,
      headers: { ...headers, 'content-type': type, 'content-length': size },
      body: request.head ? null : await storage.get(key),
    };
  }

  return {
    async read(key: string, request: FileRequest): Promise<FileAnswer> {
      // Checked before storage sees the key: no path of ours is ever built from a bad one.
      if (!isStorageKey(key) || !isPublic(key)) return { status: 404, error: FILE_NOT_FOUND };
      return answer(key, request, IMMUTABLE);
    },

    /**
     * Any stored file, masters and renditions included, for a caller that has already decided
     * access (downloads, through a signed link). Never kept by a shared cache.
     */
    async readPrivate(key: string, request: FileRequest): Promise<FileAnswer> {
      if (!isStorageKey(key)) return { status: 404, error: FILE_NOT_FOUND };
      return answer(key, request, PRIVATE);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
