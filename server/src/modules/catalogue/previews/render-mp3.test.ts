import { Readable } from 'node:stream';
import { OfflineAudioContext } from 'node-web-audio-api';
import { describe, expect, it } from 'vitest';
import { encodeFlac, mp3File } from '../../../../test/media-fixtures';
import { decodePcm } from '../audio/pcm-decoder';
import { sniffAudio } from '../audio/sniff';
import { encodeWav } from '../audio/wav';
import { decodeVoiceTag, PREVIEW_BITRATE, renderMp3, RENDITION_BITRATE } from './render-mp3';
import { VoiceTagMixer } from './voice-tag-mixer';

/** A stored file as storage hands it out: a stream of 64 KB pieces. */
const stream = (buffer: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < buffer.length; i += 65536) yield buffer.subarray(i, i + 65536);
    })(),
  );

function sine(seconds: number, sampleRate: number, frequency: number, amplitude: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return out;
}

async function collect(parts: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const part of parts) chunks.push(part);
  return Buffer.concat(chunks);
}

async function render(file: Buffer, bitrate = PREVIEW_BITRATE, voiceTag?: Buffer) {
  const format = sniffAudio(file)!;
  const tag = voiceTag ? await decodeVoiceTag(sniffAudio(voiceTag)!, stream(voiceTag)) : null;
  return collect(renderMp3(decodePcm(format, stream(file)), { bitrate, voiceTag: tag }));
}

/** Decodes an MP3 the way a browser would, proving it is playable audio. */
async function decodeMp3(mp3: Buffer) {
  const context = new OfflineAudioContext(1, 1, 44100);
  return context.decodeAudioData(Uint8Array.from(mp3).buffer);
}

/** Power of one frequency in a stretch of samples (Goertzel), normalised by length. */
function power(samples: Float32Array, sampleRate: number, frequency: number, from: number, to: number) {
  const start = Math.round(from * sampleRate);
  const end = Math.round(to * sampleRate);
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  for (let i = start; i < end; i++) {
    const s0 = samples[i]! + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / (end - start) ** 2;
}

describe('renderMp3', () => {
  it('encodes a stereo WAV master into a 128 kb/s MP3 of the same length', async () => {
    const left = sine(12, 44100, 440, 0.5);
    const right = sine(12, 44100, 660, 0.5);
    const mp3 = await render(encodeWav([left, right], 44100));
    expect(sniffAudio(mp3)).toBe('mp3');
    const kbps = (mp3.length * 8) / 12 / 1000;
    expect(kbps).toBeGreaterThan(125);
    expect(kbps).toBeLessThan(132);
    const decoded = await decodeMp3(mp3);
    expect(decoded.numberOfChannels).toBe(2);
    // LAME adds its encoder delay and pads the last frame: at most a few frames longer.
    expect(decoded.duration).toBeGreaterThanOrEqual(12);
    expect(decoded.duration).toBeLessThan(12.1);
    // Each side keeps its own tone.
    const l = decoded.getChannelData(0);
    const r = decoded.getChannelData(1);
    expect(power(l, 44100, 440, 2, 4)).toBeGreaterThan(100 * power(l, 44100, 660, 2, 4));
    expect(power(r, 44100, 660, 2, 4)).toBeGreaterThan(100 * power(r, 44100, 440, 2, 4));
  });

  it('makes a 320 kb/s rendition of a FLAC master, resampling an odd rate', async () => {
    const flac = encodeFlac([sine(6, 22050, 440, 0.5), sine(6, 22050, 440, 0.5)], 22050);
    const mp3 = await render(flac, RENDITION_BITRATE);
    const kbps = (mp3.length * 8) / 6 / 1000;
    expect(kbps).toBeGreaterThan(315);
    expect(kbps).toBeLessThan(330);
    const decoded = await decodeMp3(mp3);
    expect(decoded.sampleRate).toBe(44100);
    expect(decoded.duration).toBeCloseTo(6, 1);
  });

  it('re-encodes an MP3 master for its preview', async () => {
    const mp3 = await render(mp3File(5));
    expect((await decodeMp3(mp3)).duration).toBeCloseTo(5, 1);
  });

  it('refuses a file with no audio in it', async () => {
    const empty = encodeWav([new Float32Array(0)], 44100);
    await expect(render(empty)).rejects.toThrow('no audio');
  });

  it('mixes the voice tag in at 1 s and every 30 s, audible over a ducked beat', async () => {
    const rate = 22050;
    const beat = encodeWav([sine(64, rate, 220, 0.8)], rate);
    // A 0.8 s "voice" at 1.8 kHz, quiet on purpose: levelling brings it up.
    const voice = encodeWav([sine(0.8, 16000, 1800, 0.05)], 16000);
    const decoded = await decodeMp3(await render(beat, PREVIEW_BITRATE, voice));
    const samples = decoded.getChannelData(0);
    const r = decoded.sampleRate;
    for (const at of [1, 31, 61]) {
      const during = power(samples, r, 1800, at + 0.2, at + 0.6);
      const before = power(samples, r, 1800, at - 0.6, at - 0.2);
      expect(during).toBeGreaterThan(1e-3);
      expect(during).toBeGreaterThan(1000 * before);
      // The beat dips by 6 dB (a quarter of its power) while the tag plays.
      const beatDuring = power(samples, r, 220, at + 0.2, at + 0.6);
      const beatBefore = power(samples, r, 220, at - 0.6, at - 0.2);
      expect(beatDuring / beatBefore).toBeGreaterThan(0.2);
      expect(beatDuring / beatBefore).toBeLessThan(0.3);
    }
    // Nothing between the tags: the beat plays untouched.
    expect(power(samples, r, 1800, 15, 16)).toBeLessThan(1e-6);
  });
});

describe('voice tags', () => {
  it('are folded to mono and cut at 15 s', async () => {
    const long = encodeWav([sine(20, 8000, 300, 0.5), sine(20, 8000, 300, -0.5)], 8000);
    const tag = await decodeVoiceTag('wav', stream(long));
    expect(tag.sampleRate).toBe(8000);
    expect(tag.samples.length).toBe(15 * 8000);
    // Opposite channels cancel out when folded.
    expect(Math.max(...tag.samples.subarray(0, 8000).map(Math.abs))).toBeLessThan(1e-3);
  });

  it('mix the same whether the track comes in one block or in many', () => {
    const rate = 1000;
    const tag = { samples: sine(2, 500, 50, 0.3), sampleRate: 500 };
    const whole = [sine(70, rate, 20, 0.5)];
    const pieces = [Float32Array.from(whole[0]!)];
    new VoiceTagMixer(tag, rate).mix(whole, 0);
    const mixer = new VoiceTagMixer(tag, rate);
    for (let start = 0; start < pieces[0]!.length; start += 777) {
      mixer.mix([pieces[0]!.subarray(start, start + 777)], start);
    }
    expect(pieces[0]).toEqual(whole[0]);
    // Untouched before the first tag and between tags, changed where a tag plays.
    const original = sine(70, rate, 20, 0.5);
    expect(whole[0]!.subarray(0, 900)).toEqual(original.subarray(0, 900));
    expect(whole[0]!.subarray(4000, 29_000)).toEqual(original.subarray(4000, 29_000));
    expect(whole[0]!.subarray(31_000, 32_000)).not.toEqual(original.subarray(31_000, 32_000));
  });
});
