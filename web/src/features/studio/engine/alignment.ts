// Take alignment ("a take that drifts against the beat is a broken studio"). What the
// vocalist hears left the audio clock `outputS` earlier, and what the microphone picks up reaches
// the recorder `inputS` later, so a raw take sits late against the beat by their sum. The engine
// measures both from the platform and, better, from a loopback click through the real speaker and
// microphone, and places the take on the beat timeline accordingly.
import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';
import { clickSamples } from './clicks';

export interface Latencies {
  /** ctx.baseLatency + ctx.outputLatency: audio clock → speaker. */
  outputS: number;
  /** MediaStreamTrack settings latency: microphone → recorder (0 when the browser does not say). */
  inputS: number;
  /** Measured speaker → microphone → recorder round trip; replaces outputS + inputS when set. */
  loopbackS?: number;
}

interface LatencySources {
  baseLatency?: number;
  outputLatency?: number;
}
interface TrackLike {
  getSettings(): { latency?: number } | MediaTrackSettings;
}

/** Reads the platform's latency figures (call after the context is running). */
export function measureLatencies(
  ctx: LatencySources,
  track?: TrackLike | null,
  loopbackS?: number,
): Latencies {
  const finite = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  const settings = (track?.getSettings() ?? {}) as { latency?: number };
  return {
    outputS: finite(ctx.baseLatency) + finite(ctx.outputLatency),
    inputS: finite(settings.latency),
    ...(loopbackS !== undefined ? { loopbackS } : {}),
  };
}

/** Total delay between scheduling a sound and finding it in a recording. */
export function roundTripS(latencies: Latencies): number {
  return latencies.loopbackS ?? latencies.outputS + latencies.inputS;
}

/**
 * Where sample 0 of a take belongs on the beat timeline, in seconds from the beat's start.
 * `takeStartTime` is the audio-clock time the recorder started (ctx.currentTime in its 'start'
 * event); `beatStartTime` the audio-clock time at which beat position 0 played (for
 * `source.start(when, offset)` that is when − offset). Negative: the take began before the
 * beat; the mixdown and playback skip that part.
 */
export function alignTake(
  { takeStartTime, beatStartTime }: { takeStartTime: number; beatStartTime: number },
  latencies: Latencies,
): number {
  return takeStartTime - beatStartTime - roundTripS(latencies);
}

/**
 * Finds the 800 Hz, 0.1 s click (clicks.ts) in a recording: a matched filter (I/Q demodulation
 * at 800 Hz summed over the click's length, a running sum so it costs O(n)) whose magnitude
 * peaks when the window covers the click exactly. Returns the sample index where the click
 * starts, or null when nothing stands clearly above the noise.
 */
export function detectClick(samples: Float32Array, sampleRate: number, fromSample = 0): number | null {
  const length = Math.round(STUDIO_AUDIO.METRONOME_SECONDS * sampleRate);
  const omega = (2 * Math.PI * STUDIO_AUDIO.METRONOME_HZ) / sampleRate;
  const n = samples.length;
  if (n - fromSample < length) return null;
  const inPhase = new Float64Array(n - fromSample);
  const quadrature = new Float64Array(n - fromSample);
  for (let i = fromSample; i < n; i++) {
    inPhase[i - fromSample] = samples[i]! * Math.cos(omega * i);
    quadrature[i - fromSample] = -samples[i]! * Math.sin(omega * i);
  }
  let sumI = 0;
  let sumQ = 0;
  let energy = 0;
  const magnitude = new Float64Array(inPhase.length);
  const coherence = new Float64Array(inPhase.length);
  for (let i = 0; i < inPhase.length; i++) {
    const x = samples[fromSample + i]!;
    sumI += inPhase[i]!;
    sumQ += quadrature[i]!;
    energy += x * x;
    if (i >= length) {
      const old = samples[fromSample + i - length]!;
      sumI -= inPhase[i - length]!;
      sumQ -= quadrature[i - length]!;
      energy -= old * old;
    }
    magnitude[i] = Math.hypot(sumI, sumQ);
    // 1/√2 for a pure 800 Hz tone filling the window, ~1/√length for noise.
    coherence[i] = energy > 1e-12 ? magnitude[i]! / Math.sqrt(length * energy) : 0;
  }
  let peakAt = -1;
  let peak = 0;
  for (let i = length - 1; i < magnitude.length; i++) {
    if (magnitude[i]! > peak) {
      peak = magnitude[i]!;
      peakAt = i;
    }
  }
  // Nothing there (silence), or not a tone (noise, speech): no click.
  if (peakAt < 0 || peak < 1e-4 * length || coherence[peakAt]! < 0.25) return null;
  // The long window only locates the click to a few ms: a room reflection arriving inside it
  // pulls the peak. The onset is timed on the rising edge of a short (2.5 ms) window instead,
  // biased exactly as the same procedure is on the clean template.
  const coarse = peakAt - (length - 1);
  return risingEdge(samples, sampleRate, fromSample + coarse) - edgeBias(sampleRate);
}

