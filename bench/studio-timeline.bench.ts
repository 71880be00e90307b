import { cpus, loadavg } from 'node:os';
import { OfflineAudioContext } from 'node-web-audio-api';
import { compRegion } from '../shared/src/studio-arrangement-tracks';
import { commit, startHistory, trackSlices, undo } from '../shared/src/studio-arrangement-playback';
import { mixArrangement, mixdownLength } from '../web/src/features/studio/engine/arrangement-mixdown';
import type { CompactTake } from '../web/src/features/studio/engine/compact-take';
import { wavWriter } from '../web/src/features/studio/engine/mixdown';
import { mainThreadCpuMicros } from './process-cpu';
import { benchArrangement } from './studio-timeline/arrangement';
import { BENCH_RATE, benchBeat, benchTake } from './studio-timeline/bench-audio';

/**
 * The studio timeline, under node-web-audio-api's OfflineAudioContext:
 * 1. Offline mixdown of a 3-minute beat and 8 tracks of 3-minute takes (two comped lanes each)
 *    with every effect on (pitch correction included) through each track's chain, streamed into
 *    the 24-bit WAV as the export does it: speed as a multiple of real time per core (goal ≥ 15×)
 *    and the process's peak memory, the takes kept as the studio keeps them (16-bit) included
 *    (goal for the page < 600 MB).
 * 2. The timeline's pure engine on that arrangement: comp resolution of every track (what each
 *    redraw and playback ask) and 200 edits with undo.
 * 3. In Chromium (the timeline alone on a page built from the studio's own component): the
 *    first draw of that arrangement (goal < 500 ms), redraws while scrolling, and dropped frames
 *    in 30 s of playback at 4× CPU throttling.
 * 4. The export of part 1 in Chromium, through the studio's own export code on a page: the
 *    page's peak memory (its renderer process's resident set, goal < 600 MB) and CPU.
 * 5. A continuous recording through the studio's recorder (Chromium's fake microphone playing
 *    a click every half second, the loopback): drift of the take against the clicks' grid, and
 *    gaps. 10 minutes by default (STUDIO_TIMELINE_RECORD_SECONDS): the fake microphone runs in
 *    real time, so this part takes as long as it records.
 * Figures only. STUDIO_TIMELINE_SECONDS shortens the takes and beat (default 180);
 * STUDIO_TIMELINE_PARTS picks parts (e.g. "mixdown,engine", "timeline", "recording";
 * "mixdown-page" is part 4 alone).
 */
const RATE = BENCH_RATE;
const SECONDS = Number(process.env.STUDIO_TIMELINE_SECONDS ?? 180);
const TRACKS = 8;
const RECORD_SECONDS = Number(process.env.STUDIO_TIMELINE_RECORD_SECONDS ?? 600);
const PARTS = process.env.STUDIO_TIMELINE_PARTS?.split(',');
const wanted = (part: string) => !PARTS || PARTS.includes(part);
const Offline = OfflineAudioContext as unknown as new (
  channels: number,
  length: number,
  sampleRate: number,
) => globalThis.OfflineAudioContext;

const arrangement = () => benchArrangement(TRACKS, SECONDS);

