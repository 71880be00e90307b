import type { ByteRange } from '../../platform/storage/storage';

/**
 * The entry names of a ZIP, read from its central directory with two range reads (the end of
 * the file, then the directory), so a stored archive of hundreds of MB is never read whole.
 * Answers null when the bytes are not a ZIP this reader understands: no end-of-central-directory
 * record, a ZIP64 archive, or a directory that does not parse.
 */
export async function zipEntryNames(
  size: number,
  read: (range: ByteRange) => Promise<Buffer>,
): Promise<string[] | null> {
  const EOCD = 0x06054b50;
  const ENTRY = 0x02014b50;
  // The end record is 22 bytes plus a comment of up to 65,535.
  const tailLength = Math.min(size, 22 + 0xffff);
  if (tailLength < 22) return null;
  const tail = await read({ start: size - tailLength, end: size - 1 });
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) return null;
  const count = tail.readUInt16LE(at + 10);
  const dirSize = tail.readUInt32LE(at + 12);
  const dirOffset = tail.readUInt32LE(at + 16);
  // ZIP64 marks its sizes with all ones; such archives are beyond the size limit anyway.
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) return null;
  if (count === 0) return [];
  if (dirOffset + dirSize > size) return null;
  const dir = await read({ start: dirOffset, end: dirOffset + dirSize - 1 });
  const names: string[] = [];
  let pos = 0;
  for (let n = 0; n < count; n += 1) {
    if (pos + 46 > dir.length || dir.readUInt32LE(pos) !== ENTRY) return null;
    const nameLength = dir.readUInt16LE(pos + 28);
    const extraLength = dir.readUInt16LE(pos + 30);
    const commentLength = dir.readUInt16LE(pos + 32);
    if (pos + 46 + nameLength > dir.length) return null;
    names.push(dir.toString('utf8', pos + 46, pos + 46 + nameLength));
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
