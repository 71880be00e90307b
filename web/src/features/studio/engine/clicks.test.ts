// Count-in and metronome clicks found in a rendered buffer, not in the schedule.
import { describe, expect, it } from 'vitest';
import { detectClick } from './alignment';
import { RATE, offlineContext, toneAmplitude } from './audio-test-utils';
import { clickTimes, nextBeatTime, scheduleCountIn, startMetronome } from './clicks';

/**
 * Every click onset in a rendered channel, in seconds: each stretch of sound is located roughly,
 * then timed precisely with the matched filter over a window around it.
 */
function findClicks(samples: Float32Array): number[] {
  const found: number[] = [];
  let i = 0;
  while (i < samples.length) {
    if (Math.abs(samples[i]!) < 0.01) {
      i++;
      continue;
    }
    const from = Math.max(0, i - Math.round(0.02 * RATE));
    const window = samples.subarray(from, Math.min(samples.length, i + Math.round(0.15 * RATE)));
    const at = detectClick(window, RATE);
    if (at !== null) found.push((from + at) / RATE);
    i += Math.round(0.15 * RATE);
  }
  return found;
}

describe('clickTimes', () => {
  it('spaces bars × 4 clicks one beat interval (60000 / bpm ms) apart, 120 bpm when missing', () => {
    expect(clickTimes({ bpm: 120, bars: 1, startAt: 1 })).toEqual([1, 1.5, 2, 2.5]);
    expect(clickTimes({ bpm: null, bars: 2, startAt: 0 })).toHaveLength(8);
    expect(clickTimes({ bpm: null, bars: 2, startAt: 0 })[7]).toBeCloseTo(3.5);
    expect(clickTimes({ bpm: 90, bars: 4, startAt: 0 })[15]).toBeCloseTo((15 * 60) / 90);
  });

  it('finds the next beat of a running beat', () => {
    expect(nextBeatTime(10, 120, 9)).toBe(10);
    expect(nextBeatTime(10, 120, 11.2)).toBeCloseTo(11.5);
    expect(nextBeatTime(10, 120, 11.5)).toBeCloseTo(11.5);
  });
});

describe('count-in', () => {
  it('plays 800 Hz clicks exactly at the scheduled times and ends after the last bar', async () => {
    const ctx = offlineContext(3, 1);
    const countIn = scheduleCountIn(ctx, { bpm: 140, bars: 1, startAt: 0.25 });
    const out = (await ctx.startRendering()).getChannelData(0);
    const found = findClicks(out);
    expect(found).toHaveLength(4);
    found.forEach((at, i) => expect(Math.abs(at - countIn.clickTimes[i]!)).toBeLessThan(0.001));
    expect(countIn.endsAt).toBeCloseTo(0.25 + (4 * 60) / 140);
    // 800 Hz, 0.1 s.
    const first = Math.round(countIn.clickTimes[0]! * RATE);
    expect(toneAmplitude(out, 800, RATE, first + 240, first + 4560)).toBeGreaterThan(0.4);
    expect(Math.abs(out[first + Math.round(0.101 * RATE)]!)).toBe(0);
  });

  it('cancel() silences the clicks that have not played', async () => {
    const ctx = offlineContext(2, 1);
    const countIn = scheduleCountIn(ctx, { bpm: 120, bars: 1, startAt: 0.1 });
    countIn.cancel(0.8);
    const found = findClicks((await ctx.startRendering()).getChannelData(0));
    expect(found.map((at) => Math.round(at * 10) / 10)).toEqual([0.1, 0.6]);
  });
});

describe('metronome', () => {
  it('clicks on every beat without drifting, even at a tempo whose interval is not a whole number of samples', async () => {
    const ctx = offlineContext(12, 1);
    const metronome = startMetronome(ctx, { bpm: 97, startAt: 0.2 });
    metronome.stop(11);
    const found = findClicks((await ctx.startRendering()).getChannelData(0));
    const interval = 60 / 97;
    expect(found.length).toBe(Math.floor((11 - 0.2) / interval) + 1);
    found.forEach((at, i) => expect(Math.abs(at - (0.2 + i * interval))).toBeLessThan(0.001));
  });
});
