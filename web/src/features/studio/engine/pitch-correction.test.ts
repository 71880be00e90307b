// Pitch correction on synthetic signals: the pure function the worklet and the mixdown share.
import { describe, expect, it } from 'vitest';
import { RATE, rms, sine } from './audio-test-utils';
import {
  autoTuneParams,
  chromaticScale,
  correctPitch,
  createPitchState,
  hzToMidi,
  midiToHz,
  nearestScaleMidi,
  parseKeyScale,
  type Scale,
} from './pitch-correction';
import { detectPitch } from './pitch-detection';

const cents = (hz: number, reference: number) => 1200 * Math.log2(hz / reference);

/** Streams `input` through the corrector in worklet-sized blocks of 128. */
function correct(input: Float32Array, autoTune: number, scale: Scale = chromaticScale()) {
  const state = createPitchState(RATE);
  const { strength, retuneS } = autoTuneParams(autoTune);
  const out = new Float32Array(input.length);
  for (let from = 0; from < input.length; from += 128) {
    const block = input.subarray(from, Math.min(input.length, from + 128));
    out.set(correctPitch(block, state, { strength, retuneS, scale, sampleRate: RATE }), from);
  }
  return out;
}

/** Pitch of the output from 0.5 s to the end, in 50 ms steps: the worst deviation counts. */
function pitchesAfterSettling(out: Float32Array) {
  const pitches: number[] = [];
  for (let end = 0.5 * RATE; end <= out.length; end += 0.05 * RATE) {
    pitches.push(detectPitch(out.subarray(0, end), RATE)!.hz);
  }
  return pitches;
}

describe('parseKeyScale', () => {
  it('reads the key strings beats carry', () => {
    expect(parseKeyScale('C')).toMatchObject({
      tonic: 0,
      mode: 'major',
      pitchClasses: [0, 2, 4, 5, 7, 9, 11],
    });
    expect(parseKeyScale('A minor')).toMatchObject({
      tonic: 9,
      mode: 'minor',
      pitchClasses: [0, 2, 4, 5, 7, 9, 11],
    });
    expect(parseKeyScale('C#m')).toMatchObject({
      tonic: 1,
      mode: 'minor',
      pitchClasses: [1, 3, 4, 6, 8, 9, 11],
    });
    expect(parseKeyScale('F# Major')).toMatchObject({ tonic: 6, mode: 'major' });
    expect(parseKeyScale('Bb')).toMatchObject({ tonic: 10, mode: 'major' });
    expect(parseKeyScale('ebmin')).toMatchObject({ tonic: 3, mode: 'minor' });
  });

  it('falls back to chromatic when the key is unknown', () => {
    for (const key of [null, undefined, '', 'unknown', 'H minor', 'C lydian']) {
      expect(parseKeyScale(key).mode).toBe('chromatic');
      expect(parseKeyScale(key).pitchClasses).toHaveLength(12);
    }
  });
});

describe('nearestScaleMidi', () => {
  it('snaps to the nearest note of the scale', () => {
    const cMajor = parseKeyScale('C');
    expect(nearestScaleMidi(61.2, cMajor)).toBe(62); // C# a little sharp → D
    expect(nearestScaleMidi(60.8, cMajor)).toBe(60); // C# a little flat → C
    expect(nearestScaleMidi(69.4, cMajor)).toBe(69);
    expect(nearestScaleMidi(61.4, chromaticScale())).toBe(61);
  });
});

describe('detectPitch', () => {
  it('measures a sine to well under a cent', () => {
    for (const hz of [82.4, 220, 450.2, 987.8]) {
      expect(Math.abs(cents(detectPitch(sine(hz, 0.1), RATE)!.hz, hz))).toBeLessThan(0.5);
    }
  });

  it('reports nothing for silence', () => {
    expect(detectPitch(new Float32Array(4800), RATE)).toBeNull();
  });
});

describe('correctPitch', () => {
  const detuned = midiToHz(69 + 0.4); // A4 + 40 cents ≈ 450.2 Hz

  it('moves an A4 sung 40 cents sharp to within 5 cents of 440 Hz at full strength', () => {
    const out = correct(sine(detuned, 1.5, 0.4), 100);
    for (const hz of pitchesAfterSettling(out)) expect(Math.abs(cents(hz, 440))).toBeLessThan(5);
    // The two grains stay in phase: no dips in level where they cross-fade.
    for (let from = 0.5 * RATE; from < out.length; from += 0.01 * RATE) {
      expect(rms(out, from, from + 0.01 * RATE)).toBeGreaterThan(0.4 * Math.SQRT1_2 * 0.9);
    }
  });

  it('leaves the voice untouched at strength 0', () => {
    const input = sine(detuned, 1, 0.4);
    const out = correct(input, 0);
    expect(out).toEqual(input);
  });

  it('snaps a C# to C or D in C major, and keeps it in a chromatic scale', () => {
    const cSharp = midiToHz(61 + 0.1);
    const inCMajor = pitchesAfterSettling(correct(sine(cSharp, 1.5, 0.4), 100, parseKeyScale('C major')));
    for (const hz of inCMajor) {
      const note = hzToMidi(hz);
      expect(Math.abs(note - 60) < 0.05 || Math.abs(note - 62) < 0.05).toBe(true);
    }
    const chromatic = pitchesAfterSettling(correct(sine(cSharp, 1.5, 0.4), 100));
    for (const hz of chromatic) expect(Math.abs(hzToMidi(hz) - 61)).toBeLessThan(0.05);
  });

  it('corrects gently at low settings: part of the way, more slowly', () => {
    expect(autoTuneParams(100)).toEqual({ strength: 1, retuneS: 0 });
    expect(autoTuneParams(20).strength).toBeCloseTo(0.4);
    expect(autoTuneParams(20).retuneS).toBeGreaterThan(0.1);
    const out = correct(sine(detuned, 1.5, 0.4), 20);
    const settled = pitchesAfterSettling(out).at(-1)!;
    // 40 cents × (1 − 0.4) = 24 cents left.
    expect(cents(settled, 440)).toBeGreaterThan(20);
    expect(cents(settled, 440)).toBeLessThan(28);
  });

  it('corrects a lower, male-range note too (E3 pulled 30 cents flat)', () => {
    const e3 = midiToHz(52);
    const out = correct(sine(e3 * 2 ** (-30 / 1200), 1.5, 0.4), 100, parseKeyScale('E minor'));
    for (const hz of pitchesAfterSettling(out)) expect(Math.abs(cents(hz, e3))).toBeLessThan(5);
  });
});
