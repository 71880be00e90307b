/// <reference lib="dom" />
// The mixdown bench's page: the studio's own export (createArrangementAudio's export, WAV 24-bit)
// of the bench arrangement in Chromium, with the takes kept as the studio keeps them and the beat
// as an AudioBuffer, so the bench can read the page's memory and CPU while it runs.
import { createArrangementAudio } from '../../web/src/features/studio/arrangement-audio';
import { chromaticScale } from '../../web/src/features/studio/engine/pitch-correction';
import { benchArrangement } from './arrangement';
import { BENCH_RATE, benchBeat, benchTake } from './bench-audio';

const params = new URLSearchParams(location.search);
const SECONDS = Number(params.get('seconds') ?? 180);
const TRACKS = 8;

async function prepare() {
  // The studio's context, suspended: the export renders offline and plays nothing.
  const ctx = new AudioContext({ sampleRate: BENCH_RATE });
  await ctx.suspend();
  const beat = benchBeat(ctx, SECONDS);
  const audio = createArrangementAudio({
    ctx,
    output: ctx.destination,
    beat: () => beat,
    beatVolume: () => 0.7,
    scale: chromaticScale(),
    pitchWorklet: async () => false,
  });
  const arrangement = benchArrangement(TRACKS, SECONDS);
  arrangement.takes.forEach((take, n) => audio.takes.set(take.id, benchTake(n, SECONDS)));
  return async () => {
    const started = performance.now();
    const file = await audio.export(arrangement, 'wav', () => {});
    return { wallS: (performance.now() - started) / 1000, bytes: file.size };
  };
}

let run: Awaited<ReturnType<typeof prepare>> | null = null;
const bench = {
  /** Builds the takes and the beat; the export starts with exportWav. */
  prepare: async () => void (run = await prepare()),
  exportWav: () => run!(),
};
(window as unknown as { mixdownBench: typeof bench }).mixdownBench = bench;
