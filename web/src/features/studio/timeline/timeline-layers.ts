import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useArrangementStore } from '../store/arrangement-store';
import { drawLiveTake, type TileLayout, type TimelineColors } from './timeline-draw';
import { HEADER_WIDTH, LANE_HEIGHT } from './timeline-geometry';
import { packPeaks, tilePalette } from './timeline-pixels';
import { PlayheadMover } from './timeline-playhead';
import {
  MainThreadPainter,
  prepareTileWorker,
  tileWorkerAvailable,
  WorkerPainter,
  type TilePainter,
  type TileScene,
} from './timeline-tile-painter';
import { TimelineTiles } from './timeline-tiles';

type Peaks = ReadonlyArray<readonly [number, number]>;

/** What the timeline shows, as its panel has it: the tiles' layout and the store's peaks. */
export type TimelineScene = Omit<TileLayout, 'colors' | 'palette'> & {
  /** Each take's waveform by take id. */
  peaks: Readonly<Record<string, Peaks>>;
  beatPeaks: Peaks | null;
};

/** The elements the timeline draws into, all inside its scrolled content. */
export interface TimelineLayerRefs {
  /** The scrolling box: what is on screen is what gets drawn. */
  scroller: RefObject<HTMLDivElement | null>;
  /** Holds the waveform tiles, its left edge at 0 s. */
  tiles: RefObject<HTMLDivElement | null>;
  /** The playhead: a thin element moved by transform only. */
  playhead: RefObject<HTMLDivElement | null>;
  /** The take being recorded: one lane high, a screen wide. */
  live: RefObject<HTMLCanvasElement | null>;
}

interface TimelineLayersOptions {
  scene: TimelineScene;
  /** Timeline pixels in all (from 0 s to the end of the scroll area). */
  total: number;
  /** The store's playhead: shown while the transport is stopped. */
  playhead: number;
  /** The transport's position on the beat's timeline while playing or recording, else null. */
  position: () => number | null;
  refs: TimelineLayerRefs;
}

/** How often (ms) the running transport's position is checked against the playhead's animation. */
const FOLLOW_MS = 100;

function cssColor(element: Element, variable: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(variable).trim() || fallback;
}

function themeColors(element: Element): TimelineColors {
  const accent = cssColor(element, '--app-accent', '#8b5cf6');
  return {
    grid: 'rgba(127,127,127,0.15)',
    bar: 'rgba(127,127,127,0.4)',
    wave: cssColor(element, '--app-muted', '#a3a1b5'),
    accent,
    text: cssColor(element, '--app-fg', '#f5f5f7'),
    clip: accent,
  };
}

/**
 * Draws the timeline in layers that a frame touches as little as it can:
 * - the waveforms, grid and markers as tiles drawn once per zoom and edit (TimelineTiles), in the
 *   tile worker where there is one, which scrolling and the page-by-page following of the
 *   playhead only move;
 * - the playhead, a 2 px element whose transform the compositor animates while the transport
 *   runs (PlayheadMover: the page lays out, paints and commits nothing for it per frame);
 * - the take being recorded, a lane-high canvas redrawn when it grows.
 * Frames are asked for only while a take records, tiles wait to be drawn, or after a change or
 * a scroll; the running transport is followed by a timer (see `follow`). An idle timeline costs
 * nothing. Answers the function that asks for a frame (after a scroll).
 */
