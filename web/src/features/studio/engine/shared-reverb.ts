// One reverb for every track of the timeline's mixdown. The reverb and everything after it in a
// track (the 17 ms widening, the chain's pan, the track's volume and pan) are linear and the same
// for all tracks, so convolving the sum of the tracks' sends gives what one reverb per track
// gives, for two convolutions (left and right) instead of one per track: the convolution is the
// largest cost of a mixdown.
import { panPosition, REVERB_WIDTH_S } from './chain-params';
import { createReverbImpulse } from './reverb-impulse';

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

export interface SharedReverb {
  /** Adds a track's mono send, whose tail then goes out through `path`. */
  add(send: AudioNode, path: StereoMatrix): void;
}

/** Builds the shared reverb into `destination` when the first send arrives. */
export function sharedReverb(ctx: BaseAudioContext, destination: AudioNode): SharedReverb {
  let buses: { direct: GainNode; widened: GainNode }[] | null = null;
  const build = () => {
    const impulse = createReverbImpulse(ctx);
    const out = ctx.createChannelMerger(2);
    out.connect(destination);
    return [0, 1].map((channel) => {
      // Delaying a send before the convolution is delaying its tail after it.
      const direct = ctx.createGain();
      const widened = ctx.createGain();
      const width = ctx.createDelay(0.05);
      width.delayTime.value = REVERB_WIDTH_S;
      const convolver = ctx.createConvolver();
      convolver.buffer = impulse;
      widened.connect(width).connect(direct);
      direct.connect(convolver).connect(out, 0, channel);
      return { direct, widened };
    });
  };
  return {
    add(send, path) {
      buses ??= build();
      buses.forEach((bus, channel) => {
        const [fromTail, fromWidened] = path[channel]!;
        if (fromTail !== 0) send.connect(gainOf(ctx, fromTail)).connect(bus.direct);
        if (fromWidened !== 0) send.connect(gainOf(ctx, fromWidened)).connect(bus.widened);
      });
    },
  };
}

function gainOf(ctx: BaseAudioContext, value: number): GainNode {
  const node = ctx.createGain();
  node.gain.value = value;
  return node;
}
