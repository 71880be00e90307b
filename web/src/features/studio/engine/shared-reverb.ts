// One reverb for every track of the timeline's mixdown. The reverb and everything after it in a
// track (the 17 ms widening, the chain's pan, the track's volume and pan) are linear and the same
// for all tracks, so convolving the sum of the tracks' sends gives what one reverb per track
// gives, for two convolutions (left and right) instead of one per track: the convolution is the
// largest cost of a mixdown. Being linear, it is also rendered stretch by stretch, each
// stretch's tail added to the ones after it, and computed by FFT (reverb-convolver.ts) at the
// engine's own ConvolverNode scale.
import type { OfflineContextConstructor } from './mixdown';
import { panPosition, REVERB_WIDTH_S } from './chain-params';
import { createReverbImpulse } from './reverb-impulse';
import { convolverScale, reverbConvolver, type ReverbConvolver } from './reverb-convolver';

/** 2×2 gains from a stereo input to a stereo output: [[L←L, L←R], [R←L, R←R]]. */
export type StereoMatrix = readonly [readonly [number, number], readonly [number, number]];

/** What a StereoPannerNode does to a stereo input (the Web Audio equal-power formula). */
export function stereoPanMatrix(pan: number): StereoMatrix {
  const x = pan <= 0 ? pan + 1 : pan;
  const gainL = Math.cos((x * Math.PI) / 2);
  const gainR = Math.sin((x * Math.PI) / 2);
  return pan <= 0
    ? [
        [1, gainL],
        [0, gainR],
      ]
    : [
        [gainL, 0],
        [gainR, 1],
      ];
}

function times(a: StereoMatrix, b: StereoMatrix): StereoMatrix {
  return [
    [a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1]],
    [a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1]],
  ];
}

/**
 * The gains a track's reverb (left = tail, right = tail 17 ms later) meets on its way out: the
 * chain's vocal pan, then the track's volume and pan.
 */
export function reverbPathMatrix(vocalPan: number, volume: number, trackPan: number): StereoMatrix {
  const m = times(stereoPanMatrix(trackPan), stereoPanMatrix(panPosition(vocalPan)));
  return [
    [m[0][0] * volume, m[0][1] * volume],
    [m[1][0] * volume, m[1][1] * volume],
  ];
}

/**
 * The reverb's two inputs (left, right) for a stretch of the render, the sends summed straight
 * into them. A send's widened part lands `width` samples later, past the stretch at its end: it
 * is convolved with this stretch and rings into the next ones with the tail, which is the same
 * sum (the reverb is linear).
 */
export interface ReverbBuses {
  left: Float32Array;
  right: Float32Array;
  /** How far a send's widened part lands after it (samples). */
  width: number;
}

export function reverbWidth(sampleRate: number): number {
  return Math.round(REVERB_WIDTH_S * sampleRate);
}

/**
 * Buses for a stretch of `length` samples: the last stretch's arrays are reused, cleared, when
 * they have the same size (new ones each stretch would be garbage the page holds until V8
 * collects it).
 */
export function reverbBuses(sampleRate: number, length: number, reuse?: ReverbBuses | null): ReverbBuses {
  const width = reverbWidth(sampleRate);
  const size = length + width;
  if (reuse?.left.length === size && reuse.width === width) {
    reuse.left.fill(0);
    reuse.right.fill(0);
    return reuse;
  }
  return { left: new Float32Array(size), right: new Float32Array(size), width };
}

/**
 * Adds a track's mono send (samples from `at` in the stretch) whose tail goes out through `path`: straight
 * into one side's reverb input, widened (delayed) into the other's. Float32 sums and products, as
 * the gain nodes they replace compute them.
 */
export function addSend(buses: ReverbBuses, send: Float32Array, path: StereoMatrix, at = 0): void {
  const { width } = buses;
  const left = buses.left.subarray(at);
  const right = buses.right.subarray(at);
  const length = send.length;
  const leftDirect = Math.fround(path[0][0]);
  const leftWidened = Math.fround(path[0][1]);
  const rightDirect = Math.fround(path[1][0]);
  const rightWidened = Math.fround(path[1][1]);
  for (let i = 0; i < length; i++) {
    const x = send[i]!;
    left[i]! += Math.fround(x * leftDirect);
    right[i]! += Math.fround(x * rightDirect);
    left[i + width]! += Math.fround(x * leftWidened);
    right[i + width]! += Math.fround(x * rightWidened);
  }
}

