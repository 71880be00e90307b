// The mixdown's shared reverb convolved in JavaScript instead of by a ConvolverNode: the summed
// sends of a stretch (left and right) with the reverb's 3 s impulse, by FFT in blocks
// (overlap-add). A 30 s stretch costs Chromium's ConvolverNode about 0.9 s of CPU and
// node-web-audio-api's about 0.8 s, a fifth of a whole mixdown; this takes about a quarter of
// that. The two sides go through one complex transform (left as its real part, right as its
// imaginary part: the impulse is real, so their convolutions stay apart), and the impulse's
// spectrum is computed once per mixdown.
//
// The scale is the engine's own: a ConvolverNode normalises its impulse (its power, and a
// calibration that differs between engines: Chromium's −58 dB, node-web-audio-api the Web Audio
// specification's 0.00125), and the live monitor's reverb is that node. convolverScale measures
// it once by convolving a unit impulse through the node, so the mixdown's reverb is as loud as
// the monitor's in whichever engine renders it.
import type { OfflineContextConstructor } from './mixdown';
import { createFft } from './fft';

/** Frames of the unit impulse's render that convolverScale reads (a render quantum's worth). */
const SCALE_FRAMES = 128;

/**
 * The gain the engine's ConvolverNode gives `impulse` (mono): the ratio of its response to a unit
 * impulse to the impulse itself, over the first frames (the node has no latency in either
 * engine: its first stage convolves directly).
 */
export async function convolverScale(
  Offline: OfflineContextConstructor,
  impulse: AudioBuffer,
): Promise<number> {
  const response = await throughConvolverNode(Offline, impulse, Float32Array.of(1), SCALE_FRAMES);
  const h = impulse.getChannelData(0);
  let product = 0;
  let power = 0;
  for (let i = 0; i < Math.min(SCALE_FRAMES, h.length); i++) {
    product += response[i]! * h[i]!;
    power += h[i]! * h[i]!;
  }
  if (power === 0) return 0;
  return product / power;
}

/** The first `frames` frames of `input` (mono) through the engine's ConvolverNode with `impulse`. */
export async function throughConvolverNode(
  Offline: OfflineContextConstructor,
  impulse: AudioBuffer,
  input: Float32Array,
  frames: number,
): Promise<Float32Array> {
  const ctx = new Offline(1, frames, impulse.sampleRate);
  const buffer = ctx.createBuffer(1, input.length, impulse.sampleRate);
  buffer.getChannelData(0).set(input);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const convolver = ctx.createConvolver();
  convolver.buffer = impulse;
  source.connect(convolver).connect(ctx.destination);
  source.start(0);
  return (await ctx.startRendering()).getChannelData(0);
}

export interface ReverbConvolver {
  /**
   * left ∗ impulse and right ∗ impulse (arrays of one length), scaled, for output frames
   * [0, frames). The arrays answered are reused by the next call. Between blocks it lets the
   * page handle its events: a 60 s stretch at 48 kHz is eight blocks, ~0.5 s of computing.
   */
  convolve(left: Float32Array, right: Float32Array, frames: number): Promise<[Float32Array, Float32Array]>;
}

/**
 * Resolves in a task of its own, after the events waiting. A message, not a timer: a hidden
 * tab's timers wait a second or more, and an export goes on while the vocalist looks elsewhere.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** The smallest power of two that holds a block at least as long as the impulse and its tail. */
function blockFftSize(impulseLength: number): number {
  let size = 4;
  while (size < 2 * impulseLength) size *= 2;
  return size;
}

export function reverbConvolver(impulse: Float32Array, scale: number): ReverbConvolver {
  const size = blockFftSize(impulse.length);
  const fft = createFft(size);
  // Input frames per block: a block's convolution (block + impulse − 1 frames) fits the
  // transform without wrapping round.
  const block = size - impulse.length + 1;
  // The impulse's spectrum, with the scale and the inverse transform's 1/N folded in.
  const spectrumRe = new Float64Array(size);
  const spectrumIm = new Float64Array(size);
  for (let i = 0; i < impulse.length; i++) spectrumRe[i] = (impulse[i]! * scale) / size;
  fft.forward(spectrumRe, spectrumIm);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let out: [Float32Array, Float32Array] = [new Float32Array(0), new Float32Array(0)];

  return {
    async convolve(left, right, frames) {
      if (out[0].length !== frames) out = [new Float32Array(frames), new Float32Array(frames)];
      else for (const side of out) side.fill(0);
      const [outLeft, outRight] = out;
      const read = Math.min(left.length, frames);
      for (let from = 0; from < read; from += block) {
        if (from > 0) await nextTask();
        const count = Math.min(block, read - from);
        for (let i = 0; i < count; i++) {
          re[i] = left[from + i]!;
          im[i] = right[from + i]!;
        }
        re.fill(0, count);
        im.fill(0, count);
        fft.forward(re, im);
        for (let k = 0; k < size; k++) {
          const xr = re[k]!;
          const xi = im[k]!;
          const hr = spectrumRe[k]!;
          const hi = spectrumIm[k]!;
          re[k] = xr * hr - xi * hi;
          im[k] = xr * hi + xi * hr;
        }
        fft.inverse(re, im);
        const reach = Math.min(count + impulse.length - 1, frames - from);
        for (let i = 0; i < reach; i++) {
          outLeft[from + i]! += re[i]!;
          outRight[from + i]! += im[i]!;
        }
      }
      return out;
    },
  };
}
