// The timeline mixdown's shortcuts (rendered stretch by stretch and track by track from 16-bit
// takes, one reverb for all tracks, pitch correction only as far as a take plays) must not change
// the sound: the render is compared with the plain graph, one context for the whole mix, one chain
// with its own reverb per track and every take corrected whole.
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import { emptyArrangement } from '@beatroom/shared/studio-arrangement';
import { addLoopPasses } from '@beatroom/shared/studio-arrangement-clips';
import { audibleTracks, trackSlices } from '@beatroom/shared/studio-arrangement-playback';
import { addTrack, compRegion, setTrack } from '@beatroom/shared/studio-arrangement-tracks';
import { DEFAULT_STUDIO_SETTINGS, STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { describe, expect, it } from 'vitest';
import { effectsOf } from '../timeline/track-effects';
import { renderArrangement } from './arrangement-mixdown';
import { scheduleSlices } from './arrangement-schedule';
import { OfflineContext, RATE, offlineContext, sine } from './audio-test-utils';
import { compactTake, takeBuffer, type CompactTake } from './compact-take';
import { measureChainLatencyS, pitchCorrectedTake, playBeat } from './mixdown';
import { pitchCorrectionLatencyS } from './pitch-correction';
import { buildVocalChain } from './vocal-chain';

const SECONDS = 8;
const EVERYTHING_ON = {
  ...effectsOf(DEFAULT_STUDIO_SETTINGS),
  reverbAmount: 50,
  delayAmount: 30,
  compression: 60,
  autoTune: 60,
  chorus: 40,
  distortion: 20,
  gate: 20,
};

function mono(samples: Float32Array<ArrayBuffer>) {
  const out = offlineContext(0.1).createBuffer(1, samples.length, RATE);
  out.getChannelData(0).set(samples);
  return out;
}

/** A held note with a breath (0.4 s of silence) every 2 s: the pitch corrector resets there. */
function sung(hz: number) {
  const samples = sine(hz, SECONDS, 0.3);
  for (let i = 0; i < samples.length; i++) if (i % (2 * RATE) >= 1.6 * RATE) samples[i] = 0;
  return samples;
}

/** Three tracks, each panned and voiced apart, with two passes comped half and half. */
function arrangement(): Arrangement {
  let a = emptyArrangement(EVERYTHING_ON);
  a = addTrack(addTrack(a));
  a.tracks.forEach((track, index) => {
    a = setTrack(a, track.id, {
      pan: index - 1,
      volume: 0.5 + index * 0.3,
      effects: {
        ...EVERYTHING_ON,
        vocalPan: 20 + index * 30,
        reverbAmount: 30 + index * 20,
        // The first without distortion and chorus (the defaults), paths the mixdown leaves out.
        ...(index === 0 ? { distortion: 0, chorus: 0 } : {}),
      },
    });
    for (let pass = 0; pass < 2; pass++) {
      a = addLoopPasses(a, {
        take: { id: `take-${index}-${pass}`, name: 'Take', source: null, duration: SECONDS },
        trackId: track.id,
        // Off the sample grid, so the slices start between samples.
        firstSampleAt: 0.01234 * index,
        loop: { start: 0, end: SECONDS },
      });
    }
    a = compRegion(a, track.id, 0, SECONDS / 2, 0);
  });
  return a;
}

/** The plain graph: what renderArrangement rendered before its shortcuts. */
async function reference(a: Arrangement, compact: Map<string, CompactTake>, beat: AudioBuffer) {
  const latency = await measureChainLatencyS(OfflineContext, RATE);
  const ctx = offlineContext(SECONDS + STUDIO_AUDIO.REVERB_TAIL_S);
  playBeat(ctx, beat, 0.7);
  for (const track of audibleTracks(a)) {
    const slices = trackSlices(a, track.id);
    const corrected = new Map(
      await Promise.all(
        [...compact].map(
          async ([id, take]) =>
            [id, pitchCorrectedTake(ctx, await takeBuffer(ctx, take), track.effects.autoTune)] as const,
        ),
      ),
    );
    const chain = buildVocalChain(ctx, { ...track.effects, autoTune: 0 });
    const volume = ctx.createGain();
    volume.gain.value = track.volume;
    const pan = ctx.createStereoPanner();
    pan.pan.value = track.pan;
    chain.output.connect(volume).connect(pan).connect(ctx.destination);
    const shift = latency + pitchCorrectionLatencyS(RATE);
    scheduleSlices(ctx, {
      slices,
      buffer: (id) => corrected.get(id),
      input: chain.input,
      at: 0,
      from: 0,
      shift,
    });
  }
  return ctx.startRendering();
}

/** The two renders' difference relative to the plain one's level (RMS over both channels). */
function relativeDifference(fast: { getChannelData(c: number): Float32Array }, plain: AudioBuffer) {
  let difference = 0;
  let signal = 0;
  for (let channel = 0; channel < 2; channel++) {
    const f = fast.getChannelData(channel);
    const p = plain.getChannelData(channel);
    for (let i = 0; i < p.length; i++) {
      difference += (f[i]! - p[i]!) ** 2;
      signal += p[i]! ** 2;
    }
  }
  return { signal, relative: Math.sqrt(difference / signal) };
}

describe('renderArrangement shortcuts', () => {
  it('sounds the same as one render of the plain graph, in stretches of any length', async () => {
    const a = arrangement();
    const takes = new Map(
      a.takes.map((take, n) => [take.id, compactTake(mono(sung(180 + n * 37)))] as const),
    );
    const beat = mono(sine(55, SECONDS, 0.2));
    const plain = await reference(a, takes, beat);
    // 30 s: the whole mix in one stretch; 2 s: six stretches, each track warmed up from 4 s back.
    for (const stretchS of [30, 2]) {
      const fast = await renderArrangement({
        beat,
        beatVolume: 0.7,
        arrangement: a,
        takes,
        OfflineContext,
        stretchS,
      });
      expect(fast.length).toBe(plain.length);
      const { signal, relative } = relativeDifference(fast, plain);
      expect(signal).toBeGreaterThan(1000);
      // Rounding only: −100 dB relative to the mix.
      expect(relative).toBeLessThan(1e-5);
    }
  }, 120_000);
});
