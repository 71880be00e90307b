import { useState, type RefObject } from 'react';
import { clampZoom, DEFAULT_PX_PER_SECOND, HEADER_WIDTH } from '../timeline/timeline-geometry';
import { editableTarget } from './use-undo-redo-keys';

/**
 * The timeline's zoom (pixels per second): the buttons, Ctrl + wheel or a pinch around the
 * pointer, and + / - on the timeline. The time under the pointer (or the left edge) stays put.
 */
export function useTimelineZoom(scroller: RefObject<HTMLDivElement | null>) {
  const [pxPerSecond, setPxPerSecond] = useState(DEFAULT_PX_PER_SECOND);

  const zoom = (factor: number, anchorX?: number) => {
    const box = scroller.current;
    const next = clampZoom(pxPerSecond * factor);
    if (box) {
      // Keep the time under the pointer (or the left edge) where it was.
      const x = anchorX ?? 0;
      const time = (box.scrollLeft + x) / pxPerSecond;
      requestAnimationFrame(() => {
        box.scrollLeft = Math.max(0, time * next - x);
      });
    }
    setPxPerSecond(next);
  };

  const onWheel = (event: React.WheelEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey) {
      // Pinch on a trackpad or Ctrl + wheel zooms around the pointer.
      const box = event.currentTarget.getBoundingClientRect();
      zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, Math.max(0, event.clientX - box.left - HEADER_WIDTH));
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (editableTarget(event.target)) return;
    if (event.key === '+' || event.key === '=') zoom(1.25);
    else if (event.key === '-') zoom(0.8);
  };

  return { pxPerSecond, zoom, onWheel, onKeyDown };
}
