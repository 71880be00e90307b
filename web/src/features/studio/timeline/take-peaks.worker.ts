// The take's waveform off the main thread (see take-peaks.ts).
import { computePeaks } from './take-peaks';

self.onmessage = (event: MessageEvent<{ samples: Float32Array; sampleRate: number }>) => {
  self.postMessage(computePeaks(event.data.samples, event.data.sampleRate));
};
