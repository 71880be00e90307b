// A small streaming WebM (Matroska) reader that finds the Opus track and hands out its frames,
// for the server to decode a studio take (MediaRecorder's audio/webm;codecs=opus) with the WASM
// Opus decoder, which decodes frames but does not demux. Pure: bytes in, frames out, no I/O.
//
// Only what a take needs is understood: the EBML header, Segment, Tracks/TrackEntry (to find the
// A_OPUS track and its OpusHead), Cluster, SimpleBlock and BlockGroup/Block with any lacing.
// Everything else (Cues, Tags, Void, video tracks' blocks) is skipped by its size without being
// held in memory. MediaRecorder writes Segment and Cluster with an unknown size (it streams), so
// master elements are entered, never measured: the children simply follow in the byte stream.

export class InvalidWebmError extends Error {}

/** What the OpusHead (the track's CodecPrivate, RFC 7845 §5.1) says about decoding. */
export interface OpusHead {
  channels: number;
  /** Samples at 48 kHz to drop from the start of the decoded audio. */
  preSkip: number;
  inputSampleRate: number;
  mappingFamily: number;
  streamCount: number;
  coupledStreamCount: number;
  channelMappingTable: number[];
}

export const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  Cluster: 0x1f43b675,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  DocType: 0x4282,
} as const;

/** Containers whose children we want: entered, their size ignored (it may be unknown). */
const ENTERED = new Set<number>([ID.Segment, ID.Cluster, ID.Tracks, ID.BlockGroup]);
/** Elements read whole and parsed. Each is small; a bigger one is not a real take. */
const READ_WHOLE = new Set<number>([ID.EBML, ID.TrackEntry, ID.SimpleBlock, ID.Block]);
const MAX_READ_WHOLE = 4 * 1024 * 1024;

const TRACK_TYPE_AUDIO = 2;

/** Whether a file starts like an EBML document (WebM or Matroska). */
export function looksLikeEbml(head: Buffer): boolean {
  return head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC);
}

