// The mixdown's take reader: stretch by stretch, it must give exactly the samples of correcting
// the whole take at once (the live worklet's algorithm), and a 16-bit take must stay within a
// step of what was recorded.
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE, offlineContext, sine } from './audio-test-utils';
import { compactTake, expandTake } from './compact-take';
import { autoTuneParams, chromaticScale, correctPitch, createPitchState } from './pitch-correction';
import { takeReader } from './take-reader';

function stereoTake(seconds: number) {
  const buffer = offlineContext(0.1).createBuffer(2, seconds * RATE, RATE);
  // A note 30 cents sharp on the left, silence on the right: the mono take is half of it, with
  // a breath (0.3 s of silence) every second, where the corrector starts afresh.
  const note = sine(440 * 2 ** (30 / 1200), seconds, 0.6);
  for (let i = 0; i < note.length; i++) if (i % RATE > 0.7 * RATE) note[i] = 0;
  buffer.getChannelData(0).set(note);
  return buffer;
}

describe('compactTake', () => {
  it('keeps the channels’ average within one 16-bit step', async () => {
    const buffer = stereoTake(1);
    const take = compactTake(buffer);
    const expanded = await expandTake(take, 0, new Float32Array(take.length));
    const left = buffer.getChannelData(0);
    let worst = 0;
    for (let i = 0; i < expanded.length; i++) worst = Math.max(worst, Math.abs(expanded[i]! - left[i]! / 2));
    expect(worst).toBeLessThanOrEqual(1 / 32767);
    // Past its ends the take is silence.
    expect([...(await expandTake(take, -2, new Float32Array(3)))]).toEqual([0, 0, expanded[0]]);
    expect([...(await expandTake(take, take.length - 1, new Float32Array(3)))]).toEqual([
      expanded[take.length - 1],
      0,
      0,
    ]);
  });
});

describe('takeReader', () => {
  const take = compactTake(stereoTake(3));
  let raw: Float32Array;
  let whole: Float32Array;
  beforeAll(async () => {
    raw = await expandTake(take, 0, new Float32Array(take.length));
    whole = correctPitch(raw.slice(), createPitchState(RATE), {
      ...autoTuneParams(80),
      scale: chromaticScale(),
      sampleRate: RATE,
    });
  });

  const same = (read: Float32Array, from: number) => {
    let worst = 0;
    for (let i = 0; i < read.length; i++) {
      const at = from + i;
      const expected = at >= 0 && at < whole.length ? whole[at]! : 0;
      worst = Math.max(worst, Math.abs(read[i]! - expected));
    }
    return worst;
  };

  it('reads overlapping stretches in order exactly as the whole take corrected at once', async () => {
    // The take's breaths do reset the corrector (what lets a read start at the last one).
    const state = createPitchState(RATE);
    let resets = 0;
    const options = { ...autoTuneParams(80), scale: chromaticScale(), sampleRate: RATE };
    // A sample at a time: the reset is pending only until the next sample.
    for (let at = 0; at < raw.length; at++) {
      correctPitch(raw.subarray(at, at + 1), state, options, new Float32Array(1));
      if (state.resetPending) resets++;
    }
    expect(resets).toBeGreaterThanOrEqual(2);
    const reader = takeReader(take, 80, { retainS: 0.5 });
    // Overlaps within what is kept, a gap (corrected but not kept) and a read past the end.
    for (const [from, to] of [
      [0, 30_000],
      [10_000, 60_000],
      [40_000, 41_000],
      // Past the breath at 1.7 s: starts at the reset there, not where the last read ended.
      [90_000, 100_000],
      [125_000, 130_000],
      [130_000, 150_000],
    ] as const) {
      expect(same(await reader.read(from, to), from)).toBe(0);
    }
    // Far behind what it kept: it corrects again from the start, with the same result.
    expect(same(await reader.read(5_000, 20_000), 5_000)).toBe(0);
  });

  it('without correction reads the take as it is', async () => {
    const reader = takeReader(take, 0, { retainS: 0 });
    const plain = await expandTake(take, 1_000, new Float32Array(500));
    expect([...(await reader.read(1_000, 1_500))]).toEqual([...plain]);
  });
});
