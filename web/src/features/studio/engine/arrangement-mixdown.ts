// Mixdown of the timeline: the beat plus every audible track's clips (comped, with their fades)
// through that track's own vocal chain (the same buildVocalChain as the live monitor), its
// volume and pan. Pitch correction runs per take and track as in the single take mixdown; the
// chain's and the correction's own delays are taken back out so every clip stays where the
// timeline shows it.
//
// It is rendered in stretches of time, track by track (track-chunk.ts), the sends of all tracks
// summed into one reverb (shared-reverb.ts), and handed on stretch by stretch: memory holds one
// stretch of one track at a time, never every take or the whole mix as float.
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import { arrangementEnd, audibleTracks, trackSlices } from '@beatroom/shared/studio-arrangement-playback';
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { CHORUS_RATE_HZ } from './chain-params';
import { chainTail, type ChainTail } from './chain-tail';
import type { CompactTake } from './compact-take';
import { measureChainLatencyS, type OfflineContextConstructor } from './mixdown';
import { pitchCorrectionLatencyS, type Scale } from './pitch-correction';
import {
  addBeat,
  addSamples,
  addSend,
  beatMixedDirectly,
  renderBeatAndReverb,
  reverbBuses,
  reverbPathMatrix,
  reverbWidth,
  type ReverbBuses,
  type ReverbReuse,
  type StereoMatrix,
} from './shared-reverb';
import { takeReader } from './take-reader';
import { renderTrackChunk, sourceBuffers, type TrackChunk } from './track-chunk';

export interface ArrangementMixdownInput {
  beat: AudioBuffer;
  beatVolume: number;
  arrangement: Arrangement;
  /** Each take's audio by take id; a clip whose take is missing is left out. */
  takes: ReadonlyMap<string, CompactTake>;
  scale?: Scale;
  sampleRate?: number;
  OfflineContext?: OfflineContextConstructor;
  /** 0..1 as the render advances. */
  onProgress?: (fraction: number) => void;
  /** Seconds per stretch (rounded to whole chorus periods). */
  stretchS?: number;
}

/** The mix as its two channels (what encodeWav and encodeMp3 take). */
export interface MixedAudio {
  numberOfChannels: number;
  sampleRate: number;
  length: number;
  duration: number;
  getChannelData(channel: number): Float32Array;
}

/**
 * Seconds of the mix rendered at a time. Each stretch of a track renders a warm-up first, so
 * longer stretches render less twice: 60 s instead of 30 took 5–6 % less CPU for the bench's
 * 3-minute export (Node and the page alike) for ~65 MB more of the page's memory at its peak
 * (~430 MB, the takes in Blobs outside it).
 */
const STRETCH_S = 60;
/**
 * Seconds each stretch of a track starts early. The slowest memory of the chain up to the chorus
 * is the compressor's 0.25 s release: e^−16 of it is left after 4 s. (The echo carries its state
 * over in chain-tail.ts.)
 */
const WARM_UP_S = 4;

function offlineClass(input: ArrangementMixdownInput): OfflineContextConstructor {
  return input.OfflineContext ?? (globalThis.OfflineAudioContext as unknown as OfflineContextConstructor);
}

/** Samples the mix will have: the beat, or the last clip and its echoes and reverb if later. */
export function mixdownLength(input: ArrangementMixdownInput): number {
  const sampleRate = input.sampleRate ?? input.beat.sampleRate;
  const tracks = audibleTracks(input.arrangement);
  const hasTail = tracks.some((t) => t.effects.reverbAmount > 0 || t.effects.delayAmount > 0);
  const end = arrangementEnd(input.arrangement);
  const seconds = Math.max(
    input.beat.duration,
    end > 0 ? end + (hasTail ? STUDIO_AUDIO.REVERB_TAIL_S : 0) : 0,
  );
  return Math.max(1, Math.ceil(seconds * sampleRate));
}

/**
 * Renders the mix and hands it to `write` stretch by stretch, in order ([left, right], together
 * mixdownLength samples). The arrays are reused for the next stretch once `write` has returned
 * (or its promise settled): it copies or encodes them, it does not keep them.
 */