/** An element ID (its length marker kept, as Matroska IDs are written): [id, bytes] or null if incomplete. */
function readId(buf: Buffer, at: number): [number, number] | null {
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

function readUint(data: Buffer): number {
  let value = 0;
  for (const byte of data) value = value * 256 + byte;
  return value;
}

/** The children of a fully read master element, as [id, data] pairs. */
function children(data: Buffer): [number, Buffer][] {
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

/** Parses an OpusHead (RFC 7845 §5.1). */
export function parseOpusHead(data: Buffer): OpusHead {
  if (data.length < 19 || data.toString('latin1', 0, 8) !== 'OpusHead') {
    throw new InvalidWebmError('The Opus track has no OpusHead');
  }
  const channels = data[9]!;
  const mappingFamily = data[18]!;
  if (channels < 1) throw new InvalidWebmError('The Opus track has no channels');
  const head: OpusHead = {
    channels,
    preSkip: data.readUInt16LE(10),
    inputSampleRate: data.readUInt32LE(12),
    mappingFamily,
    streamCount: 1,
    coupledStreamCount: channels - 1,
    channelMappingTable: channels === 2 ? [0, 1] : [0],
  };
  if (mappingFamily === 0) {
    if (channels > 2) throw new InvalidWebmError('Opus mapping family 0 has at most 2 channels');
    return head;
  }
  if (data.length < 21 + channels) throw new InvalidWebmError('The OpusHead channel mapping is truncated');
  head.streamCount = data[19]!;
  head.coupledStreamCount = data[20]!;
  head.channelMappingTable = [...data.subarray(21, 21 + channels)];
  return head;
}

/** The frames of a block's payload after its header, split by its lacing (Matroska §10.3). */
function unlace(payload: Buffer, lacing: number): Buffer[] {
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

/**
 * Feed it the file's bytes in any chunks (`push`), then `end()`. Frames of the first Opus audio
 * track come out of `push` in file order; `opusHead` is known once the Tracks were read.
 * Throws InvalidWebmError when the bytes are not a WebM with an Opus track.
 */
export class WebmOpusReader {
  opusHead: OpusHead | null = null;
  private opusTrack: number | null = null;
  private tracksSeen = false;
  private pending: Buffer = Buffer.alloc(0);
  private skipping = 0;
  private started = false;

  push(chunk: Buffer): Buffer[] {
    let buf = chunk;
    if (this.skipping > 0) {
      const skipped = Math.min(this.skipping, buf.length);
      this.skipping -= skipped;
      buf = buf.subarray(skipped);
      if (buf.length === 0) return [];
    }
    buf = this.pending.length ? Buffer.concat([this.pending, buf]) : buf;
    const frames: Buffer[] = [];
    let at = 0;
    for (;;) {
      if (!this.started) {
        if (buf.length - at < 4) break;
        if (!looksLikeEbml(buf.subarray(at, at + 4))) throw new InvalidWebmError('Not an EBML file');
        this.started = true;
      }
      const id = readId(buf, at);
      const size = id && readVint(buf, at + id[1]);
      if (!id || !size) break;
      const [elementId, idLength] = id;
      const [elementSize, sizeLength] = size;
      const headerLength = idLength + sizeLength;
      if (ENTERED.has(elementId)) {
        at += headerLength;
        continue;
      }
      if (elementSize === null) throw new InvalidWebmError('An element of unknown size cannot be skipped');
      if (READ_WHOLE.has(elementId)) {
        if (elementSize > MAX_READ_WHOLE) throw new InvalidWebmError('An element is too large');
        if (buf.length - at < headerLength + elementSize) break;
        const data = buf.subarray(at + headerLength, at + headerLength + elementSize);
        frames.push(...this.element(elementId, data));
        at += headerLength + elementSize;
        continue;
      }
      // Anything else: skipped, possibly across the chunks still to come.
      const available = buf.length - at - headerLength;
      if (available >= elementSize) {
        at += headerLength + elementSize;
      } else {
        this.skipping = elementSize - available;
        at = buf.length;
        break;
      }
    }
    // Copied: the caller's chunk may be reused, and a small copy frees the big one.
    this.pending = Buffer.from(buf.subarray(at));
    return frames;
  }

  /** Call after the last chunk: checks that an Opus track was found. */
  end(): OpusHead {
    if (!this.started) throw new InvalidWebmError('Not an EBML file');
    if (!this.opusHead) throw new InvalidWebmError('The file has no Opus audio track');
    return this.opusHead;
  }

  private element(id: number, data: Buffer): Buffer[] {
    if (id === ID.EBML) {
      const docType = children(data)
        .find(([child]) => child === ID.DocType)?.[1]
        .toString('latin1');
      if (docType !== undefined && docType !== 'webm' && docType !== 'matroska') {
        throw new InvalidWebmError('Not a WebM or Matroska document');
      }
      return [];
    }
    if (id === ID.TrackEntry) {
      this.trackEntry(data);
      return [];
    }
    return this.block(data);
  }

  private trackEntry(data: Buffer): void {
    this.tracksSeen = true;
    if (this.opusTrack !== null) return;
    const fields = new Map(children(data));
    const codec = fields.get(ID.CodecID)?.toString('latin1');
    const type = fields.get(ID.TrackType);
    const number = fields.get(ID.TrackNumber);
    if (codec !== 'A_OPUS' || !number || (type && readUint(type) !== TRACK_TYPE_AUDIO)) return;
    const codecPrivate = fields.get(ID.CodecPrivate);
    if (!codecPrivate) throw new InvalidWebmError('The Opus track has no OpusHead');
    this.opusHead = parseOpusHead(codecPrivate);
    this.opusTrack = readUint(number);
  }

  private block(data: Buffer): Buffer[] {
    const track = readVint(data, 0);
    if (!track || track[0] === null || data.length < track[1] + 3) {
      throw new InvalidWebmError('Truncated block');
    }
    if (!this.tracksSeen) throw new InvalidWebmError('A block comes before the track list');
    if (track[0] !== this.opusTrack) return [];
    const flags = data[track[1] + 2]!;
    const lacing = (flags >> 1) & 0b11;
    return unlace(data.subarray(track[1] + 3), lacing);
  }
}
