/**
 * A 24-bit PCM WAV (encodeWav's 44-byte header) as 16-bit: the top two bytes of each sample.
 * Used when a long 24-bit mix would pass the recording upload's size limit.
 */
export async function wav24To16(blob: Blob): Promise<Blob> {
  const input = new DataView(await blob.arrayBuffer());
  if (input.getUint16(34, true) !== 24) return blob;
  const channels = input.getUint16(22, true);
  const rate = input.getUint32(24, true);
  const samples = input.getUint32(40, true) / 3;
  const out = new DataView(new ArrayBuffer(44 + samples * 2));
  for (let i = 0; i < 44; i++) out.setUint8(i, input.getUint8(i));
  out.setUint32(4, 36 + samples * 2, true);
  out.setUint32(28, rate * channels * 2, true);
  out.setUint16(32, channels * 2, true);
  out.setUint16(34, 16, true);
  out.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    out.setUint8(44 + i * 2, input.getUint8(44 + i * 3 + 1));
    out.setUint8(45 + i * 2, input.getUint8(44 + i * 3 + 2));
  }
  return new Blob([out.buffer], { type: 'audio/wav' });
}
