import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeFlac, flacFile, mp3File, tone, withClaimedFlacSamples } from '../../../../test/media-fixtures';
import { analyseAudio, InvalidAudioError } from './audio-analysis';
import { PeakAccumulator } from './peaks';
import { sniffAudio, sniffImage } from './sniff';
import { analyseWav, encodeWav, wavHeader } from './wav';

/** A byte stream delivering the buffer in small pieces, as storage does. */
const stream = (buffer: Buffer, piece = 4096) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < buffer.length; i += piece) yield buffer.subarray(i, i + piece);
    })(),
    { objectMode: false },
  );

describe('sniffing', () => {
  it.each([
    ['RIFF....WAVE', Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), 'wav'],
    ['fLaC', Buffer.from('fLaC\0\0\0\x22', 'latin1'), 'flac'],
    ['ID3v2.4', Buffer.from('ID3\x04\0\0\0\0\0\x10', 'latin1'), 'mp3'],
    ['an MPEG-1 Layer III frame', Buffer.from([0xff, 0xfb, 0x90, 0xc0]), 'mp3'],
    ['an MPEG-2 Layer III frame', Buffer.from([0xff, 0xf3, 0x80, 0xc4]), 'mp3'],
    ['an MPEG Layer II frame', Buffer.from([0xff, 0xfd, 0x90, 0xc0]), null],
    ['a reserved bitrate', Buffer.from([0xff, 0xfb, 0xf0, 0xc0]), null],
    ['RIFF....AVI ', Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1'), null],
    ['an ELF executable', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), null],
    ['nothing', Buffer.alloc(0), null],
  ])('audio: %s → %s', (_name, head, expected) => {
    expect(sniffAudio(head)).toBe(expected);
  });

  it.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    ['WebP', Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), 'webp'],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    ['GIF', Buffer.from('GIF89a'), null],
  ])('image: %s → %s', (_name, head, expected) => {
    expect(sniffImage(head)).toBe(expected);
  });
});

describe('PeakAccumulator', () => {
  it('spreads at most 1000 pairs over everything added, clamped and rounded', () => {
    const peaks = new PeakAccumulator(1000, 1); // 10 samples a block
    for (let i = 0; i < 20_000; i++) peaks.add(i < 10_000 ? 0.25 : -1.5);
    const out = peaks.finish();
    expect(out).toHaveLength(1000);
    expect(out[0]).toEqual([0.25, 0.25]);
    expect(out[999]).toEqual([-1, -1]);
  });

  it('gives fewer pairs for short audio', () => {
    const peaks = new PeakAccumulator(1000, 2);
    for (let i = 0; i < 200; i++) peaks.add(0.5);
    expect(peaks.finish()).toHaveLength(10);
  });
});

