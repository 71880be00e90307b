import { describe, expect, it } from 'vitest';
import { createFft } from './fft';

/** k with its `bits` low bits in reverse order: where the forward transform leaves bin k. */
function bitReversed(k: number, bits: number): number {
  let r = 0;
  for (let i = 0; i < bits; i++) r |= ((k >> i) & 1) << (bits - 1 - i);
  return r;
}

function randomSignal(size: number, seed: number): [number[], number[]] {
  let s = seed;
  const next = () => ((s = (s * 16_807) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
  return [Array.from({ length: size }, next), Array.from({ length: size }, next)];
}

describe('createFft', () => {
  // Odd and even powers of two: an odd one takes a radix-2 pass besides the radix-4 ones.
  it.each([4, 8, 16, 32, 256, 2048])(
    'gives the DFT of %i values, bin k at its bit-reversed index',
    (size) => {
      const [xr, xi] = randomSignal(size, size);
      const re = Float64Array.from(xr);
      const im = Float64Array.from(xi);
      createFft(size).forward(re, im);
      const bits = Math.log2(size);
      let worst = 0;
      for (let k = 0; k < size; k++) {
        let sr = 0;
        let si = 0;
        for (let n = 0; n < size; n++) {
          const angle = (-2 * Math.PI * k * n) / size;
          sr += xr[n]! * Math.cos(angle) - xi[n]! * Math.sin(angle);
          si += xr[n]! * Math.sin(angle) + xi[n]! * Math.cos(angle);
        }
        const at = bitReversed(k, bits);
        worst = Math.max(worst, Math.abs(sr - re[at]!), Math.abs(si - im[at]!));
      }
      expect(worst).toBeLessThan(1e-9);
    },
  );

  it.each([4, 32, 4096, 8192])('inverts its own transform (%i values), N times over', (size) => {
    const [xr, xi] = randomSignal(size, 7);
    const re = Float64Array.from(xr);
    const im = Float64Array.from(xi);
    const fft = createFft(size);
    fft.forward(re, im);
    fft.inverse(re, im);
    for (let n = 0; n < size; n++) {
      expect(re[n]! / size).toBeCloseTo(xr[n]!, 12);
      expect(im[n]! / size).toBeCloseTo(xi[n]!, 12);
    }
  });

  it('refuses a size that is not a power of two, and arrays of another size', () => {
    expect(() => createFft(1000)).toThrow(/power of two/);
    expect(() => createFft(2)).toThrow(/power of two/);
    expect(() => createFft(8).forward(new Float64Array(4), new Float64Array(4))).toThrow(/FFT of 8/);
  });
});
