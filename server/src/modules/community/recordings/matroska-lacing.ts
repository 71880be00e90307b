import { InvalidWebmError, readVint } from './ebml-elements';

/** The frames of a block's payload after its header, split by its lacing (Matroska §10.3). */
export function unlace(payload: Buffer, lacing: number): Buffer[] {
  if (lacing === 0) return [payload];
  if (payload.length < 1) throw new InvalidWebmError('Truncated laced block');
  const count = payload[0]! + 1;
  let at = 1;
  const sizes: number[] = [];
  if (lacing === 0b10) {
    // Fixed-size lacing: equal frames.
    const rest = payload.length - 1;
    if (rest % count !== 0) throw new InvalidWebmError('Fixed lacing does not divide the block');
    return Array.from({ length: count }, (_, i) =>
      payload.subarray(1 + (i * rest) / count, 1 + ((i + 1) * rest) / count),
    );
  }
  if (lacing === 0b01) {
    // Xiph lacing: each size as a run of 255s plus a last byte.
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      for (;;) {
        if (at >= payload.length) throw new InvalidWebmError('Truncated Xiph lacing');
        const byte = payload[at++]!;
        size += byte;
        if (byte !== 255) break;
      }
      sizes.push(size);
    }
  } else {
    // EBML lacing: the first size as a vint, the others as signed differences.
    const first = readVint(payload, at);
    if (!first || first[0] === null) throw new InvalidWebmError('Truncated EBML lacing');
    at += first[1];
    sizes.push(first[0]);
    for (let i = 1; i < count - 1; i++) {
      const diff = readVint(payload, at);
      if (!diff || diff[0] === null) throw new InvalidWebmError('Truncated EBML lacing');
      const bias = 2 ** (7 * diff[1] - 1) - 1;
      at += diff[1];
      sizes.push(sizes[i - 1]! + diff[0] - bias);
    }
  }
  const frames: Buffer[] = [];
  for (const size of sizes) {
    if (size < 0 || at + size > payload.length) throw new InvalidWebmError('Lacing sizes exceed the block');
    frames.push(payload.subarray(at, at + size));
    at += size;
  }
  frames.push(payload.subarray(at));
  return frames;
}
