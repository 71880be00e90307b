import { describe, expect, it } from 'vitest';
import { RATE, offlineContext, play, sine } from './audio-test-utils';
import {
  createMeterAnalyser,
  downsampleWaveform,
  levelColour,
  peakLevel,
  readLevel,
  readWaveform,
} from './meters';

describe('level meter', () => {
  it('colours green under 0.6, yellow up to 0.8, red above', () => {
    expect(levelColour(0)).toBe('green');
    expect(levelColour(0.59)).toBe('green');
    expect(levelColour(0.6)).toBe('yellow');
    expect(levelColour(0.8)).toBe('yellow');
    expect(levelColour(0.81)).toBe('red');
  });

  it('reads the peak of what the analyser holds', async () => {
    const ctx = offlineContext(0.2, 1);
    const analyser = createMeterAnalyser(ctx);
    play(ctx, sine(300, 0.2, 0.7), analyser);
    analyser.connect(ctx.destination);
    await ctx.startRendering();
    expect(readLevel(analyser)).toBeCloseTo(0.7, 1);
    expect(readWaveform(analyser, 64)).toHaveLength(64);
    expect(Math.max(...readWaveform(analyser, 64))).toBeCloseTo(0.7, 1);
    expect(RATE).toBe(ctx.sampleRate);
  });

  it('clamps to 1 and keeps peaks when drawing the waveform', () => {
    expect(peakLevel(Float32Array.of(0.2, -1.4, 0.3))).toBe(1);
    const spike = new Float32Array(1000);
    spike[503] = -0.9;
    const points = downsampleWaveform(spike, 10);
    expect(points[5]).toBeCloseTo(-0.9);
    expect(points.filter((value) => value !== 0)).toHaveLength(1);
  });
});