async function mixdown() {
  // Node, tsx and this bench's modules (Vite and Playwright among them) before any audio exists.
  const rssBefore = process.memoryUsage().rss;
  const scratch = new Offline(1, 1, RATE);
  const a = arrangement();
  const takes = new Map<string, CompactTake>();
  for (const t of a.takes) takes.set(t.id, benchTake(takes.size, SECONDS));
  const input = {
    beat: benchBeat(scratch as never, SECONDS),
    beatVolume: 0.7,
    arrangement: a,
    takes,
    sampleRate: RATE,
    OfflineContext: Offline as never,
    stretchS: process.env.STUDIO_TIMELINE_STRETCH_S
      ? Number(process.env.STUDIO_TIMELINE_STRETCH_S)
      : undefined,
  };
  let peakRss = process.memoryUsage().rss;
  const watch = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const startCpu = process.cpuUsage();
  const startMain = mainThreadCpuMicros(process.pid);
  const started = performance.now();
  const wav = wavWriter(2, RATE, mixdownLength(input), 24);
  await mixArrangement(input, (channels) => wav.write(channels));
  const bytes = wav.finish().byteLength;
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(startCpu);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const endMain = mainThreadCpuMicros(process.pid);
  const mainSeconds = startMain === null || endMain === null ? null : (endMain - startMain) / 1e6;
  clearInterval(watch);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  console.log(
    `mixdown: ${TRACKS} tracks × 2 lanes of ${SECONDS} s takes, every effect on, WAV 24-bit ${(bytes / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `  wall ${wall.toFixed(1)} s = ${(SECONDS / wall).toFixed(1)}× real time (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
  console.log(
    `  CPU ${cpuSeconds.toFixed(1)} s = ${(SECONDS / cpuSeconds).toFixed(1)}× real time per core (goal ≥ 15×)`,
  );
  // The script runs on the main thread, node-web-audio-api renders on threads of its own (V8's
  // helpers, the collector's among them, count with them).
  if (mainSeconds !== null)
    console.log(
      `    of which the main thread (the script) ${mainSeconds.toFixed(1)} s, the other threads (mostly the audio renders) ${(cpuSeconds - mainSeconds).toFixed(1)} s`,
    );
  console.log(
    `  peak RSS ${(peakRss / 1e6).toFixed(0)} MB, of which ${(rssBefore / 1e6).toFixed(0)} MB before the takes and the beat existed; ` +
      `takes (16-bit) ${(takeBytes(takes) / 1e6).toFixed(0)} MB + beat + mixdown ${((peakRss - rssBefore) / 1e6).toFixed(0)} MB (goal for the page < 600 MB)`,
  );
}

function takeBytes(takes: ReadonlyMap<string, CompactTake>): number {
  return [...takes.values()].reduce((sum, t) => sum + t.pcm.size, 0);
}

function engine() {
  const a = arrangement();
  let started = performance.now();
  const rounds = 200;
  for (let i = 0; i < rounds; i++) for (const track of a.tracks) trackSlices(a, track.id);
  const slicesMs = (performance.now() - started) / rounds;
  started = performance.now();
  let history = startHistory(a);
  for (let i = 0; i < 200; i++)
    history = commit(history, compRegion(history.present, 'track-1', i % 10, (i % 10) + 1, i % 2));
  for (let i = 0; i < 200; i++) history = undo(history);
  console.log(`engine: comp resolution of all ${TRACKS} tracks ${slicesMs.toFixed(3)} ms per redraw`);
  console.log(`  200 edits then 200 undos ${(performance.now() - started).toFixed(1)} ms`);
}

async function browser() {
  // Loaded only here: Vite and Playwright would otherwise sit in the mixdown's memory figure.
  const { buildPages, cleanUp, launchBrowser, servePages } =
    await import('./studio-timeline/browser-figures');
  const dir = await buildPages();
  const pages = await servePages(dir);
  const chromium = await launchBrowser(dir, wanted('recording') ? RECORD_SECONDS : 10);
  try {
    if (wanted('mixdown') || wanted('mixdown-page')) {
      const { mixdownPageMeasures } = await import('./studio-timeline/mixdown-measures');
      console.log(`mixdown in Chromium: the same arrangement through the studio's export on the page`);
      for (const line of await mixdownPageMeasures(chromium, pages.origin, SECONDS)) console.log(line);
      console.log(`  (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
    }
    const { recordingMeasures, timelineMeasures } =
      wanted('timeline') || wanted('recording')
        ? await import('./studio-timeline/browser-measures')
        : { recordingMeasures: null, timelineMeasures: null };
    if (timelineMeasures && wanted('timeline')) {
      console.log(`timeline in Chromium: ${TRACKS} tracks × 2 lanes of ${SECONDS} s takes`);
      for (const line of await timelineMeasures(chromium, pages.origin, SECONDS)) console.log(line);
      console.log(`  (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
    }
    if (recordingMeasures && wanted('recording')) {
      console.log('recording in Chromium: the studio recorder on a looped-back click track');
      for (const line of await recordingMeasures(chromium, pages.origin, RECORD_SECONDS)) console.log(line);
      console.log(`  (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
    }
  } finally {
    await chromium.close();
    pages.close();
    cleanUp(dir);
  }
}

if (wanted('engine')) engine();
if (wanted('mixdown')) await mixdown();
if (['mixdown', 'mixdown-page', 'timeline', 'recording'].some(wanted)) await browser();
