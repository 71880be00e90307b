import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { analyseWebmOpus, InvalidAudioError, sniffRecording } from './recording-analysis';
import { InvalidWebmError, readVint } from './ebml-elements';
import { parseOpusHead } from './opus-head';
import { WebmOpusReader } from './webm-opus-reader';

/** A real take: Chromium's MediaRecorder, 440 Hz sine at 0.5 for 1.5 s (make-recording-fixture.mjs). */
const FIXTURE = readFileSync(new URL('../../../../test/fixtures/recording-take.webm', import.meta.url));

// --- a tiny EBML writer, to build WebM files whose every byte the test knows -----------------

function id(value: number): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from(bytes);
}
/** A size as an 8-byte vint, or the reserved unknown size. */
function size(n: number | null): Buffer {
  const out = Buffer.alloc(8);
  if (n === null) return Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  out[0] = 0x01;
  out.writeUIntBE(n, 2, 6);
  return out;
}
const el = (elementId: number, ...body: Buffer[]) => {
  const data = Buffer.concat(body);
  return Buffer.concat([id(elementId), size(data.length), data]);
};
const unknownSized = (elementId: number, ...body: Buffer[]) =>
  Buffer.concat([id(elementId), size(null), ...body]);
const uint = (n: number) => Buffer.from([n]);
const ascii = (s: string) => Buffer.from(s, 'latin1');

function opusHead(channels = 1, preSkip = 312): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = channels;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  return head;
}
/** A SimpleBlock of `track` with the given lacing bits and already-laced payload. */
const simpleBlock = (track: number, lacing: number, payload: Buffer) =>
  el(0xa3, Buffer.from([0x80 | track, 0x00, 0x00, 0x80 | (lacing << 1)]), payload);

function syntheticWebm(blocks: Buffer[]): Buffer {
  return Buffer.concat([
    el(0x1a45dfa3, el(0x4282, ascii('webm'))),
    unknownSized(
      0x18538067,
      el(0xec, Buffer.alloc(300)), // Void, skipped
      el(
        0x1654ae6b,
        el(0xae, el(0xd7, uint(1)), el(0x83, uint(1)), el(0x86, ascii('V_VP8'))),
        el(
          0xae,
          el(0xd7, uint(2)),
          el(0x83, uint(2)),
          el(0x86, ascii('A_OPUS')),
          el(0x63a2, opusHead(2, 120)),
        ),
      ),
      unknownSized(0x1f43b675, el(0xe7, uint(0)), ...blocks),
    ),
  ]);
}

function readAll(file: Buffer, chunkSize: number): { frames: Buffer[]; reader: WebmOpusReader } {
  const reader = new WebmOpusReader();
  const frames: Buffer[] = [];
  for (let at = 0; at < file.length; at += chunkSize) {
    frames.push(...reader.push(file.subarray(at, at + chunkSize)).map((f) => Buffer.from(f)));
  }
  reader.end();
  return { frames, reader };
}

