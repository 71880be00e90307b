// The EBML layer of WebM and Matroska: element IDs, variable-length integers and sizes, as
// the Opus reader walks them. Pure: bytes in, numbers out.

/** The bytes are not a WebM with an Opus track a take could come from. */
export class InvalidWebmError extends Error {}

export const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** Whether a file starts like an EBML document (WebM or Matroska). */
export function looksLikeEbml(head: Buffer): boolean {
  return head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC);
}

/** An element ID (its length marker kept, as Matroska IDs are written): [id, bytes] or null if incomplete. */
export function readId(buf: Buffer, at: number): [number, number] | null {
  if (at >= buf.length) return null;
  const first = buf[at]!;
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (length === 0) throw new InvalidWebmError('Invalid element ID');
  if (at + length > buf.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + buf[at + i]!;
  return [id, length];
}

/**
 * A variable-length integer (element size or block track number): [value, bytes] or null if
 * incomplete; value is null for the reserved "unknown size" (all value bits set).
 */
export function readVint(buf: Buffer, at: number): [number | null, number] | null {
  if (at >= buf.length) return null;
  const first = buf[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new InvalidWebmError('Invalid variable-length integer');
  if (at + length > buf.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i]!;
    if (byte !== 0xff) allOnes = false;
    value = value * 256 + byte;
  }
  return [allOnes ? null : value, length];
}

export function readUint(data: Buffer): number {
  let value = 0;
  for (const byte of data) value = value * 256 + byte;
  return value;
}

/** The children of a fully read master element, as [id, data] pairs. */
export function children(data: Buffer): [number, Buffer][] {
  const out: [number, Buffer][] = [];
  let at = 0;
  while (at < data.length) {
    const id = readId(data, at);
    const size = id && readVint(data, at + id[1]);
    if (!id || !size || size[0] === null) throw new InvalidWebmError('Truncated element');
    const start = at + id[1] + size[1];
    const end = start + size[0];
    if (end > data.length) throw new InvalidWebmError('Truncated element');
    out.push([id[0], data.subarray(start, end)]);
    at = end;
  }
  return out;
}