export function useTimelineLayers({ scene, total, playhead, position, refs }: TimelineLayersOptions) {
  useState(prepareTileWorker);
  // Read by the frame loop through refs: nothing here re-renders React per frame.
  const current = useRef({ scene, total, playhead });
  current.current = { scene, total, playhead };
  const loop = useRef({ request: () => undefined as void, invalidate: () => undefined as void });

  const { arrangement, rows, slices, peaks, preview, pxPerSecond, height, bpm, beatDuration, beatPeaks } =
    scene;
  useLayoutEffect(
    () => loop.current.invalidate(),
    [arrangement, rows, slices, peaks, preview, pxPerSecond, height, bpm, beatDuration, beatPeaks],
  );
  useLayoutEffect(() => loop.current.request(), [playhead, total]);

  // Set up before the browser paints, and the first tiles asked for at once rather than at the
  // next frame: the tile worker starts loading and drawing while the page lays out and paints
  // the rest of the studio. With the worker started as the timeline renders (prepareTileWorker),
  // the bench's first draw fell by 10–25 % (see docs/performance.md).
  useLayoutEffect(() => {
    const box = refs.scroller.current;
    const host = refs.tiles.current;
    const head = refs.playhead.current;
    const liveCanvas = refs.live.current;
    if (!box || !host || !head || !liveCanvas) return;
    let colors = themeColors(host);
    let palette = tilePalette(colors);
    const tileScene = (): TileScene => {
      const { peaks: takes, beatPeaks: beat, ...layout } = current.current.scene;
      return { layout: { ...layout, colors, palette }, takes, beat };
    };
    const onPage = (drawn: (index: number) => void) => new MainThreadPainter(tileScene, drawn);
    const inWorker = (drawn: (index: number) => void): TilePainter =>
      new WorkerPainter(tileScene, drawn, (error) => {
        // The tiles are drawn on the page instead: slower frames, but a timeline.
        console.error(error);
        tiles.replacePainter(onPage);
        schedule();
      });
    const tiles = new TimelineTiles(host, tileWorkerAvailable() ? inWorker : onPage);
    const mover = new PlayheadMover(head);
    let frame = 0;
    let liveDrawn = '';
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw);
    };

    // While the transport runs: keeps the playhead's animation on the transport's clock and turns
    // the page when the playhead nears the right edge (the next page's tiles are drawn ahead).
    // A timer, ten times a second or when the edge is due, not a frame callback: between two
    // checks the compositor moves the playhead alone and the main thread has nothing to do.
    let following = 0;
    const follow = () => {
      following = 0;
      const now = position();
      if (now === null) return schedule();
      const { scene: s, total: timelineWidth } = current.current;
      const width = Math.max(1, box.clientWidth - HEADER_WIDTH);
      const x = now * s.pxPerSecond;
      if (x < box.scrollLeft || x > box.scrollLeft + width * 0.9)
        box.scrollLeft = Math.max(0, x - width * 0.1);
      mover.follow(now, s.pxPerSecond, timelineWidth / s.pxPerSecond);
      // Past the edge still: the box is scrolled to its end, and the playhead plays on to it.
      const edgeInMs = ((box.scrollLeft + width * 0.9 - x) / s.pxPerSecond) * 1000;
      following = window.setTimeout(follow, edgeInMs > 0 ? Math.min(FOLLOW_MS, edgeInMs) : FOLLOW_MS);
    };

    const drawLive = (left: number, width: number): boolean => {
      const live = useArrangementStore.getState().live;
      const { scene: s } = current.current;
      const row = live && s.rows.find((r) => r.trackId === live.trackId);
      const key = live && row ? `${live.peaks.length}:${left}:${width}:${s.pxPerSecond}:${row.top}` : '';
      if (key === liveDrawn) return live !== null;
      liveDrawn = key;
      liveCanvas.hidden = key === '';
      if (!live || !row) return live !== null;
      const ratio = window.devicePixelRatio || 1;
      if (liveCanvas.width !== Math.round(width * ratio)) {
        liveCanvas.width = Math.round(width * ratio);
        liveCanvas.height = Math.round(LANE_HEIGHT * ratio);
        liveCanvas.style.width = `${width}px`;
        liveCanvas.style.height = `${LANE_HEIGHT}px`;
      }
      liveCanvas.style.transform = `translate3d(${left}px,${row.top + live.lane * LANE_HEIGHT}px,0)`;
      const ctx = liveCanvas.getContext('2d');
      if (ctx)
        drawLiveTake(
          ctx,
          { start: live.start, peaks: packPeaks(live.peaks) },
          { fromSeconds: left / s.pxPerSecond, width },
          s.pxPerSecond,
          palette,
          ratio,
        );
      return true;
    };

    const draw = () => {
      frame = 0;
      const { scene: s, total: timelineWidth, playhead: stopped } = current.current;
      if (position() === null) mover.place(stopped, s.pxPerSecond);
      else if (following === 0) follow();
      const width = Math.max(1, box.clientWidth - HEADER_WIDTH);
      const left = box.scrollLeft;
      const waiting = tiles.update({
        left,
        width,
        total: timelineWidth,
        height: s.height,
        ratio: window.devicePixelRatio || 1,
      });
      if (drawLive(left, width) || waiting) schedule();
    };

    loop.current = {
      request: schedule,
      invalidate: () => {
        colors = themeColors(host);
        palette = tilePalette(colors);
        tiles.invalidate();
        liveDrawn = '';
        // A zoom while the transport runs: the playhead's animation starts again at once.
        if (following !== 0) {
          window.clearTimeout(following);
          follow();
        }
        schedule();
      },
    };
    // Playback or recording starting elsewhere on the page is noticed within a quarter second.
    // Once the playhead is followed, playback asks for no frame of its own: the follow timer
    // keeps it (a frame here 4 times a second was ~1.7 ms of main thread at 4× throttling).
    const watch = window.setInterval(() => {
      if ((position() !== null && following === 0) || useArrangementStore.getState().live) schedule();
    }, 250);
    window.addEventListener('resize', schedule);
    draw();
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(following);
      window.clearInterval(watch);
      window.removeEventListener('resize', schedule);
      loop.current = { request: () => undefined, invalidate: () => undefined };
      tiles.dispose();
      mover.stop();
    };
  }, [position, refs]);

  return useCallback(() => loop.current.request(), []);
}
