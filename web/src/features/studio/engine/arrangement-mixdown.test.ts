// The timeline's mixdown under node-web-audio-api: comped lanes, per-track chains, mute, fades,
// the 24-bit WAV and the MP3 made from it.
import { emptyArrangement } from '@beatroom/shared/studio-arrangement';
import { addTake, setClipFades } from '@beatroom/shared/studio-arrangement-clips';
import { addTrack, compRegion, setTrack } from '@beatroom/shared/studio-arrangement-tracks';
import { DEFAULT_STUDIO_SETTINGS } from '@beatroom/shared/studio-settings';
import { describe, expect, it } from 'vitest';
import { effectsOf } from '../timeline/track-effects';
import { detectClick } from './alignment';
import { renderArrangement } from './arrangement-mixdown';
import { OfflineContext, RATE, offlineContext, rms, sine } from './audio-test-utils';
import { clickSamples } from './clicks';
import { compactTake } from './compact-take';
import { encodeWav } from './mixdown';
import { encodeMp3 } from './mp3-encode';

const DRY = { ...effectsOf(DEFAULT_STUDIO_SETTINGS), reverbAmount: 0, compression: 0, gate: 0 };

function mono(samples: Float32Array) {
  const out = offlineContext(0.1).createBuffer(1, samples.length, RATE);
  out.getChannelData(0).set(samples);
  return out;
}

/** A 4 s take with one click at `clickAt` seconds. */
function clickTake(clickAt: number) {
  const samples = new Float32Array(4 * RATE);
  samples.set(clickSamples(RATE), Math.round(clickAt * RATE));
  return mono(samples);
}

const take = (n: number) => ({ id: `take-${n}`, name: `Take ${n}`, source: null, duration: 4 });

describe('renderArrangement', () => {
  it('plays each comped region from its lane, at its place on the beat', async () => {
    // Pass 1 clicks 1 s in, pass 2 clicks 3 s in; both placed at 2 s. Comp: the first half
    // (2..4 s) from pass 1, the rest from pass 2: both clicks sound, at 3 s and 5 s.
    let a = emptyArrangement(DRY);
    a = addTake(a, { take: take(1), trackId: 'track-1', start: 2 });
    a = addTake(a, { take: take(2), trackId: 'track-1', start: 2 });
    const takes = new Map([
      ['take-1', compactTake(clickTake(1))],
      ['take-2', compactTake(clickTake(3))],
    ]);
    const beat = mono(new Float32Array(8 * RATE));
    const progress: number[] = [];
    const render = (arrangement: typeof a) =>
      renderArrangement({
        beat,
        beatVolume: 0.7,
        arrangement,
        takes,
        OfflineContext,
        onProgress: (f) => progress.push(f),
      });

    // Uncomped: the newest pass plays alone (only its click, at 5 s).
    const newest = (await render(a)).getChannelData(0);
    expect(Math.abs(detectClick(newest, RATE, 0)! / RATE - 5)).toBeLessThan(0.001);
    expect(rms(newest, 2.9 * RATE, 3.1 * RATE)).toBeLessThan(1e-4);

    progress.length = 0;
    const comped = (await render(compRegion(a, 'track-1', 2, 4, 0))).getChannelData(0);
    // Both clicks are as loud: each is looked for in its own half.
    expect(Math.abs(detectClick(comped.subarray(0, 4 * RATE), RATE, 0)! / RATE - 3)).toBeLessThan(0.001);
    expect(Math.abs(detectClick(comped, RATE, 4 * RATE)! / RATE - 5)).toBeLessThan(0.001);
    // Progress rises step by step to 1.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((f, i) => f > 0 && (i === 0 || f > progress[i - 1]!))).toBe(true);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it('mixes tracks with their volume and pan, leaves a muted one out, and fades', async () => {
    let a = emptyArrangement(DRY);
    a = addTake(a, { take: take(1), trackId: 'track-1', start: 0 });
    a = addTrack(a);
    a = addTake(a, { take: take(2), trackId: 'track-2', start: 0 });
    a = setTrack(a, 'track-1', { pan: -1 });
    a = setTrack(a, 'track-2', { pan: 1, volume: 0.5 });
    const takes = new Map([
      ['take-1', compactTake(mono(sine(440, 4, 0.4)))],
      ['take-2', compactTake(mono(sine(440, 4, 0.4)))],
    ]);
    const beat = mono(new Float32Array(4 * RATE));
    const mix = await renderArrangement({ beat, beatVolume: 0, arrangement: a, takes, OfflineContext });
    const left = rms(mix.getChannelData(0), 1 * RATE, 3 * RATE);
    const right = rms(mix.getChannelData(1), 1 * RATE, 3 * RATE);
    expect(left).toBeGreaterThan(0.1);
    expect(right / left).toBeCloseTo(0.5, 1);

    const muted = await renderArrangement({
      beat,
      beatVolume: 0,
      arrangement: setClipFades(setTrack(a, 'track-2', { mute: true }), 'clip-1', { fadeIn: 1 }),
      takes,
      OfflineContext,
    });
    expect(rms(muted.getChannelData(1), 1 * RATE, 3 * RATE)).toBeLessThan(1e-3);
    // The fade-in: quiet at its start, full after it.
    expect(rms(muted.getChannelData(0), 0.02 * RATE, 0.1 * RATE)).toBeLessThan(left / 5);
    expect(rms(muted.getChannelData(0), 1.5 * RATE, 2.5 * RATE)).toBeCloseTo(left, 1);
  });

  it('writes 24-bit WAV and 320 kb/s MP3', async () => {
    const buffer = mono(sine(440, 1, 0.5));
    const wav = new DataView(encodeWav(buffer, 24));
    expect(wav.getUint16(34, true)).toBe(24);
    expect(wav.getUint32(40, true)).toBe(RATE * 3);
    const first =
      wav.getUint8(44 + 3 * 10) | (wav.getUint8(45 + 3 * 10) << 8) | (wav.getInt8(46 + 3 * 10) << 16);
    expect(first / 0x7fffff).toBeCloseTo(buffer.getChannelData(0)[10]!, 5);
    const stereo = offlineContext(0.1).createBuffer(2, 10 * RATE, RATE);
    stereo.getChannelData(0).set(sine(440, 10, 0.5));
    const mp3 = new Uint8Array(await (await encodeMp3(stereo)).arrayBuffer());
    // 10 s at 320 kb/s is ~400 kB; frames start with the 0xFFF sync word.
    expect(mp3.length).toBeGreaterThan(380_000);
    expect(mp3.length).toBeLessThan(420_000);
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]! & 0xe0).toBe(0xe0);
  });
});
