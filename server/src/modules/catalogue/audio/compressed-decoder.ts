import type { Readable } from 'node:stream';
import { ChunkReader } from './chunk-reader';
import { InvalidAudioError } from './wav';

/**
 * Bytes per decodeAudioData call: about 20 s of FLAC at CD quality, 25 to 60 s of MP3. The
 * decoder holds the chunk and its PCM at the file's own rate before resampling, so this bounds
 * the memory a decode needs.
 */
const CHUNK_BYTES: Record<'mp3' | 'flac', number> = { mp3: 1024 * 1024, flac: 3 * 1024 * 1024 };

/**
 * FLAC's STREAMINFO block, re-wrapped as the only metadata block to put before each chunk, and
 * the duration it declares (null when the encoder did not know the sample count). The declared
 * length is only a claim of the file (a 2 s file claimed 99 days), so the re-wrapped
 * block says "length unknown" and the decoder reads every frame there is.
 */
async function readFlacHeader(
  reader: ChunkReader,
): Promise<{ header: Buffer; durationSeconds: number | null }> {
  if ((await reader.read(4)).toString('latin1') !== 'fLaC') throw new InvalidAudioError('Not a FLAC file');
  let streamInfo: Buffer | null = null;
  for (let last = false; !last;) {
    const header = await reader.read(4);
    if (header.length < 4) throw new InvalidAudioError('The FLAC header is cut short');
    last = (header[0]! & 0x80) !== 0;
    const type = header[0]! & 0x7f;
    const length = header.readUIntBE(1, 3);
    if (type === 0 && length === 34) streamInfo = Buffer.from(await reader.read(34));
    else await reader.skip(length);
  }
  if (!streamInfo || streamInfo.length < 34) throw new InvalidAudioError('The FLAC file has no STREAMINFO');
  // Bytes 10-17: sample rate (20 bits), channels (3), bits per sample (5), total samples (36).
  const packed = streamInfo.readBigUInt64BE(10);
  const sampleRate = Number(packed >> 44n);
  const totalSamples = Number(packed & 0xfffffffffn);
  const unknownLength = Buffer.from(streamInfo);
  unknownLength.writeBigUInt64BE(packed & ~0xfffffffffn, 10);
  return {
    header: Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 34]), unknownLength]),
    durationSeconds: sampleRate > 0 && totalSamples > 0 ? totalSamples / sampleRate : null,
  };
}

/** Skips a leading ID3v2 tag (it can hold megabytes of cover art) so chunks start in audio. */
async function skipId3(reader: ChunkReader): Promise<Buffer> {
  const head = await reader.read(10);
  if (head.length === 10 && head.toString('latin1', 0, 3) === 'ID3') {
    const size =
      ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    const footer = head[5]! & 0x10 ? 10 : 0;
    await reader.skip(size + footer);
    return Buffer.alloc(0);
  }
  return Buffer.from(head);
}

