// The vocal chain's last stages, after the chorus, computed in the mixdown rather than by native
// nodes: the echo (a delay with feedback), the reverb send, the chain's pan and the track's volume
// and pan. They are linear and cheap, and a native context would spend a fifth of its time on them;
// here they also carry their state from one stretch of the render to the next, so the echo needs
// no warm-up. Sample for sample what the nodes of buildVocalChain compute: float32 products and
// sums, the DelayNode's linear interpolation at the float32 delay time, the equal-power panner.
import { STUDIO_AUDIO, type StudioEffectSettings } from '@beatroom/shared/studio-settings';
import { delayWet, panPosition, reverbWet } from './chain-params';
import { stereoPanMatrix } from './shared-reverb';

export interface ChainTail {
  /**
   * Takes the chain's chorused (mono) signal for consecutive stretches: adds the track's stereo
   * out into `left` and `right` (float32 sums, as the mix's own) and writes its reverb send into
   * `send`, for the same samples. The caller's arrays serve every track and stretch, so a render
   * makes no garbage of three stretch-long arrays per track.
   */
  process(chorused: Float32Array, left: Float32Array, right: Float32Array, send: Float32Array): void;
}

const f32 = Math.fround;

export function chainTail(
  effects: StudioEffectSettings,
  track: { volume: number; pan: number },
  sampleRate: number,
): ChainTail {
  // Where the DelayNode reads: `back` samples ago and the one after, weighted by k.
  const delay = f32(STUDIO_AUDIO.DELAY_DEFAULT_S) * sampleRate;
  const back = -Math.floor(-delay);
  const k = f32(back - delay);
  const oneMinusK = f32(1 - k);
  const size = back + 1;
  // The delay line's input (send + feedback) for the last `size` samples, as a ring.
  const line = new Float32Array(size);
  let at = 0;
  const send = f32(delayWet(effects.delayAmount));
  const feedback = f32(STUDIO_AUDIO.DELAY_FEEDBACK);
  const reverb = f32(reverbWet(effects.reverbAmount));
  const volume = f32(track.volume);
  // Chain pan on a stereo pair of equal channels, then the track's pan: [L←mono, R←mono].
  const chainPan = stereoPanMatrix(f32(panPosition(effects.vocalPan)));
  const trackPan = stereoPanMatrix(f32(track.pan));
  const toLeft = f32(chainPan[0][0] + chainPan[0][1]);
  const toRight = f32(chainPan[1][0] + chainPan[1][1]);
  const ll = f32(trackPan[0][0] * volume);
  const lr = f32(trackPan[0][1] * volume);
  const rl = f32(trackPan[1][0] * volume);
  const rr = f32(trackPan[1][1] * volume);

  return {
    process(chorused, left, right, sendOut) {
      const n = chorused.length;
      // The ring's read places `back` and `back − 1` samples ago, kept beside `at` (no modulo).
      let olderAt = (at + size - back) % size;
      let newerAt = (olderAt + 1) % size;
      for (let i = 0; i < n; i++) {
        const c = chorused[i]!;
        // Echo: the line's input `back` and `back − 1` samples ago, interpolated.
        const echo = f32(oneMinusK * line[olderAt]! + f32(k * line[newerAt]!));
        line[at] = f32(f32(c * send) + f32(echo * feedback));
        if (++at === size) at = 0;
        if (++olderAt === size) olderAt = 0;
        if (++newerAt === size) newerAt = 0;
        const mono = f32(c + echo);
        const l = f32(mono * toLeft);
        const r = f32(mono * toRight);
        left[i]! += f32(f32(l * ll) + f32(r * lr));
        right[i]! += f32(f32(l * rl) + f32(r * rr));
        sendOut[i] = f32(c * reverb);
      }
    },
  };
}