export async function mixArrangement(
  input: ArrangementMixdownInput,
  write: (channels: Float32Array[]) => void | Promise<void>,
): Promise<void> {
  const { beat, arrangement } = input;
  const sampleRate = input.sampleRate ?? beat.sampleRate;
  const Offline = offlineClass(input);
  const chainLatency = await measureChainLatencyS(Offline, sampleRate);
  const length = mixdownLength(input);
  // Stretches start on whole periods of the chorus's oscillator, which every track's context
  // starts at phase 0: so the chorus sweeps as it would in one long render.
  const period = Math.max(1, Math.round(sampleRate / CHORUS_RATE_HZ));
  const stretch = Math.max(1, Math.round(((input.stretchS ?? STRETCH_S) * sampleRate) / period)) * period;
  const warmUp = Math.ceil((WARM_UP_S * sampleRate) / period) * period;
  const tail = Math.round(STUDIO_AUDIO.REVERB_TAIL_S * sampleRate);
  // A take's next read starts a warm-up (and the spans' margins) before where the last one
  // ended: that much is kept, and a little more.
  const retainS = warmUp / sampleRate + 0.1;

  const tracks = audibleTracks(arrangement).flatMap((track) => {
    const slices = trackSlices(arrangement, track.id).filter((slice) => input.takes.has(slice.takeId));
    if (slices.length === 0) return [];
    const { autoTune } = track.effects;
    const takes = new Map(
      [...new Set(slices.map((slice) => slice.takeId))].map((takeId) => {
        const take = input.takes.get(takeId)!;
        const reader = takeReader(take, autoTune, { scale: input.scale, retainS });
        return [takeId, { reader, sampleRate: take.sampleRate }] as const;
      }),
    );
    const shift = chainLatency + (autoTune > 0 ? pitchCorrectionLatencyS(sampleRate) : 0);
    const path = reverbPathMatrix(track.effects.vocalPan, track.volume, track.pan);
    return [{ track, slices, takes, shift, path, postChorus: chainTail(track.effects, track, sampleRate) }];
  });
  const hasReverb = tracks.some(({ track }) => track.effects.reverbAmount > 0);
  const beatDirect = beatMixedDirectly(beat, sampleRate);

  const stretches = Math.ceil(length / stretch);
  const steps = stretches * (tracks.length + 1);
  let step = 0;
  // The reverb's tail and the sends' widened part ring on past each stretch into the next ones.
  const carry = tail + reverbWidth(sampleRate);
  let spill: Float32Array[] = [new Float32Array(carry), new Float32Array(carry)];
  // What every stretch reuses rather than makes anew (a stretch's arrays and buffers, some 20 MB
  // per track, would otherwise be garbage the page holds until V8 collects it).
  const mixStore = [0, 1].map(() => new Float32Array(Math.min(stretch, length)));
  const sources = sourceBuffers((stretch + warmUp) / sampleRate);
  const reverbReuse: ReverbReuse = {};
  let buses: ReverbBuses | null = null;
  for (let from = 0; from < length; from += stretch) {
    const count = Math.min(stretch, length - from);
    const rest = from + count >= length ? 0 : carry;
    const mix = mixStore.map((channel) => channel.subarray(0, count).fill(0));
    buses = hasReverb ? reverbBuses(sampleRate, count, buses) : null;
    for (const { track, slices, takes, shift, path, postChorus } of tracks) {
      const start = Math.max(0, from - warmUp);
      const chunk: TrackChunk = {
        track,
        slices,
        takes,
        shift,
        from: start,
        length: from + count - start,
        sources,
      };
      const rendered = await renderTrackChunk(Offline, sampleRate, chunk);
      // What follows the chorus runs on silence too while its echo rings on past the last slice.
      const chorused = rendered?.subarray(from - start) ?? null;
      tailInto(mix, count, chorused, postChorus, track.effects.reverbAmount > 0 ? buses : null, path);
      input.onProgress?.(++step / steps);
    }
    if (beatDirect) addBeat(mix, beat, from, input.beatVolume);
    const wet = await renderBeatAndReverb(
      Offline,
      sampleRate,
      {
        beat: beatDirect ? null : beat,
        beatVolume: input.beatVolume,
        from,
        length: count,
        tail: rest,
        buses,
      },
      reverbReuse,
    );
    // The reverb of earlier stretches ringing into this one, and this one's into the next.
    wet.forEach((channel, c) => {
      addSamples(channel.subarray(0, carry), spill[c]!);
      addSamples(mix[c]!, channel.subarray(0, count));
    });
    spill = wet.map((channel) => channel.slice(count, count + carry));
    await write(mix);
    input.onProgress?.(++step / steps);
  }
}

/** Samples the chain's tail is computed in at a time, so its scratch arrays stay small. */
const TAIL_BLOCK = 8192;
const tailSend = new Float32Array(TAIL_BLOCK);
const tailSilence = new Float32Array(TAIL_BLOCK);

/**
 * A track's chorused signal (null: silence) through what follows the chorus, into the stretch's
 * mix, its send into the reverb's buses.
 */
function tailInto(
  mix: Float32Array[],
  count: number,
  chorused: Float32Array | null,
  postChorus: ChainTail,
  buses: ReverbBuses | null,
  path: StereoMatrix,
): void {
  for (let at = 0; at < count; at += TAIL_BLOCK) {
    const n = Math.min(TAIL_BLOCK, count - at);
    const send = tailSend.subarray(0, n);
    postChorus.process(
      chorused?.subarray(at, at + n) ?? tailSilence.subarray(0, n),
      mix[0]!.subarray(at, at + n),
      mix[1]!.subarray(at, at + n),
      send,
    );
    if (buses) addSend(buses, send, path, at);
  }
}

/** The whole mix in memory (tests, short arrangements); the export streams mixArrangement. */
export async function renderArrangement(input: ArrangementMixdownInput): Promise<MixedAudio> {
  const sampleRate = input.sampleRate ?? input.beat.sampleRate;
  const length = mixdownLength(input);
  const channels = [new Float32Array(length), new Float32Array(length)];
  let at = 0;
  await mixArrangement(input, (chunk) => {
    chunk.forEach((samples, c) => channels[c]!.set(samples, at));
    at += chunk[0]!.length;
  });
  return {
    numberOfChannels: 2,
    sampleRate,
    length,
    duration: length / sampleRate,
    getChannelData: (channel) => channels[channel]!,
  };
}