export interface BeatAndReverb {
  /** Null when the caller mixes the beat itself. */
  beat: AudioBuffer | null;
  beatVolume: number;
  /** Where the stretch starts in the render and how long it is (samples). */
  from: number;
  length: number;
  /** Samples rendered past the stretch (the reverb's tail, added to the next ones). */
  tail: number;
  buses: ReverbBuses | null;
}

/** What every stretch's reverb reuses: the convolver, with the impulse's spectrum and its arrays. */
export interface ReverbReuse {
  convolver?: ReverbConvolver;
}

/**
 * The beat's part of one stretch and the reverb of the stretch's sends: [left, right]. The
 * arrays may be the reverb's own, reused by the next stretch: read them before asking again.
 */
export async function renderBeatAndReverb(
  Offline: OfflineContextConstructor,
  sampleRate: number,
  stretch: BeatAndReverb,
  reuse: ReverbReuse = {},
): Promise<Float32Array[]> {
  const { beat, buses } = stretch;
  const length = stretch.length + stretch.tail;
  const reverb = buses
    ? await (reuse.convolver ??= await sharedReverbConvolver(Offline, sampleRate)).convolve(
        buses.left,
        buses.right,
        length,
      )
    : null;
  if (!beat) return reverb ?? [new Float32Array(length), new Float32Array(length)];
  const ctx = new Offline(2, length, sampleRate);
  playBeatStretch(ctx, beat, stretch);
  const rendered = await ctx.startRendering();
  const mix = [rendered.getChannelData(0), rendered.getChannelData(1)];
  // Float32 sums, as the context's destination adds its inputs.
  if (reverb) mix.forEach((side, c) => addSamples(side, reverb[c]!));
  return mix;
}

/** Adds `from` into `into`, as far as both reach: float32 sums, as a node adds its inputs. */
export function addSamples(into: Float32Array, from: Float32Array): void {
  const count = Math.min(into.length, from.length);
  for (let i = 0; i < count; i++) into[i]! += from[i]!;
}

/** The reverb's impulse, convolved at the scale the engine's ConvolverNode gives it. */
async function sharedReverbConvolver(
  Offline: OfflineContextConstructor,
  sampleRate: number,
): Promise<ReverbConvolver> {
  const impulse = createReverbImpulse(new Offline(1, 1, sampleRate));
  return reverbConvolver(impulse.getChannelData(0), await convolverScale(Offline, impulse));
}

/** Only this stretch of the beat, so no more of it is copied into the context than plays. */
function playBeatStretch(ctx: BaseAudioContext, beat: AudioBuffer, stretch: BeatAndReverb): void {
  const sampleRate = ctx.sampleRate;
  const ratio = beat.sampleRate / sampleRate;
  const exact = ratio === 1;
  const margin = exact ? 0 : 256;
  const first = Math.max(0, Math.floor(stretch.from * ratio) - margin);
  const last = Math.min(beat.length, Math.ceil((stretch.from + stretch.length) * ratio) + margin);
  if (last > first) {
    const part = ctx.createBuffer(beat.numberOfChannels, last - first, beat.sampleRate);
    for (let c = 0; c < beat.numberOfChannels; c++)
      part.getChannelData(c).set(beat.getChannelData(c).subarray(first, last));
    const source = ctx.createBufferSource();
    source.buffer = part;
    const gain = ctx.createGain();
    gain.gain.value = stretch.beatVolume;
    source.connect(gain).connect(ctx.destination);
    const offset = stretch.from / sampleRate - first / beat.sampleRate;
    if (exact) source.start(0, offset);
    else source.start(0, offset, stretch.length / sampleRate);
  }
}

/**
 * Whether the mixdown adds the beat itself (at its volume, a float32 product as the gain node's):
 * when it needs no resampling and no downmix, which is the studio's case.
 */
export function beatMixedDirectly(beat: AudioBuffer, sampleRate: number): boolean {
  return beat.sampleRate === sampleRate && beat.numberOfChannels <= 2;
}

/** Adds the beat's samples [from, from + count) at `volume` into the stretch's [left, right]. */
export function addBeat(mix: Float32Array[], beat: AudioBuffer, from: number, volume: number): void {
  const gain = Math.fround(volume);
  const count = Math.max(0, Math.min(mix[0]!.length, beat.length - from));
  mix.forEach((into, c) => {
    // A mono beat plays on both sides, as a mono source into a stereo destination does.
    const samples = beat.getChannelData(Math.min(c, beat.numberOfChannels - 1));
    for (let i = 0; i < count; i++) into[i]! += Math.fround(samples[from + i]! * gain);
  });
}
