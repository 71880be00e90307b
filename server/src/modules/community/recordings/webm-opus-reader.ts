// A small streaming WebM (Matroska) reader that finds the Opus track and hands out its frames,
// for the server to decode a studio take (MediaRecorder's audio/webm;codecs=opus) with the WASM
// Opus decoder, which decodes frames but does not demux. Pure: bytes in, frames out, no I/O.
//
// Only what a take needs is understood: the EBML header, Segment, Tracks/TrackEntry (to find the
// A_OPUS track and its OpusHead), Cluster, SimpleBlock and BlockGroup/Block with any lacing.
// Everything else (Cues, Tags, Void, video tracks' blocks) is skipped by its size without being
// held in memory. MediaRecorder writes Segment and Cluster with an unknown size (it streams), so
// master elements are entered, never measured: the children simply follow in the byte stream.

import { children, InvalidWebmError, looksLikeEbml, readId, readUint, readVint } from './ebml-elements';
import { unlace } from './matroska-lacing';
import { parseOpusHead, type OpusHead } from './opus-head';

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
