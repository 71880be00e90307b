// The vocal chain measured, not inspected: signals go through the real graph in
// node-web-audio-api's OfflineAudioContext and the tests read what comes out.
import { describe, expect, it } from 'vitest';
import type { StudioEffectSettings } from '@beatroom/shared/studio-settings';
import { RATE, offlineContext, play, rms, sine, toDb, toneAmplitude } from './audio-test-utils';
import { buildVocalChain, type VocalChainSettings } from './vocal-chain';

/** Every effect neutral: what a test changes is the only thing acting on the sound. */
const FLAT: StudioEffectSettings = {
  reverbAmount: 0,
  delayAmount: 0,
  eqLow: 50,
  eqMid: 50,
  eqHigh: 50,
  compression: 0,
  vocalPan: 50,
  autoTune: 0,
  chorus: 0,
  distortion: 0,
  gate: 0,
};

async function render(
  settings: Partial<VocalChainSettings>,
  signal: Float32Array<ArrayBuffer>,
  seconds: number,
) {
  const ctx = offlineContext(seconds);
  const chain = buildVocalChain(ctx, { ...FLAT, ...settings });
  play(ctx, signal, chain.input);
  chain.output.connect(ctx.destination);
  return ctx.startRendering();
}

/** Output level of a steady sine (left channel, after the filters settle) in dB. */
async function sineLevelDb(hz: number, settings: Partial<VocalChainSettings>) {
  const out = await render(settings, sine(hz, 0.5, 0.1), 0.5);
  return toDb(toneAmplitude(out.getChannelData(0), hz, RATE, 0.2 * RATE, 0.5 * RATE));
}

async function eqGainDb(hz: number, settings: Partial<VocalChainSettings>) {
  return (await sineLevelDb(hz, settings)) - (await sineLevelDb(hz, {}));
}

describe('3-band EQ ((value − 50) × 0.3 dB)', () => {
  it('the 1 kHz peaking band gives its full gain at 1 kHz', async () => {
    expect(await eqGainDb(1000, { eqMid: 100 })).toBeCloseTo(15, 0);
    expect(await eqGainDb(1000, { eqMid: 0 })).toBeCloseTo(-15, 0);
    expect(await eqGainDb(1000, { eqMid: 70 })).toBeCloseTo(6, 0);
    // One band leaves the others alone.
    expect(Math.abs(await eqGainDb(1000, { eqLow: 100, eqHigh: 0 }))).toBeLessThan(1.5);
  });

  it('the 320 Hz low shelf is half way at its corner and full below it', async () => {
    expect(await eqGainDb(320, { eqLow: 100 })).toBeCloseTo(7.5, 0);
    expect(await eqGainDb(60, { eqLow: 100 })).toBeGreaterThan(13.5);
    expect(await eqGainDb(60, { eqLow: 0 })).toBeLessThan(-13.5);
    expect(await eqGainDb(320, { eqLow: 20 })).toBeCloseTo(-4.5, 0);
    expect(Math.abs(await eqGainDb(5000, { eqLow: 100 }))).toBeLessThan(0.5);
  });

  it('the 3.2 kHz high shelf is half way at its corner and full above it', async () => {
    expect(await eqGainDb(3200, { eqHigh: 100 })).toBeCloseTo(7.5, 0);
    expect(await eqGainDb(15000, { eqHigh: 100 })).toBeGreaterThan(13.5);
    expect(await eqGainDb(15000, { eqHigh: 0 })).toBeLessThan(-13.5);
    expect(Math.abs(await eqGainDb(100, { eqHigh: 100 }))).toBeLessThan(0.5);
  });
});

describe('compressor (threshold −24, knee 30, ratio 1 + c × 0.19)', () => {
  /** Gain of a loud sine relative to a quiet one: 0 dB means no compression. */
  async function gainReductionDb(compression: number) {
    const level = async (amplitude: number) => {
      const out = await render({ compression }, sine(440, 1, amplitude), 1);
      return rms(out.getChannelData(0), 0.5 * RATE, RATE) / amplitude;
    };
    return toDb((await level(0.9)) / (await level(0.003)));
  }

  it('leaves dynamics alone at 0 and squeezes a loud signal harder as the ratio grows', async () => {
    const off = await gainReductionDb(0);
    const medium = await gainReductionDb(30);
    const full = await gainReductionDb(100);
    expect(Math.abs(off)).toBeLessThan(0.5);
    expect(medium).toBeLessThan(-6);
    expect(full).toBeLessThan(medium - 0.5);
  });
});

