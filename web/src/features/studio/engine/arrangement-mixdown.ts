// Mixdown of the timeline: the beat plus every audible track's clips (comped, with their fades)
// through that track's own vocal chain (the same buildVocalChain as the live monitor), its
// volume and pan, rendered offline. Pitch correction runs per take and track as in the single
// take mixdown; the chain's and the correction's own delays are taken back out so every clip
// stays where the timeline shows it.
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import {
  arrangementEnd,
  audibleTracks,
  trackSlices,
  type PlaybackSlice,
} from '@beatroom/shared/studio-arrangement-playback';
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import {
  measureChainLatencyS,
  pitchCorrectedTake,
  playBeat,
  type OfflineContextConstructor,
} from './mixdown';
import { pitchCorrectionLatencyS, type Scale } from './pitch-correction';
import { scheduleSlices } from './arrangement-schedule';
import { reverbPathMatrix, sharedReverb } from './shared-reverb';
import { buildVocalChain } from './vocal-chain';

export interface ArrangementMixdownInput {
  beat: AudioBuffer;
  beatVolume: number;
  arrangement: Arrangement;
  /** Each take's raw audio by take id; a clip whose take is missing is left out. */
  takes: ReadonlyMap<string, AudioBuffer>;
  scale?: Scale;
  sampleRate?: number;
  OfflineContext?: OfflineContextConstructor;
  /** 0..1 as the render advances (reported at each tenth of the length). */
  onProgress?: (fraction: number) => void;
}

/**
 * How far into each take the slices play: the correction runs up to there and no further (it
 * only looks back, so the part that plays is the same as correcting the whole take).
 */
function usedLengths(slices: readonly PlaybackSlice[]): Map<string, number> {
  const used = new Map<string, number>();
  for (const slice of slices) {
    const end = slice.offset + (slice.end - slice.start);
    used.set(slice.takeId, Math.max(used.get(slice.takeId) ?? 0, end));
  }
  return used;
}

export async function renderArrangement(input: ArrangementMixdownInput): Promise<AudioBuffer> {
  const { beat, arrangement } = input;
  const sampleRate = input.sampleRate ?? beat.sampleRate;
  const Offline =
    input.OfflineContext ?? (globalThis.OfflineAudioContext as unknown as OfflineContextConstructor);
  const chainLatency = await measureChainLatencyS(Offline, sampleRate);
  const tracks = audibleTracks(arrangement);
  const hasTail = tracks.some((t) => t.effects.reverbAmount > 0 || t.effects.delayAmount > 0);
  const end = arrangementEnd(arrangement);
  const seconds = Math.max(beat.duration, end > 0 ? end + (hasTail ? STUDIO_AUDIO.REVERB_TAIL_S : 0) : 0);
  const length = Math.max(1, Math.ceil(seconds * sampleRate));
  const ctx = new Offline(2, length, sampleRate);

  playBeat(ctx, beat, input.beatVolume);
  const reverb = sharedReverb(ctx, ctx.destination);

  for (const track of tracks) {
    const slices = trackSlices(arrangement, track.id).filter((slice) => input.takes.has(slice.takeId));
    if (slices.length === 0) continue;
    const { autoTune } = track.effects;
    // Pitch-corrected copies of this track's takes (the correction depends on the track's chain).
    const sources = new Map<string, AudioBuffer>();
    let shift = chainLatency;
    if (autoTune > 0) {
      shift += pitchCorrectionLatencyS(sampleRate);
      for (const [takeId, usedS] of usedLengths(slices)) {
        sources.set(takeId, pitchCorrectedTake(ctx, input.takes.get(takeId)!, autoTune, input.scale, usedS));
      }
    }
    const chain = buildVocalChain(ctx, { ...track.effects, autoTune: 0 }, { reverb: 'send' });
    if (track.effects.reverbAmount > 0)
      reverb.add(chain.reverbSend!, reverbPathMatrix(track.effects.vocalPan, track.volume, track.pan));
    const volume = ctx.createGain();
    volume.gain.value = track.volume;
    const pan = ctx.createStereoPanner();
    pan.pan.value = track.pan;
    chain.output.connect(volume).connect(pan).connect(ctx.destination);

    scheduleSlices(ctx, {
      slices,
      buffer: (takeId) => sources.get(takeId) ?? input.takes.get(takeId),
      input: chain.input,
      at: 0,
      from: 0,
      shift,
    });
  }

  const { onProgress } = input;
  if (onProgress) {
    // OfflineAudioContext reports nothing while it renders: suspending at each tenth does.
    for (let step = 1; step < 10; step++) {
      const at = Math.floor((length * step) / 10 / 128) * 128;
      if (at <= 0 || at >= length) continue;
      ctx
        .suspend(at / sampleRate)
        .then(() => {
          onProgress(step / 10);
          return ctx.resume();
        })
        // Some implementations refuse a suspend they cannot honour: progress is then coarser.
        .catch(() => undefined);
    }
  }
  const rendered = await ctx.startRendering();
  onProgress?.(1);
  return rendered;
}