describe('WebmOpusReader', () => {
  it('finds the Opus track of a Chromium MediaRecorder take and its frames, however the bytes are chunked', () => {
    const whole = readAll(FIXTURE, FIXTURE.length);
    expect(whole.reader.opusHead).toMatchObject({ channels: 1, mappingFamily: 0, inputSampleRate: 48_000 });
    // 1.5 s in Opus packets of 20 to 60 ms (Chromium writes 60): 25 to 75, give or take the
    // recorder starting and stopping on its own clock.
    expect(whole.frames.length).toBeGreaterThan(20);
    expect(whole.frames.length).toBeLessThan(90);
    for (const chunkSize of [1, 7, 1000]) {
      const chunked = readAll(FIXTURE, chunkSize);
      expect(chunked.frames).toEqual(whole.frames);
    }
  });

  it('keeps only the Opus track, skips other elements, and splits Xiph, EBML and fixed lacing', () => {
    const a = Buffer.from([1, 2, 3]);
    const b = Buffer.from([4, 5, 6, 7, 8]);
    const c = Buffer.from([9]);
    const file = syntheticWebm([
      simpleBlock(1, 0, Buffer.from([0xee, 0xee])), // the video track's block
      simpleBlock(2, 0, a),
      simpleBlock(2, 0b01, Buffer.concat([Buffer.from([2, a.length, b.length]), a, b, c])),
      // EBML lacing: first size 3 as a 1-byte vint (0x83), then +2 as a signed 1-byte vint (bias 63).
      simpleBlock(2, 0b11, Buffer.concat([Buffer.from([2, 0x83, 0x80 | (63 + 2)]), a, b, c])),
      simpleBlock(2, 0b10, Buffer.concat([Buffer.from([1]), a, Buffer.from([7, 7, 7])])),
      el(0xa0, el(0xa1, Buffer.from([0x82, 0x00, 0x00, 0x00]), c)), // BlockGroup/Block
    ]);
    for (const chunkSize of [1, 5, file.length]) {
      const { frames, reader } = readAll(file, chunkSize);
      expect(reader.opusHead).toMatchObject({ channels: 2, preSkip: 120, channelMappingTable: [0, 1] });
      expect(frames).toEqual([a, a, b, c, a, b, c, a, Buffer.from([7, 7, 7]), c]);
    }
  });

  it('refuses what is not a WebM with an Opus track', () => {
    expect(() => new WebmOpusReader().push(Buffer.from('just some text, renamed .webm'))).toThrow(
      InvalidWebmError,
    );
    const noOpus = Buffer.concat([
      el(0x1a45dfa3, el(0x4282, ascii('webm'))),
      el(
        0x18538067,
        el(0x1654ae6b, el(0xae, el(0xd7, uint(1)), el(0x83, uint(2)), el(0x86, ascii('A_VORBIS')))),
      ),
    ]);
    const reader = new WebmOpusReader();
    reader.push(noOpus);
    expect(() => reader.end()).toThrow('The file has no Opus audio track');
    expect(() => readAll(el(0x1a45dfa3, el(0x4282, ascii('mkv-ish'))), 100)).toThrow(InvalidWebmError);
    expect(() => parseOpusHead(Buffer.from('OpusTail'))).toThrow(InvalidWebmError);
  });

  it('reads variable-length integers, including the unknown size', () => {
    expect(readVint(Buffer.from([0x81]), 0)).toEqual([1, 1]);
    expect(readVint(Buffer.from([0x40, 0x02]), 0)).toEqual([2, 2]);
    expect(readVint(Buffer.from([0xff]), 0)).toEqual([null, 1]);
    expect(readVint(Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 0)).toEqual([null, 8]);
    expect(readVint(Buffer.from([0x40]), 0)).toBeNull(); // incomplete
  });
});

describe('analyseWebmOpus', () => {
  it('measures the duration and the waveform of a real take by decoding its Opus frames', async () => {
    const analysis = await analyseWebmOpus(
      Readable.from([FIXTURE.subarray(0, 1000), FIXTURE.subarray(1000)]),
    );
    expect(analysis.durationSeconds).toBeGreaterThan(1.3);
    expect(analysis.durationSeconds).toBeLessThan(1.7);
    // 1.5 s makes 150 blocks of 10 ms: fewer than the 1000 pairs, so one pair per block.
    expect(analysis.peaks.length).toBeGreaterThan(130);
    expect(analysis.peaks.length).toBeLessThan(170);
    const loudest = Math.max(...analysis.peaks.map(([, max]) => max));
    // The sine is at half scale; Opus at 32 kb/s keeps its level within a few percent.
    expect(loudest).toBeGreaterThan(0.45);
    expect(loudest).toBeLessThan(0.56);
    // Steady tone: the middle of the take is as loud as its peak.
    const middle = analysis.peaks[Math.floor(analysis.peaks.length / 2)]!;
    expect(middle[1]).toBeGreaterThan(0.45);
    expect(middle[0]).toBeLessThan(-0.45);
  });

  it('refuses a text file and a WebM without decodable Opus', async () => {
    await expect(analyseWebmOpus(Readable.from([Buffer.from('not audio at all')]))).rejects.toThrow(
      InvalidAudioError,
    );
    const garbage = syntheticWebm([simpleBlock(2, 0, Buffer.from([0xff, 0xff, 0xff]))]);
    await expect(analyseWebmOpus(Readable.from([garbage]))).rejects.toThrow(InvalidAudioError);
  });

  it('tells a take from other files by its first bytes', () => {
    expect(sniffRecording(FIXTURE.subarray(0, 16))).toBe('webm');
    expect(sniffRecording(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe('wav');
    expect(sniffRecording(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(sniffRecording(Buffer.from('hello world, a text'))).toBeNull();
  });
});