describe('analyseWav', () => {
  const samples = tone(1, 8000);

  function pcm(bits: 8 | 24 | 32, float = false): Buffer {
    const bytes = bits / 8;
    const data = Buffer.alloc(samples.length * bytes);
    samples.forEach((v, i) => {
      if (float) data.writeFloatLE(v, i * 4);
      else if (bits === 8) data.writeUInt8(Math.round(v * 127 + 128), i);
      else if (bits === 24) data.writeIntLE(Math.round(v * 8388607), i * 3, 3);
      else data.writeInt32LE(Math.round(v * 2147483647), i * 4);
    });
    const header = wavHeader(data.length, 1, 8000, bits);
    if (float) header.writeUInt16LE(3, 20);
    return Buffer.concat([header, data]);
  }

  it.each([
    ['16-bit', encodeWav([samples], 8000)],
    ['8-bit', pcm(8)],
    ['24-bit', pcm(24)],
    ['32-bit', pcm(32)],
    ['32-bit float', pcm(32, true)],
  ])('reads %s PCM in a streaming pass', async (_name, file) => {
    const { durationSeconds, peaks } = await analyseWav(stream(file, 333));
    expect(durationSeconds).toBeCloseTo(1, 3);
    expect(peaks).toHaveLength(100);
    expect(peaks.at(-1)![1]).toBeCloseTo(0.5, 1);
  });

  it('skips other chunks, and reads a data chunk of unknown size to the end', async () => {
    const wav = encodeWav([samples], 8000);
    const list = Buffer.concat([Buffer.from('LIST\x05\0\0\0hello\0', 'latin1')]); // odd size + pad byte
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    expect((await analyseWav(stream(withList))).durationSeconds).toBeCloseTo(1, 3);
    const streamed = Buffer.from(wav);
    streamed.writeUInt32LE(0xffffffff, 40);
    expect((await analyseWav(stream(streamed))).durationSeconds).toBeCloseTo(1, 3);
  });

  it.each([
    ['no data chunk', encodeWav([samples], 8000).subarray(0, 36)],
    ['an empty data chunk', encodeWav([new Float32Array(0)], 8000)],
    [
      'a compressed format',
      (() => {
        const wav = encodeWav([samples], 8000);
        wav.writeUInt16LE(2, 20); // ADPCM
        return wav;
      })(),
    ],
  ])('refuses %s', async (_name, file) => {
    await expect(analyseWav(stream(file))).rejects.toThrow(InvalidAudioError);
  });
});

describe('analyseAudio (decoded formats)', () => {
  const open = (buffer: Buffer) => async () => stream(buffer, 65536);

  it('decodes a long FLAC in chunks without losing its place', async () => {
    const fade = tone(200, 22050);
    const flac = encodeFlac([fade, fade], 22050);
    const { durationSeconds, peaks } = await analyseAudio('flac', open(flac));
    expect(durationSeconds).toBeCloseTo(200, 3);
    expect(peaks).toHaveLength(1000);
    // A linear fade-in: half way through, the envelope is half of the end's.
    expect(peaks[500]![1]).toBeCloseTo(0.25, 2);
    expect(peaks[999]![1]).toBeCloseTo(0.5, 2);
  });

  it('reads MP3 after an ID3 tag, and its duration', async () => {
    const mp3 = mp3File(30);
    const { durationSeconds, peaks } = await analyseAudio('mp3', open(mp3));
    expect(durationSeconds).toBeCloseTo(30, 0);
    expect(peaks.length).toBeGreaterThan(900);
  });

  it('refuses a file whose content does not decode', async () => {
    const junk = Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(5000, 7)]);
    await expect(analyseAudio('flac', open(junk))).rejects.toThrow(InvalidAudioError);
    const fakeMp3 = Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\x00'), Buffer.alloc(5000, 7)]);
    await expect(analyseAudio('mp3', open(fakeMp3))).rejects.toThrow(InvalidAudioError);
  });

  it('analyses a short FLAC in one chunk', async () => {
    const flac = flacFile(2);
    expect((await analyseAudio('flac', open(flac))).durationSeconds).toBeCloseTo(2, 3);
  });

  it('measures a long FLAC with no declared length to the sample (no frame lost between chunks)', async () => {
    const fade = tone(200, 22050);
    const flac = withClaimedFlacSamples(encodeFlac([fade, fade], 22050), 0);
    expect((await analyseAudio('flac', open(flac))).durationSeconds).toBeCloseTo(200, 2);
  });

  // A 2 s FLAC whose STREAMINFO claimed 2^36 - 1 samples became a 99-day beat.
  it.each([
    ['a huge length', 2 ** 36 - 1],
    ['a length shorter than its audio', 4000],
  ])('takes a FLAC length from its decoded audio, not a header claiming %s', async (_name, claimed) => {
    const flac = withClaimedFlacSamples(flacFile(2), claimed);
    const { durationSeconds, peaks } = await analyseAudio('flac', open(flac));
    expect(durationSeconds).toBeCloseTo(2, 1);
    expect(peaks[peaks.length - 1]![1]).toBeCloseTo(0.5, 1);
  });
});
