import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useArrangementStore } from '../store/arrangement-store';
import { drawTimeline, type TimelineView } from '../timeline/timeline-draw';
import { HEADER_WIDTH } from '../timeline/timeline-geometry';

/** What the canvas draws of the screen's state; the loop reads the transport and live take itself. */
export type TimelineScene = Pick<
  TimelineView,
  | 'arrangement'
  | 'rows'
  | 'slices'
  | 'peaks'
  | 'preview'
  | 'selectedClipId'
  | 'playhead'
  | 'pxPerSecond'
  | 'height'
>;

interface TimelineCanvasOptions {
  scene: TimelineScene;
  canvas: RefObject<HTMLCanvasElement | null>;
  /** The scrolling box the canvas sits in: the visible part is what gets drawn. */
  scroller: RefObject<HTMLDivElement | null>;
  bpm: number;
  beatDuration: number;
  beatPeaks: TimelineView['beatPeaks'];
  /** The transport's position on the beat's timeline while playing or recording, else null. */
  position: () => number | null;
}

function cssColor(element: Element, variable: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(variable).trim() || fallback;
}

/**
 * Draws the timeline's visible part on the canvas, and keeps the playhead on screen while the
 * transport runs. Answers the function that asks for a redraw (after a scroll).
 */
export function useTimelineCanvas({
  scene,
  canvas,
  scroller,
  bpm,
  beatDuration,
  beatPeaks,
  position,
}: TimelineCanvasOptions): () => void {
  const livePlayhead = useRef<number | null>(null);
  const liveLength = useRef(-1);
  // Everything the canvas draws, read by the frame loop through a ref (no re-render per frame).
  const view = useRef(scene);
  view.current = scene;
  const dirty = useRef(true);
  // Frames are asked for only when something changed, or while the transport runs or a take
  // records (then every frame): an idle timeline costs nothing.
  const requestDraw = useRef(() => undefined as void);
  useLayoutEffect(() => {
    dirty.current = true;
    requestDraw.current();
  });

  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw);
    };
    requestDraw.current = () => {
      dirty.current = true;
      schedule();
    };
    // Playback or recording starting elsewhere on the page is noticed within a quarter second.
    const watch = window.setInterval(() => {
      if (position() !== null || useArrangementStore.getState().live) schedule();
    }, 250);
    const draw = () => {
      frame = 0;
      const running = position() !== null || useArrangementStore.getState().live !== null;
      if (running) schedule();
      const element = canvas.current;
      const box = scroller.current;
      if (!element || !box) return;
      const now = position();
      if (now !== null && now !== livePlayhead.current) {
        livePlayhead.current = now;
        dirty.current = true;
        // Follow the transport: keep the playhead on screen.
        const x = now * view.current.pxPerSecond;
        const visible = box.clientWidth - HEADER_WIDTH;
        if (x < box.scrollLeft || x > box.scrollLeft + visible * 0.9)
          box.scrollLeft = Math.max(0, x - visible * 0.1);
      } else if (now === null && livePlayhead.current !== null) {
        livePlayhead.current = null;
        dirty.current = true;
      }
      const live = useArrangementStore.getState().live;
      if (live && live.peaks.length !== liveLength.current) dirty.current = true;
      liveLength.current = live?.peaks.length ?? -1;
      if (!dirty.current) return;
      dirty.current = false;
      const width = Math.max(1, box.clientWidth - HEADER_WIDTH);
      const ratio = window.devicePixelRatio || 1;
      const v = view.current;
      if (element.width !== Math.round(width * ratio) || element.height !== Math.round(v.height * ratio)) {
        element.width = Math.round(width * ratio);
        element.height = Math.round(v.height * ratio);
        element.style.width = `${width}px`;
        element.style.height = `${v.height}px`;
      }
      element.style.left = `${HEADER_WIDTH + box.scrollLeft}px`;
      const ctx = element.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawTimeline(ctx, {
        width,
        height: v.height,
        fromSeconds: box.scrollLeft / v.pxPerSecond,
        pxPerSecond: v.pxPerSecond,
        bpm,
        arrangement: v.arrangement,
        rows: v.rows,
        slices: v.slices,
        peaks: v.peaks,
        beatPeaks,
        beatDuration,
        playhead: livePlayhead.current ?? v.playhead,
        preview: v.preview,
        selectedClipId: v.selectedClipId,
        live,
        colors: {
          grid: 'rgba(127,127,127,0.15)',
          bar: 'rgba(127,127,127,0.4)',
          wave: cssColor(element, '--app-muted', '#a3a1b5'),
          accent: cssColor(element, '--app-accent', '#8b5cf6'),
          text: cssColor(element, '--app-fg', '#f5f5f7'),
          clip: cssColor(element, '--app-accent', '#8b5cf6'),
        },
      });
    };
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      window.clearInterval(watch);
      requestDraw.current = () => undefined;
    };
  }, [beatDuration, beatPeaks, bpm, position, canvas, scroller]);

  return useCallback(() => requestDraw.current(), []);
}
