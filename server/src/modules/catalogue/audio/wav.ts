import type { WaveformPeaks } from '@beatroom/shared/beats-contract';
import { ChunkReader } from './chunk-reader';
import { PeakAccumulator } from './peaks';
import type { PcmBlock } from './pcm-decoder';

export class InvalidAudioError extends Error {}

/** A 44-byte canonical PCM WAV header for `dataBytes` of little-endian samples. */
export function wavHeader(
  dataBytes: number,
  channels: number,
  sampleRate: number,
  bitsPerSample = 16,
): Buffer {
  const blockAlign = (channels * bitsPerSample) / 8;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Encodes planar float channels (-1..1) as a 16-bit PCM WAV file. */
export function encodeWav(channels: Float32Array[], sampleRate: number): Buffer {
  const frames = channels[0]?.length ?? 0;
  const data = Buffer.alloc(frames * channels.length * 2);
  let offset = 0;
  for (let i = 0; i < frames; i++) {
    for (const channel of channels) {
      const v = Math.max(-1, Math.min(1, channel[i]!));
      data.writeInt16LE(Math.round(v < 0 ? v * 0x8000 : v * 0x7fff), offset);
      offset += 2;
    }
  }
  return Buffer.concat([wavHeader(data.length, channels.length, sampleRate), data]);
}

interface WavFormat {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  float: boolean;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;

function parseFmt(body: Buffer): WavFormat {
  if (body.length < 16) throw new InvalidAudioError('The WAV format chunk is too short');
  let tag = body.readUInt16LE(0);
  const channels = body.readUInt16LE(2);
  const sampleRate = body.readUInt32LE(4);
  const blockAlign = body.readUInt16LE(12);
  const bitsPerSample = body.readUInt16LE(14);
  // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its sub-format GUID.
  if (tag === FORMAT_EXTENSIBLE && body.length >= 26) tag = body.readUInt16LE(24);
  const float = tag === FORMAT_FLOAT;
  if (tag !== FORMAT_PCM && !float) throw new InvalidAudioError('Only PCM WAV files are supported');
  const validBits = float ? [32, 64] : [8, 16, 24, 32];
  if (
    channels < 1 ||
    channels > 8 ||
    sampleRate < 1000 ||
    sampleRate > 384_000 ||
    !validBits.includes(bitsPerSample) ||
    blockAlign !== (channels * bitsPerSample) / 8
  ) {
    throw new InvalidAudioError('The WAV format is not a playable PCM layout');
  }
  return { channels, sampleRate, bitsPerSample, float };
}

function sampleReader(format: WavFormat): (view: DataView, offset: number) => number {
  if (format.float) {
    return format.bitsPerSample === 32 ? (v, o) => v.getFloat32(o, true) : (v, o) => v.getFloat64(o, true);
  }
  switch (format.bitsPerSample) {
    case 8:
      return (v, o) => (v.getUint8(o) - 128) / 128;
    case 16:
      return (v, o) => v.getInt16(o, true) / 32768;
    case 24:
      return (v, o) => (v.getUint8(o) | (v.getUint8(o + 1) << 8) | (v.getInt8(o + 2) << 16)) / 8388608;
    default:
      return (v, o) => v.getInt32(o, true) / 2147483648;
  }
}

/** Reads the RIFF chunks up to the audio data: its format, and the data size it declares. */
async function readWavHeader(reader: ChunkReader): Promise<{ format: WavFormat; declaredBytes: number }> {
  const riff = await reader.read(12);
  if (
    riff.length < 12 ||
    riff.toString('latin1', 0, 4) !== 'RIFF' ||
    riff.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    throw new InvalidAudioError('Not a WAV file');
  }
  let format: WavFormat | null = null;
  for (;;) {
    const header = await reader.read(8);
    if (header.length < 8) throw new InvalidAudioError('The WAV file has no audio data');
    const id = header.toString('latin1', 0, 4);
    const size = header.readUInt32LE(4);
    if (id === 'fmt ') {
      if (size > 1024) throw new InvalidAudioError('The WAV format chunk is malformed');
      format = parseFmt(await reader.read(size + (size & 1)));
    } else if (id === 'data') {
      if (!format) throw new InvalidAudioError('The WAV file has no format chunk before its data');
      return { format, declaredBytes: size };
    } else {
      // Unknown chunks (LIST, bext, cue...) are skipped; chunks are padded to even sizes.
      await reader.skip(size + (size & 1));
    }
  }
}

/**
 * The data chunk as views of whole frames, one stored chunk at a time (a frame cut by a chunk
 * boundary moves on to the next view). A data chunk whose declared size is 0 or past the end
 * (streamed recorders write those) is read to the end of the file.
 */
async function* frameViews(reader: ChunkReader, format: WavFormat, declaredBytes: number) {
  const frameBytes = (format.bitsPerSample / 8) * format.channels;
  let remaining = declaredBytes === 0 || declaredBytes === 0xffffffff ? Infinity : declaredBytes;
  let carry = Buffer.alloc(0);
  while (remaining > 0) {
    const chunk = await reader.next();
    if (!chunk) break;
    let data = chunk.length > remaining ? chunk.subarray(0, remaining) : chunk;
    remaining -= data.length;
    if (carry.length) data = Buffer.concat([carry, data]);
    const whole = data.length - (data.length % frameBytes);
    if (whole) yield new DataView(data.buffer, data.byteOffset, whole);
    carry = Buffer.from(data.subarray(whole));
  }
}

/**
 * Reads a WAV stream once, chunk by chunk, for its duration and waveform: memory stays at one
 * chunk whatever the file's size, which is why WAV never goes through decodeAudioData.
 */
export async function analyseWav(
  source: AsyncIterable<Buffer>,
): Promise<{ durationSeconds: number; peaks: WaveformPeaks }> {
  const reader = new ChunkReader(source);
  try {
    const { format, declaredBytes } = await readWavHeader(reader);
    const bytesPerSample = format.bitsPerSample / 8;
    const read = sampleReader(format);
    const peaks = new PeakAccumulator(format.sampleRate, format.channels);
    let bytes = 0;
    for await (const view of frameViews(reader, format, declaredBytes)) {
      for (let offset = 0; offset < view.byteLength; offset += bytesPerSample) peaks.add(read(view, offset));
      bytes += view.byteLength;
    }
    const frames = bytes / (bytesPerSample * format.channels);
    if (frames === 0) throw new InvalidAudioError('The WAV file has no audio data');
    return { durationSeconds: frames / format.sampleRate, peaks: peaks.finish() };
  } finally {
    await reader.close();
  }
}

/**
 * A WAV stream's samples as planar blocks, read once, one stored chunk at a time, so a long
 * master is never held whole. Throws InvalidAudioError like analyseWav.
 */
export async function* wavPcm(source: AsyncIterable<Buffer>): AsyncGenerator<PcmBlock> {
  const reader = new ChunkReader(source);
  try {
    const { format, declaredBytes } = await readWavHeader(reader);
    const bytesPerSample = format.bitsPerSample / 8;
    const frameBytes = bytesPerSample * format.channels;
    const read = sampleReader(format);
    let frames = 0;
    for await (const view of frameViews(reader, format, declaredBytes)) {
      const length = view.byteLength / frameBytes;
      const channels = Array.from({ length: format.channels }, () => new Float32Array(length));
      for (let i = 0, offset = 0; i < length; i++) {
        for (const channel of channels) {
          channel[i] = read(view, offset);
          offset += bytesPerSample;
        }
      }
      frames += length;
      yield { channels, sampleRate: format.sampleRate };
    }
    if (frames === 0) throw new InvalidAudioError('The WAV file has no audio data');
  } finally {
    await reader.close();
  }
}
