// The timeline's grid and markers: where snapping puts a time at a tempo, the snap setting, and
// the loop and punch ranges. Edits here are pure like the clip edits (studio-arrangement-clips.ts):
// a new arrangement, the input unchanged.
import type { Arrangement, Snap } from './studio-arrangement';

const BEATS_PER_BAR = 4;

/** Length of one snap step in seconds at this tempo; 0 when snapping is off. */
export function snapStepSeconds(snap: Snap, bpm: number): number {
  const beat = 60 / (bpm > 0 ? bpm : 120);
  switch (snap) {
    case 'off':
      return 0;
    case 'bar':
      return beat * BEATS_PER_BAR;
    case 'beat':
      return beat;
    case '1/8':
      return beat / 2;
    case '1/16':
      return beat / 4;
  }
}

/** The time on the grid nearest to `seconds` (never before 0); itself when snapping is off. */
export function snapTime(seconds: number, snap: Snap, bpm: number): number {
  const step = snapStepSeconds(snap, bpm);
  const clamped = Math.max(0, seconds);
  if (step === 0) return clamped;
  return Math.round(clamped / step) * step;
}

/** Sets (or clears, with null) the loop or punch markers; a range must end after it starts. */
export function setRange(
  arrangement: Arrangement,
  which: 'loop' | 'punch',
  range: { start: number; end: number } | null,
): Arrangement {
  if (range && !(range.end > range.start && range.start >= 0)) return arrangement;
  return { ...arrangement, [which]: range };
}

export function setSnap(arrangement: Arrangement, snap: Snap): Arrangement {
  return arrangement.snap === snap ? arrangement : { ...arrangement, snap };
}
