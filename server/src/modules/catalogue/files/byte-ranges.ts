import type { ByteRange } from '../../platform/storage/storage';

export type RangeRequest =
  /** No usable Range header: answer the whole file with 200. */
  | { kind: 'whole' }
  /** Nothing requested lies inside the file: 416. */
  | { kind: 'unsatisfiable' }
  | { kind: 'ranges'; ranges: ByteRange[] };

/** More ranges than this (after merging) are ignored and the whole file is sent, as nginx does. */
export const MAX_RANGES = 8;
/** A header with absurdly many specs is not even parsed. */
const MAX_SPECS = 64;

/**
 * Reads a `Range: bytes=...` header against a file of `size` bytes (RFC 9110 §14). Suffix
 * ranges (`-500`) count from the end; an end past the file is clamped; a reversed or
 * past-the-end range is unsatisfiable; overlapping and adjacent ranges are merged. A header
 * that is not a valid bytes range is ignored, as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const specs = match[1]!.split(',');
  if (specs.length > MAX_SPECS) return { kind: 'whole' };

  const ranges: ByteRange[] = [];
  for (const raw of specs) {
    const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(raw);
    if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'whole' };
    if (spec[1] === '') {
      const suffix = Number(spec[2]);
      if (suffix === 0 || size === 0) continue;
      ranges.push({ start: Math.max(0, size - suffix), end: size - 1 });
      continue;
    }
    const start = Number(spec[1]);
    const end = spec[2] === '' ? size - 1 : Number(spec[2]);
    if (end < start || start >= size) continue;
    ranges.push({ start, end: Math.min(end, size - 1) });
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };

  ranges.sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [ranges[0]!];
  for (const range of ranges.slice(1)) {
    const last = merged[merged.length - 1]!;
    if (range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  if (merged.length > MAX_RANGES) return { kind: 'whole' };
  return { kind: 'ranges', ranges: merged };
}

/** True when an If-None-Match header names this ETag (weak comparison, as for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}
