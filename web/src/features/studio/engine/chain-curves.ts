// The vocal chain's waveshaper curves (vocal-chain.ts): the distortion's soft clipper and the
// gate's rectifier and gain curve.

const SHAPER_POINTS = 4097;

function curve(points: number, fn: (x: number) => number): Float32Array<ArrayBuffer> {
  const data = new Float32Array(points);
  for (let i = 0; i < points; i++) data[i] = fn((i / (points - 1)) * 2 - 1);
  return data;
}

/** Soft clipper: tanh normalised to ±1 at the edges; drive beyond ±1 clips hard (WaveShaper clamps). */
export const clipperCurve = () => curve(SHAPER_POINTS, (x) => Math.tanh(3 * x) / Math.tanh(3));
export const rectifierCurve = () => curve(SHAPER_POINTS, Math.abs);

/**
 * Maps the envelope (0..1) to the gate's gain: 0 under the threshold, 1 above, with a 6 dB
 * soft knee. Many points because thresholds sit in the bottom percent of the range.
 */
export function gateCurve(threshold: number | null): Float32Array<ArrayBuffer> {
  if (threshold === null) return curve(3, () => 1);
  const closedBelow = threshold / 2;
  return curve(65_537, (x) => {
    if (x <= closedBelow) return 0;
    if (x >= threshold) return 1;
    const t = (x - closedBelow) / (threshold - closedBelow);
    return t * t * (3 - 2 * t);
  });
}
