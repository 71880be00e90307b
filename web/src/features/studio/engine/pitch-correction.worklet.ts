// The AudioWorklet side of pitch correction: a thin processor around the pure correctPitch, so
// the live monitor runs exactly the algorithm the tests and the offline mixdown use. Loaded by
// pitch-worklet.ts (Vite bundles this file and its imports as one module for addModule).
import {
  autoTuneParams,
  chromaticScale,
  correctPitch,
  createPitchState,
  type Scale,
} from './pitch-correction';
import { PITCH_PROCESSOR_NAME, type PitchWorkletMessage } from './pitch-worklet-protocol';

// The AudioWorkletGlobalScope is not in TypeScript's DOM lib; these are the parts we use.
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

class PitchCorrectionProcessor extends AudioWorkletProcessor {
  private state = createPitchState(sampleRate);
  private strength = 0;
  private retuneS = 0.2;
  private scale: Scale = chromaticScale();
  private out = new Float32Array(128);
  private silence = new Float32Array(128);

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<PitchWorkletMessage>) => {
      const { autoTune, scale } = event.data;
      ({ strength: this.strength, retuneS: this.retuneS } = autoTuneParams(autoTune));
      if (scale) this.scale = scale;
    };
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    const output = outputs[0]?.[0];
    if (!output) return true;
    // No input connected yet: keep feeding silence so the state stays continuous.
    if (!input && this.silence.length !== output.length) this.silence = new Float32Array(output.length);
    const block = input ?? this.silence;
    if (this.out.length !== block.length) this.out = new Float32Array(block.length);
    correctPitch(
      block,
      this.state,
      { strength: this.strength, retuneS: this.retuneS, scale: this.scale, sampleRate },
      this.out,
    );
    output.set(this.out);
    for (let channel = 1; channel < (outputs[0]?.length ?? 0); channel++) outputs[0]![channel]!.set(this.out);
    return true;
  }
}

registerProcessor(PITCH_PROCESSOR_NAME, PitchCorrectionProcessor);
