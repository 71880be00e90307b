/// <reference lib="dom" />
// The timeline bench's page: the studio's TimelinePanel alone (the same component, store and
// canvas drawing as the studio) over the bench arrangement with waveforms for every take, a
// transport the bench starts and stops, and frame counting. Built by Vite, driven by Playwright.
import './timeline-page.css';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { useArrangementStore } from '../../web/src/features/studio/store/arrangement-store';
import { TAKE_PEAKS_PER_SECOND } from '../../web/src/features/studio/timeline/take-peaks';
import { HEADER_WIDTH, TILE_WIDTH } from '../../web/src/features/studio/timeline/timeline-geometry';
// The root project checks bench/ without JSX; the panel itself is checked with the web app.
// @ts-expect-error TS6142: a .tsx module imported from a project without --jsx
import { TimelinePanel } from '../../web/src/features/studio/timeline/timeline-panel';
import { benchArrangement } from './arrangement';

const params = new URLSearchParams(location.search);
const SECONDS = Number(params.get('seconds') ?? 180);
const TRACKS = 8;

/** A waveform's min/max pairs as the studio's peaks worker makes them (a wobbling envelope). */
function peaks(seconds: number, seed: number): [number, number][] {
  return Array.from({ length: Math.ceil(seconds * TAKE_PEAKS_PER_SECOND) }, (_, i) => {
    const level = 0.3 + 0.3 * Math.abs(Math.sin((i + seed * 37) / 23));
    return [-level, level];
  });
}

let startedAt: number | null = null;
const bench = {
  firstDrawMs: null as number | null,
  /** Shows the arrangement; answers its first draw, in ms (firstDrawMs). */
  start: () => start(),
  /** Starts the transport at 0 (the playhead then follows it as in playback). */
  play: () => void (startedAt = performance.now()),
  stop: () => void (startedAt = null),
  /** The scrolling box around the canvas. */
  scroller: () =>
    Array.from(document.querySelectorAll<HTMLElement>('div')).find(
      (el) => el.scrollWidth > el.clientWidth + 100,
    )!,
  /** Frame intervals (ms) over `ms`, calling `each` before every frame. */
  frames(ms: number, each: () => void = () => {}): Promise<number[]> {
    return new Promise((resolve) => {
      const intervals: number[] = [];
      let last = performance.now();
      const end = last + ms;
      const tick = (now: number) => {
        intervals.push(now - last);
        last = now;
        if (now >= end) return resolve(intervals);
        each();
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  },
};
(window as unknown as { bench: typeof bench }).bench = bench;

const arrangement = benchArrangement(TRACKS, SECONDS);
const store = useArrangementStore.getState();
// The bench's made-up waveforms are its fixture, not the studio's work: made before the clock
// starts (in the studio the peaks exist once the takes have loaded).
const takePeaks = arrangement.takes.map((take, n) => [take.id, peaks(SECONDS, n)] as const);
const beatPeaks = peaks(SECONDS, 99);

/**
 * The first draw: from the arrangement handed to the store to every tile on screen with its
 * pixels (the tiles mark their canvases once drawn, by the tile worker or on the page). The bench
 * calls it once the page has loaded and Playwright's own script is in the page (~100 ms of the
 * page's main thread the first time it evaluates anything), and waits for the answer rather
 * than polling the page (each poll is a script of its own), so none of it lands in the window. The
 * fixture's garbage is collected first: a collection of its young pairs (~180 ms) would too.
 * Pixels are not read back: a read makes Chromium keep the canvas in memory, which would slow
 * every later frame.
 */
function start(): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const started = performance.now();
  store.load(arrangement);
  for (const [takeId, pairs] of takePeaks) store.setPeaks(takeId, pairs);
  createRoot(document.getElementById('root')!).render(
    createElement(TimelinePanel, {
      bpm: 100,
      beatDuration: SECONDS,
      beatPeaks,
      position: () => (startedAt === null ? null : (performance.now() - startedAt) / 1000),
    }),
  );
  // The scroll box is looked up until it exists, then kept: the lookup reads every div's size.
  let scroller: HTMLElement | undefined;
  return new Promise((resolve) => {
    const drawn = () => {
      scroller ??= bench.scroller();
      const onScreen = scroller ? Math.ceil((scroller.clientWidth - HEADER_WIDTH) / TILE_WIDTH) : 1;
      if (document.querySelectorAll('canvas[data-tile][data-drawn]').length < onScreen)
        return void requestAnimationFrame(drawn);
      bench.firstDrawMs = performance.now() - started;
      resolve(bench.firstDrawMs);
    };
    requestAnimationFrame(drawn);
  });
}
