// A take's waveform: [min, max] pairs per slice of its samples. Computed in a worker (a 3-minute
// take is 8.6 M samples: the page keeps drawing meanwhile); in place where workers do not exist.

/** Peak pairs per second of audio: 4 px per pair at the timeline's closest zoom. */
export const TAKE_PEAKS_PER_SECOND = 100;

export type PeakPairs = [number, number][];

export function computePeaks(samples: Float32Array, sampleRate: number): PeakPairs {
  const per = Math.max(1, Math.round(sampleRate / TAKE_PEAKS_PER_SECOND));
  const peaks: PeakPairs = [];
  for (let start = 0; start < samples.length; start += per) {
    let min = 0;
    let max = 0;
    const end = Math.min(samples.length, start + per);
    for (let i = start; i < end; i++) {
      const v = samples[i]!;
      if (v < min) min = v;
      else if (v > max) max = v;
    }
    peaks.push([min, max]);
  }
  return peaks;
}

/** Peaks of the samples, computed off the main thread when the browser has workers. */
export function peaksInWorker(samples: Float32Array, sampleRate: number): Promise<PeakPairs> {
  if (typeof Worker === 'undefined') return Promise.resolve(computePeaks(samples, sampleRate));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./take-peaks.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PeakPairs>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The waveform worker failed'));
    };
    // A copy goes over, so the engine keeps its buffer.
    const copy = samples.slice();
    worker.postMessage({ samples: copy, sampleRate }, [copy.buffer]);
  });
}
