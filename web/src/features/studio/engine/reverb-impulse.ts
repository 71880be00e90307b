// The reverb's impulse response, shared by every vocal chain and by the timeline mixdown's shared
// reverb, so a reverb is the same wherever it is built.
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';

/** Deterministic noise (mulberry32) so every render of the reverb tail is identical. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The reverb's impulse response: 3 s of noise (the reverb is a 3 s noise tail) decaying
 * exponentially to −60 dB at the end, i.e. an RT60 of 3 s. Mono: a stereo response costs twice
 * the convolution (the largest share of a mixdown); the chain widens the tail instead.
 */
export function createReverbImpulse(ctx: BaseAudioContext): AudioBuffer {
  const length = Math.round(STUDIO_AUDIO.REVERB_TAIL_S * ctx.sampleRate);
  const impulse = ctx.createBuffer(1, length, ctx.sampleRate);
  const decayPerSample = Math.log(1000) / length;
  const random = seededRandom(0x5eed);
  const data = impulse.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (random() * 2 - 1) * Math.exp(-decayPerSample * i);
  return impulse;
}
