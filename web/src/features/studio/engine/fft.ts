// The complex FFT of a power-of-two size that the mixdown's reverb convolves with
// (reverb-convolver.ts). A convolution needs the spectrum only to multiply it, so the forward
// transform leaves it in bit-reversed order (decimation in frequency) and the inverse takes it in
// that order (decimation in time): no reordering pass either way. Radix-4 passes (a radix-2
// pass first or last when the size is an odd power of two) read the arrays half as often as
// radix-2 would. Double precision, so a long convolution adds no error a 24-bit file could show.

export interface Fft {
  readonly size: number;
  /**
   * X[k] = Σ x[n]·e^(−2πikn/N), in place; X[k] is left at index bitReversed(k). Spectra in that
   * order multiply bin by bin as well as in the natural one.
   */
  forward(re: Float64Array, im: Float64Array): void;
  /**
   * From a spectrum in bit-reversed order: x[n] = Σ X[k]·e^(+2πikn/N), in place, unscaled (N
   * times the inverse transform).
   */
  inverse(re: Float64Array, im: Float64Array): void;
}

export function createFft(size: number): Fft {
  const bits = Math.log2(size);
  if (!Number.isInteger(bits) || bits < 2) throw new Error(`FFT size must be a power of two ≥ 4: ${size}`);
  // e^(2πit/N) for t < 3N/4: a radix-4 pass of quarter q uses the angles of k, 2k and 3k.
  const angles = (3 * size) / 4;
  const cos = new Float64Array(angles);
  const sin = new Float64Array(angles);
  for (let t = 0; t < angles; t++) {
    cos[t] = Math.cos((2 * Math.PI * t) / size);
    sin[t] = Math.sin((2 * Math.PI * t) / size);
  }
  const oddPower = bits % 2 === 1;
  const check = (re: Float64Array, im: Float64Array) => {
    if (re.length !== size || im.length !== size) throw new Error(`FFT of ${size} given ${re.length} values`);
  };

  /** A radix-2 pass of half-span `span` (N / 2 only): decimation in frequency or in time. */
  const radix2 = (re: Float64Array, im: Float64Array, sign: number, inFrequency: boolean) => {
    const span = size / 2;
    for (let a = 0; a < span; a++) {
      const b = a + span;
      const wr = cos[a]!;
      const wi = sign * sin[a]!;
      if (inFrequency) {
        const dr = re[a]! - re[b]!;
        const di = im[a]! - im[b]!;
        re[a] = re[a]! + re[b]!;
        im[a] = im[a]! + im[b]!;
        re[b] = dr * wr - di * wi;
        im[b] = dr * wi + di * wr;
      } else {
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  };

  /**
   * A decimation-in-frequency radix-4 pass over blocks of 4q: the same as two radix-2 passes
   * (half-spans 2q then q), so its output is in the radix-2 transform's bit-reversed order.
   */
  const forward4 = (re: Float64Array, im: Float64Array, q: number) => {
    const stride = size / (4 * q);
    for (let start = 0; start < size; start += 4 * q) {
      for (let k = 0, t = 0; k < q; k++, t += stride) {
        const i0 = start + k;
        const i1 = i0 + q;
        const i2 = i1 + q;
        const i3 = i2 + q;
        const t0r = re[i0]! + re[i2]!;
        const t0i = im[i0]! + im[i2]!;
        const t1r = re[i0]! - re[i2]!;
        const t1i = im[i0]! - im[i2]!;
        const t2r = re[i1]! + re[i3]!;
        const t2i = im[i1]! + im[i3]!;
        // (x1 − x3)·(−i)
        const t3r = im[i1]! - im[i3]!;
        const t3i = re[i3]! - re[i1]!;
        re[i0] = t0r + t2r;
        im[i0] = t0i + t2i;
        // × e^(−2πi·jk/4q), j = 2, 1, 3: the conjugates of the table's angles.
        let r = t0r - t2r;
        let m = t0i - t2i;
        let c = cos[2 * t]!;
        let s = sin[2 * t]!;
        re[i1] = r * c + m * s;
        im[i1] = m * c - r * s;
        r = t1r + t3r;
        m = t1i + t3i;
        c = cos[t]!;
        s = sin[t]!;
        re[i2] = r * c + m * s;
        im[i2] = m * c - r * s;
        r = t1r - t3r;
        m = t1i - t3i;
        c = cos[3 * t]!;
        s = sin[3 * t]!;
        re[i3] = r * c + m * s;
        im[i3] = m * c - r * s;
      }
    }
  };

  /**
   * The decimation-in-time radix-4 pass undoing forward4's order, with e^(+2πi·jk/4q). Its loops
   * are forward4's, written again: these are the mixdown's hottest lines, and a butterfly
   * passed to one shared loop would be a call per four values.
   */
  const inverse4 = (re: Float64Array, im: Float64Array, q: number) => {
    const stride = size / (4 * q);
    for (let start = 0; start < size; start += 4 * q) {
      for (let k = 0, t = 0; k < q; k++, t += stride) {
        const i0 = start + k;
        const i1 = i0 + q;
        const i2 = i1 + q;
        const i3 = i2 + q;
        // u1 = x1·w^2k, u2 = x2·w^k, u3 = x3·w^3k
        let c = cos[2 * t]!;
        let s = sin[2 * t]!;
        const u1r = re[i1]! * c - im[i1]! * s;
        const u1i = re[i1]! * s + im[i1]! * c;
        c = cos[t]!;
        s = sin[t]!;
        const u2r = re[i2]! * c - im[i2]! * s;
        const u2i = re[i2]! * s + im[i2]! * c;
        c = cos[3 * t]!;
        s = sin[3 * t]!;
        const u3r = re[i3]! * c - im[i3]! * s;
        const u3i = re[i3]! * s + im[i3]! * c;
        const s0r = re[i0]! + u1r;
        const s0i = im[i0]! + u1i;
        const d0r = re[i0]! - u1r;
        const d0i = im[i0]! - u1i;
        const s1r = u2r + u3r;
        const s1i = u2i + u3i;
        // (u2 − u3)·i
        const d1r = u3i - u2i;
        const d1i = u2r - u3r;
        re[i0] = s0r + s1r;
        im[i0] = s0i + s1i;
        re[i2] = s0r - s1r;
        im[i2] = s0i - s1i;
        re[i1] = d0r + d1r;
        im[i1] = d0i + d1i;
        re[i3] = d0r - d1r;
        im[i3] = d0i - d1i;
      }
    }
  };

  return {
    size,
    forward(re, im) {
      check(re, im);
      if (oddPower) radix2(re, im, -1, true);
      for (let q = (oddPower ? size / 2 : size) / 4; q >= 1; q /= 4) forward4(re, im, q);
    },
    inverse(re, im) {
      check(re, im);
      const top = (oddPower ? size / 2 : size) / 4;
      for (let q = 1; q <= top; q *= 4) inverse4(re, im, q);
      if (oddPower) radix2(re, im, 1, false);
    },
  };
}
