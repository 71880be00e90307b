// The vocal effect chain, built from native Web Audio nodes on any BaseAudioContext:
// the live AudioContext for monitoring and the OfflineAudioContext of the mixdown get the very
// same graph, so the mix sounds like what the vocalist heard.
//
//   input gain → [pitch correction worklet] → gate → EQ low/mid/high → compressor
//     → distortion (dry/wet) → chorus (dry + modulated delay) ─┬─ dry ────────────┬→ pan → output
//                                                              ├─ delay (+fb) ────┤
//                                                              └─ reverb (3 s) ───┘
import { STUDIO_AUDIO, type StudioEffectSettings } from '@beatroom/shared/studio-settings';
import {
  CHORUS_BASE_DELAY_S,
  CHORUS_DEPTH_S,
  CHORUS_RATE_HZ,
  GLIDE_S,
  REVERB_WIDTH_S,
  chorusWet,
  compressorRatio,
  delayWet,
  distortionParams,
  eqGainDb,
  gateThreshold,
  panPosition,
  reverbWet,
} from './chain-params';
import { clipperCurve, gateCurve, rectifierCurve } from './chain-curves';
import { chromaticScale, type Scale } from './pitch-correction';
import { createReverbImpulse } from './reverb-impulse';
import { PITCH_PROCESSOR_NAME, type PitchWorkletMessage } from './pitch-worklet-protocol';

/** The session data works as is: extra keys are ignored. micVolume (0..2) is the input gain. */
export type VocalChainSettings = StudioEffectSettings & { micVolume?: number };

export interface VocalChainOptions {
  /** True only once loadPitchWorklet(ctx) resolved true; otherwise no live pitch stage. */
  pitchWorklet?: boolean;
  /** The beat's scale (parseKeyScale(beat.key_signature)); chromatic by default. */
  scale?: Scale;
  /**
   * 'send': no reverb of its own; `reverbSend` carries the (mono) send for a reverb shared by
   * several chains (the timeline's mixdown convolves the sum of every track's send once).
   */
  reverb?: 'own' | 'send';
  /**
   * The timeline mixdown's chain, its settings fixed for one render: it stops after the chorus
   * (`output` is the mono `chorused`; the mixdown computes the echo, reverb send and pans itself),
   * and a path the settings silence (no distortion, no chorus) is left out. update() cannot
   * bring back what was left out.
   */
  forMixdown?: boolean;
}

export interface VocalChain {
  /** Connect the microphone (or a take's buffer source) here. Mono: stereo input is summed. */
  input: AudioNode;
  /** Stereo out: connect to ctx.destination, an analyser or a recorder. */
  output: AudioNode;
  /** With `reverb: 'send'`: the reverb's input, to route to the shared reverb. */
  reverbSend: AudioNode | null;
  /** The mono signal after the chorus: the offline mixdown computes what follows itself. */
  chorused: AudioNode;
  /**
   * Applies new slider values smoothly (no clicks); call on every change. `at` (audio time,
   * default now) schedules the glide, e.g. to change a mixdown part-way.
   */
  update(settings: VocalChainSettings, at?: number): void;
  /** Changes the key pitch correction snaps to. */
  setScale(scale: Scale): void;
  /** Disconnects every node and stops the chorus oscillator. */
  dispose(): void;
}

