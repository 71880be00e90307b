// Take alignment: the latency arithmetic and the loopback click detector on synthetic recordings.
import { describe, expect, it } from 'vitest';
import { alignTake, detectClick, measureLatencies, measureLoopback, roundTripS } from './alignment';
import { RATE, offlineContext } from './audio-test-utils';
import { scheduleClick } from './clicks';

/** A click rendered by the engine itself, then put through a "room": delay, level, hiss, echo. */
async function recordedClick({ delayS, level, noise }: { delayS: number; level: number; noise: number }) {
  const ctx = offlineContext(0.2, 1);
  scheduleClick(ctx, 0);
  const click = (await ctx.startRendering()).getChannelData(0);
  const out = new Float32Array(Math.round(1.5 * RATE));
  const at = Math.round(delayS * RATE);
  const echoAt = at + Math.round(0.011 * RATE);
  let seed = 7;
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 16807) % 2147483647;
    out[i] = noise * ((seed / 2147483647) * 2 - 1);
  }
  for (let i = 0; i < click.length; i++) {
    if (at + i < out.length) out[at + i]! += level * click[i]!;
    if (echoAt + i < out.length) out[echoAt + i]! += 0.3 * level * click[i]!;
  }
  return out;
}

describe('detectClick', () => {
  it('finds a click to the sample in a clean recording', async () => {
    const recording = await recordedClick({ delayS: 0.4321, level: 1, noise: 0 });
    expect(detectClick(recording, RATE)).toBeCloseTo(0.4321 * RATE, -1);
  });

  it('finds a quiet click under hiss with a room echo within a millisecond', async () => {
    const recording = await recordedClick({ delayS: 0.2876, level: 0.05, noise: 0.02 });
    const found = detectClick(recording, RATE)!;
    expect(Math.abs(found / RATE - 0.2876)).toBeLessThan(0.001);
  });

  it('reports nothing when the click was not heard', async () => {
    expect(detectClick(await recordedClick({ delayS: 0.3, level: 0, noise: 0.02 }), RATE)).toBeNull();
    expect(detectClick(new Float32Array(RATE), RATE)).toBeNull();
  });
});

describe('measureLoopback', () => {
  it('gives the round trip from scheduling the click to hearing it in the take', async () => {
    // The recorder started at 10.0 s; the click was scheduled at 10.25 s and the recording has
    // it 0.25 + 0.043 s in: a 43 ms round trip.
    const recorded = await recordedClick({ delayS: 0.293, level: 0.2, noise: 0.005 });
    const loopback = measureLoopback({ recorded, sampleRate: RATE, takeStartTime: 10, clickAt: 10.25 })!;
    expect(Math.abs(loopback - 0.043)).toBeLessThan(0.001);
  });

  it('gives up rather than guessing when nothing was heard', async () => {
    const recorded = await recordedClick({ delayS: 0.293, level: 0, noise: 0.005 });
    expect(measureLoopback({ recorded, sampleRate: RATE, takeStartTime: 10, clickAt: 10.25 })).toBeNull();
  });
});

describe('latencies and alignTake', () => {
  it('reads the output latency from the context and the input latency from the track', () => {
    const latencies = measureLatencies(
      { baseLatency: 0.01, outputLatency: 0.032 },
      { getSettings: () => ({ latency: 0.012 }) },
    );
    expect(latencies).toEqual({ outputS: 0.042, inputS: 0.012 });
    expect(roundTripS(latencies)).toBeCloseTo(0.054);
    // Browsers that do not report a figure give 0, never NaN.
    expect(measureLatencies({}, { getSettings: () => ({}) })).toEqual({ outputS: 0, inputS: 0 });
    expect(roundTripS(measureLatencies({ outputLatency: 0.02 }, null, 0.061))).toBe(0.061);
  });

  it('places the take earlier on the beat by the round trip', () => {
    const latencies = { outputS: 0.03, inputS: 0.01 };
    // Beat position 0 played at 5.0 s, the recorder started at 7.0 s: without latency the
    // take would start 2 s into the beat; it really sits 40 ms earlier.
    expect(alignTake({ takeStartTime: 7, beatStartTime: 5 }, latencies)).toBeCloseTo(1.96);
    expect(alignTake({ takeStartTime: 7, beatStartTime: 5 }, { ...latencies, loopbackS: 0.1 })).toBeCloseTo(
      1.9,
    );
    expect(alignTake({ takeStartTime: 5, beatStartTime: 5 }, latencies)).toBeCloseTo(-0.04);
  });
});
