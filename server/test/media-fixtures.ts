import { deflateSync } from 'node:zlib';
import { encodeWav } from '../src/modules/catalogue/audio/wav';

/** A sine tone with a fade-in, so the waveform rises from silence to `amplitude`. */
export function tone(seconds: number, sampleRate = 8000, frequency = 440, amplitude = 0.5): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate) * (i / samples.length);
  }
  return samples;
}

export function wavFile(seconds = 2, sampleRate = 8000): Buffer {
  return encodeWav([tone(seconds, sampleRate)], sampleRate);
}

// --- FLAC: a tiny encoder with VERBATIM subframes (valid FLAC, just not compressed) ----------

function crc8(bytes: ArrayLike<number>): number {
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i]!;
    for (let b = 0; b < 8; b++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: ArrayLike<number>): number {
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i]! << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** FLAC's "UTF-8" coding of the frame number. */
function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  if (n < 0x800) return [0xc0 | (n >> 6), 0x80 | (n & 63)];
  return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 63), 0x80 | (n & 63)];
}

export function encodeFlac(channels: Float32Array[], sampleRate: number): Buffer {
  const blockSize = 4096;
  const total = channels[0]!.length;
  const head = Buffer.alloc(42);
  head.write('fLaC', 0, 'latin1');
  head[4] = 0x80; // last metadata block, STREAMINFO
  head.writeUIntBE(34, 5, 3);
  head.writeUInt16BE(blockSize, 8);
  head.writeUInt16BE(blockSize, 10);
  const packed =
    (BigInt(sampleRate) << 44n) | (BigInt(channels.length - 1) << 41n) | (15n << 36n) | BigInt(total);
  head.writeBigUInt64BE(packed, 18);
  const frames = [head];
  for (let frame = 0, start = 0; start < total; frame++, start += blockSize) {
    const n = Math.min(blockSize, total - start);
    const header = [
      0xff,
      0xf8,
      (n === blockSize ? 0b1100 : 0b0111) << 4,
      ((channels.length - 1) << 4) | 0b1000,
    ];
    header.push(...utf8Number(frame));
    if (n !== blockSize) header.push(((n - 1) >> 8) & 0xff, (n - 1) & 0xff);
    header.push(crc8(header));
    const body = Buffer.alloc(header.length + channels.length * (1 + 2 * n) + 2);
    Buffer.from(header).copy(body);
    let offset = header.length;
    for (const channel of channels) {
      body[offset++] = 0x02; // VERBATIM subframe
      for (let i = 0; i < n; i++) {
        body.writeInt16BE(Math.max(-32768, Math.min(32767, Math.round(channel[start + i]! * 32767))), offset);
        offset += 2;
      }
    }
    body.writeUInt16BE(crc16(body.subarray(0, offset)), offset);
    frames.push(body);
  }
  return Buffer.concat(frames);
}

export function flacFile(seconds = 2, sampleRate = 8000): Buffer {
  return encodeFlac([tone(seconds, sampleRate)], sampleRate);
}

/**
 * A FLAC whose STREAMINFO claims `samples` in total (the field's low 36 bits at byte 18; 0 means
 * unknown) whatever its frames hold: 2^36 - 1 at 8 kHz is a 99-day claim from a 2 s file.
 */
export function withClaimedFlacSamples(flac: Buffer, samples: number): Buffer {
  const copy = Buffer.from(flac);
  const packed = copy.readBigUInt64BE(18);
  copy.writeBigUInt64BE((packed & ~0xfffffffffn) | BigInt(samples), 18);
  return copy;
}

// --- MP3: silent MPEG-1 Layer III frames (valid frames whose side info codes no energy) ------

/** 128 kbit/s, 44.1 kHz, mono: each frame is 417 bytes and 1152 samples (26 ms). */
export function mp3File(seconds = 2, withId3 = true): Buffer {
  const frameBytes = 417;
  const count = Math.ceil((seconds * 44100) / 1152);
  const frame = Buffer.alloc(frameBytes);
  frame.set([0xff, 0xfb, 0x90, 0xc0]); // sync, MPEG-1, Layer III, no CRC; 128k, 44.1k; mono
  const frames = Buffer.concat(Array.from({ length: count }, () => frame));
  if (!withId3) return frames;
  const id3 = Buffer.alloc(10 + 20);
  id3.write('ID3', 0, 'latin1');
  id3[3] = 4;
  id3[9] = 20; // tag size (synchsafe): 20 bytes of padding
  return Buffer.concat([id3, frames]);
}

// --- Images ----------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A PNG whose header claims width × height (grey, 8 bit) with a single row of data: tiny on the
 * wire, enormous once decoded. The server must refuse it from the header alone.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const row = deflateSync(Buffer.alloc(1 + Math.min(width, 1024)));
  return Buffer.concat([
    signature,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', row),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal ELF header, as a renamed executable would start. */
export function executable(): Buffer {
  const elf = Buffer.alloc(4096);
  elf.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  return elf;
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

// --- Multipart -------------------------------------------------------------------------------

/** A multipart/form-data body with one file part, for inject(). */
export function multipart(
  field: string,
  filename: string,
  content: Buffer,
  contentType = 'application/octet-stream',
) {
  const boundary = `----beatroom${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