/** Builds the chain with `settings` applied immediately (no ramp: nothing is playing yet). */
export function buildVocalChain(
  ctx: BaseAudioContext,
  settings: VocalChainSettings,
  options: VocalChainOptions = {},
): VocalChain {
  const nodes: AudioNode[] = [];
  const track = <T extends AudioNode>(node: T): T => {
    nodes.push(node);
    return node;
  };
  // Factory methods rather than node constructors: they work on any context implementation
  // (node-web-audio-api in the tests has no DOM globals).
  const gain = (value: number) => {
    const node = track(ctx.createGain());
    node.gain.value = value;
    return node;
  };
  const shaper = (data: Float32Array<ArrayBuffer>, oversample: OverSampleType = 'none') => {
    const node = track(ctx.createWaveShaper());
    node.curve = data;
    node.oversample = oversample;
    return node;
  };
  const filter = (type: BiquadFilterType, frequency: number, q: number, dB = 0) => {
    const node = track(ctx.createBiquadFilter());
    node.type = type;
    node.frequency.value = frequency;
    node.Q.value = q;
    node.gain.value = dB;
    return node;
  };

  const mono = (node: GainNode) => {
    node.channelCount = 1;
    node.channelCountMode = 'explicit';
    return node;
  };
  const input = mono(gain(settings.micVolume ?? 1));

  let pitch: AudioWorkletNode | null = null;
  let scale = options.scale ?? chromaticScale();
  if (options.pitchWorklet) {
    pitch = track(
      new AudioWorkletNode(ctx, PITCH_PROCESSOR_NAME, {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        outputChannelCount: [1],
      }),
    );
    input.connect(pitch);
  }
  const preGate: AudioNode = pitch ?? input;

  // Gate: an envelope follower drives the gain of the signal path. Native nodes only, so it runs
  // in the offline mixdown and in Node tests exactly as live.
  const gateGain = gain(0);
  const rectifier = shaper(rectifierCurve());
  const envelope = filter('lowpass', 25, -3);
  const gateShaper = shaper(gateCurve(gateThreshold(settings.gate)));
  const gateSmoothing = filter('lowpass', 40, -3);
  preGate.connect(gateGain);
  preGate.connect(rectifier).connect(envelope).connect(gateShaper).connect(gateSmoothing);
  gateSmoothing.connect(gateGain.gain);

  // Shelf Q is ignored by the Web Audio shelves; peaking Q 1 is about 1.4 octaves wide.
  const eqLow = filter('lowshelf', STUDIO_AUDIO.EQ_LOW_HZ, 1, eqGainDb(settings.eqLow));
  const eqMid = filter('peaking', STUDIO_AUDIO.EQ_MID_HZ, 1, eqGainDb(settings.eqMid));
  const eqHigh = filter('highshelf', STUDIO_AUDIO.EQ_HIGH_HZ, 1, eqGainDb(settings.eqHigh));
  const compressor = track(ctx.createDynamicsCompressor());
  compressor.threshold.value = STUDIO_AUDIO.COMPRESSOR_THRESHOLD_DB;
  compressor.knee.value = STUDIO_AUDIO.COMPRESSOR_KNEE_DB;
  compressor.attack.value = STUDIO_AUDIO.COMPRESSOR_ATTACK_S;
  compressor.release.value = STUDIO_AUDIO.COMPRESSOR_RELEASE_S;
  compressor.ratio.value = compressorRatio(settings.compression);
  gateGain.connect(eqLow).connect(eqMid).connect(eqHigh).connect(compressor);

  const distortion = distortionParams(settings.distortion);
  const distortionDry = gain(1 - distortion.wet);
  const distorted = gain(1);
  // Chromium's compressor answers in stereo (two equal channels): back to mono, the same samples
  // for half the distortion's and the chorus's work.
  const compressed = mono(gain(1));
  compressor.connect(compressed).connect(distortionDry).connect(distorted);
  // In the mixdown, a path its fixed settings silence is not built (a native node costs its
  // share of the render whatever it adds): the same samples, and at the default settings (no
  // distortion, no chorus) half the chain's CPU.
  const fixed = options.forMixdown === true;
  const drive = fixed && distortion.wet === 0 ? null : gain(distortion.drive);
  const distortionWet = drive && gain(distortion.wet);
  if (drive && distortionWet)
    compressed.connect(drive).connect(shaper(clipperCurve(), '2x')).connect(distortionWet).connect(distorted);

  const chorused = gain(1);
  distorted.connect(chorused);
  const chorusLevel = fixed && chorusWet(settings.chorus) === 0 ? null : gain(chorusWet(settings.chorus));
  const chorusLfo = chorusLevel && ctx.createOscillator();
  if (chorusLevel && chorusLfo) {
    const chorusDelay = track(ctx.createDelay(0.05));
    chorusDelay.delayTime.value = CHORUS_BASE_DELAY_S;
    chorusLfo.frequency.value = CHORUS_RATE_HZ;
    nodes.push(chorusLfo);
    chorusLfo.connect(gain(CHORUS_DEPTH_S)).connect(chorusDelay.delayTime);
    chorusLfo.start();
    distorted.connect(chorusDelay).connect(chorusLevel).connect(chorused);
  }

  // What follows the chorus: the echo, the reverb (own or a send) and the pan.
  const afterChorus = () => {
    // Always stereo, so the pan below treats dry, echo and reverb alike with or without a
    // reverb here.
    const mix = gain(1);
    mix.channelCount = 2;
    mix.channelCountMode = 'explicit';
    chorused.connect(mix);
    const delaySend = gain(delayWet(settings.delayAmount));
    const delay = track(ctx.createDelay(STUDIO_AUDIO.DELAY_MAX_S));
    delay.delayTime.value = STUDIO_AUDIO.DELAY_DEFAULT_S;
    const feedback = gain(STUDIO_AUDIO.DELAY_FEEDBACK);
    chorused.connect(delaySend).connect(delay).connect(mix);
    delay.connect(feedback).connect(delay);
    const reverbSend = gain(reverbWet(settings.reverbAmount));
    chorused.connect(reverbSend);
    if (options.reverb !== 'send') {
      const reverb = track(ctx.createConvolver());
      reverb.buffer = createReverbImpulse(ctx);
      // A noise tail 17 ms apart from itself is uncorrelated: left = tail, right = delayed tail
      // gives a wide reverb from one convolution.
      const reverbWidth = track(ctx.createDelay(0.05));
      reverbWidth.delayTime.value = REVERB_WIDTH_S;
      const reverbStereo = track(ctx.createChannelMerger(2));
      reverbSend.connect(reverb);
      reverb.connect(reverbStereo, 0, 0);
      reverb.connect(reverbWidth).connect(reverbStereo, 0, 1);
      reverbStereo.connect(mix);
    }

    const panner = track(ctx.createStereoPanner());
    panner.pan.value = panPosition(settings.vocalPan);
    const output = gain(1);
    mix.connect(panner).connect(output);
    return { delaySend, reverbSend, panner, output };
  };
  // The timeline's mixdown computes what follows the chorus itself (chain-tail.ts).
  const after = fixed ? null : afterChorus();

  const post = (autoTune: number) => {
    const message: PitchWorkletMessage = { autoTune, scale };
    pitch?.port.postMessage(message);
  };
  post(settings.autoTune);
  let autoTune = settings.autoTune;
  let gate = settings.gate;

  // Linear ramps from the value the parameter has right now, rather than setTargetAtTime:
  // node-web-audio-api (the tests, the Node mixdown) mis-renders setTargetAtTime events that
  // start in the future, and a ramp restarted from `.value` stays continuous while a slider is
  // dragged (cancelAndHoldAtTime would be neater, but Firefox lacks it).
  let glideAt = 0;
  const glide = (param: AudioParam, value: number) => {
    param.cancelScheduledValues(glideAt);
    param.setValueAtTime(param.value, glideAt);
    param.linearRampToValueAtTime(value, glideAt + GLIDE_S);
  };

  return {
    input,
    output: after?.output ?? chorused,
    reverbSend: options.reverb === 'send' ? (after?.reverbSend ?? null) : null,
    chorused,
    update(next, at) {
      glideAt = Math.max(at ?? 0, ctx.currentTime);
      glide(input.gain, next.micVolume ?? 1);
      glide(eqLow.gain, eqGainDb(next.eqLow));
      glide(eqMid.gain, eqGainDb(next.eqMid));
      glide(eqHigh.gain, eqGainDb(next.eqHigh));
      glide(compressor.ratio, compressorRatio(next.compression));
      const d = distortionParams(next.distortion);
      glide(distortionDry.gain, 1 - d.wet);
      if (drive) glide(drive.gain, d.drive);
      if (distortionWet) glide(distortionWet.gain, d.wet);
      if (chorusLevel) glide(chorusLevel.gain, chorusWet(next.chorus));
      if (after) {
        glide(after.delaySend.gain, delayWet(next.delayAmount));
        glide(after.reverbSend.gain, reverbWet(next.reverbAmount));
        glide(after.panner.pan, panPosition(next.vocalPan));
      }
      // The gate's new curve acts on the envelope; the smoothing filter after it keeps the
      // gain change click-free.
      if (next.gate !== gate) {
        gate = next.gate;
        gateShaper.curve = gateCurve(gateThreshold(gate));
      }
      if (next.autoTune !== autoTune) {
        autoTune = next.autoTune;
        post(autoTune);
      }
    },
    setScale(next) {
      scale = next;
      post(autoTune);
    },
    dispose() {
      chorusLfo?.stop();
      for (const node of nodes) node.disconnect();
      pitch?.port.close();
    },
  };
}