const EDGE_WINDOW_S = 0.0025;
const EDGE_SEARCH_S = 0.01;
const EDGE_THRESHOLD = 0.3;

/** Short-window 800 Hz magnitude, first crossing of 30 % of its maximum near `around`. */
function risingEdge(samples: Float32Array, sampleRate: number, around: number): number {
  const window = Math.round(EDGE_WINDOW_S * sampleRate);
  const search = Math.round(EDGE_SEARCH_S * sampleRate);
  const from = Math.max(0, around - search - window);
  const to = Math.min(samples.length, around + search + window);
  const omega = (2 * Math.PI * STUDIO_AUDIO.METRONOME_HZ) / sampleRate;
  const magnitude = new Float64Array(to - from);
  let sumI = 0;
  let sumQ = 0;
  for (let i = from; i < to; i++) {
    sumI += samples[i]! * Math.cos(omega * i);
    sumQ -= samples[i]! * Math.sin(omega * i);
    if (i - window >= from) {
      sumI -= samples[i - window]! * Math.cos(omega * (i - window));
      sumQ += samples[i - window]! * Math.sin(omega * (i - window));
    }
    magnitude[i - from] = Math.hypot(sumI, sumQ);
  }
  const max = Math.max(...magnitude);
  const crossing = magnitude.findIndex((value) => value >= EDGE_THRESHOLD * max);
  return from + Math.max(0, crossing);
}

const edgeBiases = new Map<number, number>();

/** Where risingEdge puts the clean click that starts at sample 0 (a constant per rate). */
function edgeBias(sampleRate: number): number {
  let bias = edgeBiases.get(sampleRate);
  if (bias === undefined) {
    const search = Math.round((EDGE_SEARCH_S + EDGE_WINDOW_S) * sampleRate);
    const padded = new Float32Array(search + Math.round(0.2 * sampleRate));
    padded.set(clickSamples(sampleRate), search);
    bias = risingEdge(padded, sampleRate, search) - search;
    edgeBiases.set(sampleRate, bias);
  }
  return bias;
}

/**
 * The loopback round trip from a calibration recording: the recorder started at audio time
 * `takeStartTime`, a click was scheduled at `clickAt` (scheduleClick), and `recorded` is the
 * decoded recording. Null when the click was not heard (muted speakers, headphones) or the
 * figure is implausible; keep the platform figures then.
 */
export function measureLoopback({
  recorded,
  sampleRate,
  takeStartTime,
  clickAt,
}: {
  recorded: Float32Array;
  sampleRate: number;
  takeStartTime: number;
  clickAt: number;
}): number | null {
  const from = Math.max(0, Math.floor((clickAt - takeStartTime) * sampleRate));
  const found = detectClick(recorded, sampleRate, from);
  if (found === null) return null;
  const roundTrip = takeStartTime + found / sampleRate - clickAt;
  return roundTrip >= 0 && roundTrip < 1 ? roundTrip : null;
}
