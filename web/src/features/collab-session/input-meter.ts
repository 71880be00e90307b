/** The microphone's level while a take records: what its live waveform is drawn from. */
export interface InputMeter {
  /** The peak (0 to 1) of the last few milliseconds of input. */
  level(): number;
  close(): void;
}

/**
 * An analyser on the microphone, connected to nothing audible: reading it copies 1024 samples,
 * which the page does twenty times a second while recording.
 */
export function createInputMeter(context: AudioContext, stream: MediaStream): InputMeter {
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  return {
    level() {
      analyser.getFloatTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
      return Math.min(1, peak);
    },
    close() {
      source.disconnect();
      analyser.disconnect();
    },
  };
}