describe('pan', () => {
  async function balance(vocalPan: number) {
    const out = await render({ vocalPan }, sine(440, 0.3), 0.3);
    return { left: rms(out.getChannelData(0)), right: rms(out.getChannelData(1)) };
  }

  it('puts the voice in the centre at 50 and hard left or right at the ends', async () => {
    const centre = await balance(50);
    expect(toDb(centre.left / centre.right)).toBeCloseTo(0, 1);
    const left = await balance(0);
    expect(left.right).toBeLessThan(left.left * 0.01);
    const right = await balance(100);
    expect(right.left).toBeLessThan(right.right * 0.01);
    const slightlyRight = await balance(70);
    expect(slightlyRight.right).toBeGreaterThan(slightlyRight.left * 1.5);
  });
});

/** A 5 ms 1 kHz burst at `at` seconds. */
function burst(seconds: number, at: number, amplitude = 0.8) {
  const out = new Float32Array(Math.round(seconds * RATE));
  const start = Math.round(at * RATE);
  for (let i = 0; i < 0.005 * RATE; i++)
    out[start + i] = amplitude * Math.sin((2 * Math.PI * 1000 * i) / RATE);
  return out;
}

/** Level of each 10 ms window in dB (−∞ for silence). */
function windowLevels(samples: Float32Array, windowS = 0.01) {
  const size = Math.round(windowS * RATE);
  const levels: number[] = [];
  for (let from = 0; from + size <= samples.length; from += size)
    levels.push(toDb(rms(samples, from, from + size)));
  return levels;
}

describe('reverb (3 s noise tail)', () => {
  it('rings on for about three seconds after the sound stops, and not at 0', async () => {
    const signal = burst(4.5, 0.1);
    const wet = windowLevels((await render({ reverbAmount: 100 }, signal, 4.5)).getChannelData(0));
    const dry = windowLevels((await render({ reverbAmount: 0 }, signal, 4.5)).getChannelData(0));
    // RT60: from the reverb's own loudest moment (after the dry burst) to the last 10 ms window
    // within 60 dB of it.
    const tail = wet.slice(13);
    const peakAt = tail.indexOf(Math.max(...tail));
    const lastAudible = tail.findLastIndex((level) => level > tail[peakAt]! - 60);
    expect((lastAudible - peakAt) * 0.01).toBeGreaterThan(2.6);
    expect((lastAudible - peakAt) * 0.01).toBeLessThan(3.2);
    expect(dry.findLastIndex((level) => level > Math.max(...dry) - 60) * 0.01).toBeLessThan(0.2);
  });
});

describe('delay (0.3 s, feedback 0.3)', () => {
  it('repeats a sound every 0.3 s, each echo 0.3 times the one before', async () => {
    const out = (await render({ delayAmount: 50 }, burst(1.5, 0.1), 1.5)).getChannelData(0);
    // Times relative to where the dry burst comes out (the compressor's look-ahead delays it).
    const dryAt = out.findIndex((sample) => Math.abs(sample) > 1e-3) / RATE;
    const echoLevel = (after: number) =>
      rms(out, Math.round((dryAt + after) * RATE), Math.round((dryAt + after + 0.005) * RATE));
    const dry = echoLevel(0);
    const first = echoLevel(0.3);
    const second = echoLevel(0.6);
    const between = echoLevel(0.45);
    expect(first / dry).toBeCloseTo(0.5, 1);
    expect(first).toBeGreaterThan(0.05);
    expect(second / first).toBeCloseTo(0.3, 1);
    expect(between).toBeLessThan(first * 0.001);
    const none = (await render({ delayAmount: 0 }, burst(1.5, 0.1), 1.5)).getChannelData(0);
    expect(rms(none, (dryAt + 0.3) * RATE, (dryAt + 0.305) * RATE)).toBeLessThan(1e-6);
  });
});

