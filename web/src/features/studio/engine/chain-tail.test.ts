// The mixdown's own echo, send and pans (chain-tail.ts) against the native nodes they replace:
// the same chain rendered whole, and rendered up to the chorus with the tail computed after it,
// in two stretches (the echo's state carried over), must agree to rounding.
import { DEFAULT_STUDIO_SETTINGS } from '@beatroom/shared/studio-settings';
import { describe, expect, it } from 'vitest';
import { effectsOf } from '../timeline/track-effects';
import { RATE, offlineContext, play, sine } from './audio-test-utils';
import { chainTail } from './chain-tail';
import { buildVocalChain } from './vocal-chain';

const SECONDS = 2;
const EFFECTS = { ...effectsOf(DEFAULT_STUDIO_SETTINGS), delayAmount: 40, reverbAmount: 60, vocalPan: 30 };
const TRACK = { volume: 0.8, pan: 0.4 };

/** A burst of tone, then silence the echo rings into. */
const input = () => {
  const samples = sine(330, SECONDS, 0.4);
  samples.fill(0, 0.6 * RATE);
  return samples;
};

async function native(): Promise<Float32Array[]> {
  const ctx = offlineContext(SECONDS, 3);
  const chain = buildVocalChain(ctx, EFFECTS, { reverb: 'send' });
  const volume = ctx.createGain();
  volume.gain.value = TRACK.volume;
  const pan = ctx.createStereoPanner();
  pan.pan.value = TRACK.pan;
  const split = ctx.createChannelSplitter(2);
  const out = ctx.createChannelMerger(3);
  chain.output.connect(volume).connect(pan).connect(split);
  split.connect(out, 0, 0);
  split.connect(out, 1, 1);
  chain.reverbSend!.connect(out, 0, 2);
  out.connect(ctx.destination);
  play(ctx, input(), chain.input);
  const rendered = await ctx.startRendering();
  return [0, 1, 2].map((c) => rendered.getChannelData(c));
}

async function chorused(): Promise<Float32Array> {
  const ctx = offlineContext(SECONDS, 1);
  const chain = buildVocalChain(ctx, EFFECTS, { reverb: 'send' });
  chain.chorused.disconnect();
  chain.chorused.connect(ctx.destination);
  play(ctx, input(), chain.input);
  return (await ctx.startRendering()).getChannelData(0);
}

describe('chainTail', () => {
  // Retried: twice on a machine at a load of 20 and more, after other files' renders in the same
  // worker, one of this test's renders through node-web-audio-api came out wholly different
  // (worst difference = peak); not reproduced alone (150 renders of the chorused path under
  // load, with and without its disconnect). Not yet explained; a real mismatch fails every try.
  it('computes the echo, the reverb send and the pans as the native nodes do', { retry: 2 }, async () => {
    const expected = await native();
    const dry = await chorused();
    const tail = chainTail(EFFECTS, TRACK, RATE);
    const cut = Math.round(0.7 * RATE);
    // Stereo out is added to what the arrays hold: start them off a mix of something else.
    const under = (i: number) => 0.05 * Math.sin(i / 50);
    const got = [0, 1, 2].map(() => new Float32Array(dry.length));
    for (const c of [0, 1]) for (let i = 0; i < dry.length; i++) got[c]![i] = under(i);
    for (const [from, to] of [
      [0, cut],
      [cut, dry.length],
    ] as const)
      tail.process(
        dry.subarray(from, to),
        got[0]!.subarray(from, to),
        got[1]!.subarray(from, to),
        got[2]!.subarray(from, to),
      );
    for (const c of [0, 1]) for (let i = 0; i < dry.length; i++) got[c]![i]! -= under(i);
    for (let c = 0; c < 3; c++) {
      let worst = 0;
      let peak = 0;
      for (let i = 0; i < dry.length; i++) {
        worst = Math.max(worst, Math.abs(got[c]![i]! - expected[c]![i]!));
        peak = Math.max(peak, Math.abs(expected[c]![i]!));
      }
      expect(peak).toBeGreaterThan(0.05);
      // The echoes after the cut (1.2 s, 1.5 s, …) come from the carried state.
      expect(worst / peak).toBeLessThan(1e-6);
    }
  });
});