function crc8(data: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    crc ^= data[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/**
 * Whether a FLAC frame header starts at `i`: the sync code, valid codes, and a matching CRC-8.
 * The sync alone (0xFFF8) is common inside audio data (-8 as a 16-bit sample), and a chunk cut
 * there would lose the frame it splits, shortening the decoded audio.
 */
function isFlacFrameHeader(data: Uint8Array, i: number): boolean {
  if (data[i] !== 0xff || (data[i + 1]! & 0xfe) !== 0xf8 || i + 6 > data.length) return false;
  const blockSizeCode = data[i + 2]! >> 4;
  const rateCode = data[i + 2]! & 0x0f;
  const channels = data[i + 3]! >> 4;
  const sampleSize = (data[i + 3]! >> 1) & 0b111;
  if (blockSizeCode === 0 || rateCode === 15 || channels > 10 || sampleSize === 3 || data[i + 3]! & 1) {
    return false;
  }
  // The frame or sample number, UTF-8 coded: the leading ones of its first byte give its length.
  const lead = data[i + 4]!;
  let length = 1;
  if (lead & 0x80) {
    while (length < 8 && lead & (0x80 >> length)) length++;
    if (length === 1 || length > 7) return false;
  }
  let end = i + 4 + length;
  if (blockSizeCode === 6) end += 1;
  else if (blockSizeCode === 7) end += 2;
  if (rateCode === 12) end += 1;
  else if (rateCode === 13 || rateCode === 14) end += 2;
  return end < data.length && crc8(data, i, end) === data[end];
}

/**
 * Where the last frame of a chunk begins (a FLAC frame header, or an MPEG frame sync), so the
 * chunk ends on a frame boundary; the whole chunk when none is found in its second half.
 */
function lastFrameStart(format: 'mp3' | 'flac', data: Uint8Array): number {
  for (let i = data.length - 4; i > data.length / 2; i--) {
    if (data[i] !== 0xff) continue;
    const next = data[i + 1]!;
    if (
      format === 'flac' ? isFlacFrameHeader(data, i) : (next & 0xe0) === 0xe0 && ((next >> 1) & 0b11) === 0b01
    ) {
      return i;
    }
  }
  return data.length;
}

/**
 * Decodes an MP3 or FLAC stream piece by piece at `sampleRate`, for callers that must never hold
 * the whole track's PCM (waveforms, preview rendering).
 *
 * node-web-audio-api's decodeAudioData only takes a whole buffer; so the file is fed to it in
 * chunks of 1 to 3 MB, cut where a frame starts (the partial frame moves on to the next chunk; a
 * FLAC chunk gets the stream header in front), through one reused input buffer. Memory stays at
 * one chunk and its PCM, at the price of a decoder start per chunk. FLAC frames are independent,
 * so FLAC decodes sample-exact; an MP3 chunk boundary may lose one frame (26 ms, whose bit
 * reservoir was in the previous chunk) and a false frame sync may drop one frame too.
 */
export class CompressedDecoder {
  /**
   * The duration FLAC's STREAMINFO claims once the header is read; null for MP3 or when not
   * declared. A claim only: check it against the decoded length before using it.
   */
  declaredSeconds: number | null = null;

  constructor(
    private readonly format: 'mp3' | 'flac',
    private readonly stream: Readable,
    private readonly sampleRate: number,
  ) {}

  /** Decoded pieces in order; a piece holding no decodable frame (a trailing tag) is skipped. */
  async *chunks(): AsyncGenerator<AudioBuffer> {
    const { format } = this;
    const chunkBytes = CHUNK_BYTES[format];
    const reader = new ChunkReader(this.stream);
    // The Web Audio engine (~20 MB) loads with the first MP3 or FLAC decoded, not at start-up.
    const { OfflineAudioContext } = await import('node-web-audio-api');
    const context = new OfflineAudioContext(1, 1, this.sampleRate);
    try {
      let prefix: Buffer = Buffer.alloc(0);
      if (format === 'flac') {
        const flac = await readFlacHeader(reader);
        prefix = flac.header;
        this.declaredSeconds = flac.durationSeconds;
      }
      const lead = format === 'mp3' ? await skipId3(reader) : Buffer.alloc(0);
      // One input buffer for every chunk, filled straight from the stream and zero-padded after
      // the data (decoders stop there): a buffer or two per chunk would pile up garbage faster
      // than V8 collects it. Layout: [prefix][carried partial frame + new bytes][zeros].
      const input = new Uint8Array(prefix.length + chunkBytes);
      input.set(prefix);
      input.set(lead, prefix.length);
      let filled = lead.length;
      for (;;) {
        const wanted = chunkBytes - filled;
        const got = await reader.readInto(input, prefix.length + filled, wanted);
        filled += got;
        if (filled === 0) break;
        const last = got < wanted;
        const data = input.subarray(prefix.length, prefix.length + filled);
        const cut = last ? filled : lastFrameStart(format, data);
        const carry = Buffer.from(data.subarray(cut));
        input.fill(0, prefix.length + cut);
        let audio: AudioBuffer | null = null;
        try {
          audio = await context.decodeAudioData(input.buffer);
        } catch {
          // A chunk with no decodable frame (trailing tag, junk) is skipped, not fatal.
        }
        if (audio) yield audio;
        if (last) break;
        input.set(carry, prefix.length);
        filled = carry.length;
      }
    } finally {
      await reader.close();
    }
  }
}