describe('gate', () => {
  const noise = (seconds: number, amplitude: number) => {
    let seed = 1;
    return Float32Array.from({ length: Math.round(seconds * RATE) }, () => {
      seed = (seed * 16807) % 2147483647;
      return amplitude * ((seed / 2147483647) * 2 - 1);
    });
  };

  it('closes on low noise and silence at the default 15, stays open when off', async () => {
    const hiss = noise(1, 0.002);
    const gated = await render({ gate: 15 }, hiss, 1);
    const open = await render({ gate: 0 }, hiss, 1);
    const openLevel = rms(open.getChannelData(0), 0.5 * RATE, RATE);
    expect(openLevel).toBeGreaterThan(5e-4);
    expect(rms(gated.getChannelData(0), 0.5 * RATE, RATE)).toBeLessThan(openLevel * 0.01);
  });

  it('lets a sung note through, and shuts once it stops', async () => {
    const note = new Float32Array(RATE);
    note.set(sine(220, 0.5, 0.3));
    const out = (await render({ gate: 50 }, note, 1)).getChannelData(0);
    const reference = (await render({ gate: 0 }, note, 1)).getChannelData(0);
    expect(rms(out, 0.2 * RATE, 0.45 * RATE)).toBeGreaterThan(0.95 * rms(reference, 0.2 * RATE, 0.45 * RATE));
    expect(rms(out, 0.7 * RATE, RATE)).toBeLessThan(1e-4);
  });
});

describe('distortion and chorus', () => {
  it('distortion adds harmonics to a pure tone', async () => {
    const clean = (await render({ distortion: 0 }, sine(440, 0.5, 0.5), 0.5)).getChannelData(0);
    const driven = (await render({ distortion: 40 }, sine(440, 0.5, 0.5), 0.5)).getChannelData(0);
    const third = (samples: Float32Array) =>
      toneAmplitude(samples, 1320, RATE, 0.1 * RATE, 0.5 * RATE) /
      toneAmplitude(samples, 440, RATE, 0.1 * RATE, 0.5 * RATE);
    expect(third(clean)).toBeLessThan(0.001);
    expect(third(driven)).toBeGreaterThan(0.1);
  });

  it('chorus adds a pitch-wobbling copy: the level of a steady tone starts to beat', async () => {
    const wobble = async (chorus: number) => {
      const out = (await render({ chorus }, sine(2000, 1.5, 0.3), 1.5)).getChannelData(0);
      const levels = windowLevels(out.subarray(0.5 * RATE), 0.02);
      return Math.max(...levels) - Math.min(...levels);
    };
    expect(await wobble(0)).toBeLessThan(0.1);
    expect(await wobble(100)).toBeGreaterThan(3);
  });
});

describe('live changes', () => {
  it('update() glides to the new values without a click', async () => {
    const ctx = offlineContext(1);
    const chain = buildVocalChain(ctx, FLAT);
    play(ctx, sine(200, 1, 0.5), chain.input);
    chain.output.connect(ctx.destination);
    chain.update({ ...FLAT, vocalPan: 0, eqLow: 100, micVolume: 2 }, 0.5);
    const out = (await ctx.startRendering()).getChannelData(0);
    // A 200 Hz sine of amplitude a moves at most 2π·200·a/48000 per sample; a jump in gain would
    // show as a much bigger step.
    let largestStep = 0;
    for (let i = 0.45 * RATE; i < 0.6 * RATE; i++)
      largestStep = Math.max(largestStep, Math.abs(out[i]! - out[i - 1]!));
    const before = rms(out, 0.3 * RATE, 0.5 * RATE);
    const after = rms(out, 0.8 * RATE, RATE);
    expect(after).toBeGreaterThan(before * 3);
    const finalAmplitude = after * Math.SQRT2;
    expect(largestStep).toBeLessThan(((2 * Math.PI * 200) / RATE) * finalAmplitude * 1.2);
  });
});
