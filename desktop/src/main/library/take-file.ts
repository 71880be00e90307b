import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordingFormat } from '@beatroom/shared/recordings-contract';

/** What a take looks like from its first bytes; the server checks again, this refuses junk early. */
export function takeFormatOf(bytes: Uint8Array): RecordingFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return 'webm';
  }
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  return null;
}

/** Writes a file so that once this returns it survives a crash: a flushed temporary, renamed. */
export function writeDurably(path: string, bytes: Uint8Array): void {
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w');
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
}

/**
 * Writes a take into the library folder durably (a temporary file, flushed to disk, then
 * renamed), so once this returns the take survives a crash or a power cut.
 */
export function keepTakeFile(dir: string, id: string, format: RecordingFormat, bytes: Uint8Array): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${id}.${format}`);
  writeDurably(path, bytes);
  return path;
}
