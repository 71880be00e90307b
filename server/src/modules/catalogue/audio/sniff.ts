/** What the first bytes of a file say it is. Names and declared types are never trusted. */
export type AudioFormat = 'mp3' | 'wav' | 'flac';
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Bytes needed to recognise any of the formats below. */
export const SNIFF_BYTES = 16;

const ascii = (head: Buffer, start: number, text: string) =>
  head.length >= start + text.length && head.toString('latin1', start, start + text.length) === text;

/**
 * An MPEG audio Layer III frame header: 11-bit sync, a real version, layer III, and bitrate and
 * sample-rate indexes that are not the reserved values.
 */
function isMp3FrameHeader(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff || (head[1]! & 0xe0) !== 0xe0) return false;
  const version = (head[1]! >> 3) & 0b11;
  const layer = (head[1]! >> 1) & 0b11;
  const bitrate = head[2]! >> 4;
  const sampleRate = (head[2]! >> 2) & 0b11;
  return version !== 0b01 && layer === 0b01 && bitrate !== 0b1111 && bitrate !== 0 && sampleRate !== 0b11;
}

/** MP3 (an ID3v2 tag or a Layer III frame first), WAV (RIFF/WAVE) or FLAC (fLaC). */
export function sniffAudio(head: Buffer): AudioFormat | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'ID3') && head.length >= 10 && head[3]! >= 2 && head[3]! <= 4) return 'mp3';
  if (isMp3FrameHeader(head)) return 'mp3';
  return null;
}

/** JPEG, PNG or WebP. SVG, GIF, TIFF, HEIC and anything else are refused before decoding. */
export function sniffImage(head: Buffer): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  return null;
}

export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
};
