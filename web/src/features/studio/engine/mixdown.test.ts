// Mixdown: the beat and the processed take rendered together, in time, and written as WAV.
import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO_SETTINGS } from '@beatroom/shared/studio-settings';
import { detectClick } from './alignment';
import { OfflineContext, RATE, offlineContext, rms, sine } from './audio-test-utils';
import { clickSamples } from './clicks';
import { detectPitch } from './pitch-detection';
import { encodeWav, measureChainLatencyS, renderMixdown, wavBlobWriter, wavWriter } from './mixdown';

function buffer(ctx: BaseAudioContext, samples: Float32Array<ArrayBuffer>) {
  const out = ctx.createBuffer(1, samples.length, RATE);
  out.getChannelData(0).set(samples);
  return out;
}

const NEUTRAL = { ...DEFAULT_STUDIO_SETTINGS, reverbAmount: 0, compression: 0, gate: 0, beatVolume: 0.7 };

describe('renderMixdown', () => {
  it('puts the take where alignTake says, compensating the chain’s own delay', async () => {
    const scratch = offlineContext(0.1);
    const beat = buffer(scratch, sine(100, 4, 0.2));
    // A click 0.5 s into the take; the take belongs 1.25 s into the beat.
    const take = new Float32Array(2 * RATE);
    take.set(clickSamples(RATE), 0.5 * RATE);
    const mix = await renderMixdown({
      beat,
      vocal: buffer(scratch, take),
      settings: NEUTRAL,
      vocalOffsetS: 1.25,
      OfflineContext,
    });
    expect(mix.numberOfChannels).toBe(2);
    expect(mix.duration).toBeCloseTo(4, 2);
    const found = detectClick(mix.getChannelData(0), RATE, 0.5 * RATE)! / RATE;
    expect(Math.abs(found - 1.75)).toBeLessThan(0.001);
    // The beat is there at its volume (0.2 × 0.7 peak).
    expect(rms(mix.getChannelData(0), 3 * RATE, 4 * RATE)).toBeCloseTo((0.2 * 0.7) / Math.SQRT2, 2);
    expect(await measureChainLatencyS(OfflineContext, RATE)).toBeGreaterThanOrEqual(0);
  });

  it('trims a take that started before the beat', async () => {
    const scratch = offlineContext(0.1);
    const take = new Float32Array(2 * RATE);
    take.set(clickSamples(RATE), RATE);
    const mix = await renderMixdown({
      beat: buffer(scratch, new Float32Array(3 * RATE)),
      vocal: buffer(scratch, take),
      settings: NEUTRAL,
      vocalOffsetS: -0.4,
      OfflineContext,
    });
    const found = detectClick(mix.getChannelData(0), RATE)! / RATE;
    expect(Math.abs(found - 0.6)).toBeLessThan(0.001);
  });

  it('applies pitch correction to the take, as live', async () => {
    const scratch = offlineContext(0.1);
    const sharpA = sine(440 * 2 ** (40 / 1200), 2, 0.3);
    const mix = await renderMixdown({
      beat: buffer(scratch, new Float32Array(3 * RATE)),
      vocal: buffer(scratch, sharpA),
      settings: { ...NEUTRAL, autoTune: 100 },
      vocalOffsetS: 0.5,
      OfflineContext,
    });
    const hz = detectPitch(mix.getChannelData(0).subarray(0, 2 * RATE), RATE)!.hz;
    expect(Math.abs(1200 * Math.log2(hz / 440))).toBeLessThan(5);
  });
});

describe('encodeWav', () => {
  it('writes a 16-bit PCM RIFF file with interleaved, clipped samples', () => {
    const left = Float32Array.of(0, 0.5, -0.5, 1.5);
    const right = Float32Array.of(1, -1, 0.25, -2);
    const wav = encodeWav({
      numberOfChannels: 2,
      sampleRate: 48_000,
      length: 4,
      getChannelData: (channel) => (channel === 0 ? left : right),
    });
    const view = new DataView(wav);
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(wav, offset, 4));
    expect(wav.byteLength).toBe(44 + 4 * 2 * 2);
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(wav.byteLength - 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(48_000 * 4);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(16);
    const samples = Array.from({ length: 8 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 32767, 16384, -32768, -16384, 8192, 32767, -32768]);
  });

  it('writes the same file stretch by stretch as all at once (24-bit), as a buffer or a Blob', async () => {
    const left = sine(440, 0.1, 0.9);
    const right = sine(660, 0.1, -0.9);
    const whole = encodeWav(
      {
        numberOfChannels: 2,
        sampleRate: RATE,
        length: left.length,
        getChannelData: (c) => (c ? right : left),
      },
      24,
    );
    const writer = wavWriter(2, RATE, left.length, 24);
    for (let at = 0; at < left.length; at += 1_000)
      writer.write([left.subarray(at, at + 1_000), right.subarray(at, at + 1_000)]);
    expect(new Uint8Array(writer.finish())).toEqual(new Uint8Array(whole));
    const blobWriter = wavBlobWriter(2, RATE, left.length, 24);
    for (let at = 0; at < left.length; at += 1_000)
      blobWriter.write([left.subarray(at, at + 1_000), right.subarray(at, at + 1_000)]);
    const blob = blobWriter.finish();
    expect(blob.type).toBe('audio/wav');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array(whole));
    // The 24-bit sample is the float scaled to ±2^23, little-endian.
    const view = new DataView(whole);
    const at = 44 + 6 * 7;
    const sample = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
    expect(sample).toBe(Math.round(left[7]! * 0x7fffff));
  });
});
