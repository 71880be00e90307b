// The mixdown's reverb by FFT against the plain sum that defines a convolution, and against the
// engine's own ConvolverNode (node-web-audio-api here), whose scale it takes.
import { describe, expect, it } from 'vitest';
import { OfflineContext, RATE } from './audio-test-utils';
import { createReverbImpulse } from './reverb-impulse';
import { convolverScale, reverbConvolver, throughConvolverNode } from './reverb-convolver';

function noise(length: number, seed: number): Float32Array {
  let s = seed;
  return Float32Array.from({ length }, () => ((s = (s * 16_807) % 2_147_483_647) / 2_147_483_647) * 2 - 1);
}

function direct(x: Float32Array, h: Float32Array, scale: number, frames: number): Float64Array {
  const y = new Float64Array(frames);
  for (let n = 0; n < frames; n++) {
    let sum = 0;
    for (let k = Math.max(0, n - x.length + 1); k <= Math.min(n, h.length - 1); k++) sum += h[k]! * x[n - k]!;
    y[n] = sum * scale;
  }
  return y;
}

describe('reverbConvolver', () => {
  it('convolves each side with the impulse on its own, across its blocks, for the frames asked', async () => {
    // An impulse of 100 makes transforms of 256 and blocks of 157: 1,000 frames take seven.
    const h = noise(100, 3);
    const left = noise(1000, 5);
    const right = noise(1000, 11);
    const convolver = reverbConvolver(h, 0.5);
    for (const frames of [1099, 640]) {
      const [outLeft, outRight] = await convolver.convolve(left, right, frames);
      expect(outLeft).toHaveLength(frames);
      const wantLeft = direct(left, h, 0.5, frames);
      const wantRight = direct(right, h, 0.5, frames);
      for (let n = 0; n < frames; n++) {
        expect(outLeft[n]).toBeCloseTo(wantLeft[n]!, 5);
        expect(outRight[n]).toBeCloseTo(wantRight[n]!, 5);
      }
    }
  });

  it('answers silence for silent sends, its arrays cleared between calls', async () => {
    const convolver = reverbConvolver(noise(64, 1), 1);
    await convolver.convolve(noise(300, 2), noise(300, 4), 400);
    const [left, right] = await convolver.convolve(new Float32Array(300), new Float32Array(300), 400);
    expect(left.every((v) => v === 0) && right.every((v) => v === 0)).toBe(true);
  });

  it("sounds as the engine's ConvolverNode does with the reverb's impulse, to rounding", async () => {
    const probe = new OfflineContext(1, 1, RATE);
    const impulse = createReverbImpulse(probe);
    const scale = await convolverScale(OfflineContext, impulse);
    const frames = RATE; // a second: the send below and the start of its tail
    const send = noise(RATE / 4, 9);
    const native = await throughConvolverNode(OfflineContext, impulse, send, frames);
    const [ours] = await reverbConvolver(impulse.getChannelData(0), scale).convolve(send, send, frames);
    let peak = 0;
    let worst = 0;
    for (let n = 0; n < frames; n++) {
      peak = Math.max(peak, Math.abs(native[n]!));
      worst = Math.max(worst, Math.abs(native[n]! - ours[n]!));
    }
    expect(peak).toBeGreaterThan(0.01);
    // −100 dB relative to the reverb's peak.
    expect(worst / peak).toBeLessThan(1e-5);
  });
});
