// Sizes and time ↔ pixel arithmetic of the timeline, shared by its canvas and its DOM clips so
// the drawn waveform and the focusable clip over it always line up.

export const RULER_HEIGHT = 24;
export const BEAT_LANE_HEIGHT = 56;
export const LANE_HEIGHT = 48;
export const HEADER_WIDTH = 208;
export const MIN_PX_PER_SECOND = 4;
export const MAX_PX_PER_SECOND = 400;
export const DEFAULT_PX_PER_SECOND = 40;
/**
 * Width (CSS px) of one drawn tile of the timeline. Small enough that a new tile coming into
 * view is a short draw and that its canvas stays far below any texture size limit at any zoom
 * or pixel ratio; wide enough that a screen is a handful of them.
 */
export const TILE_WIDTH = 512;
/** Bar numbers are at least this far apart (px); a number can reach this far past its line. */
export const BAR_LABEL_PX = 40;
/** Pointer distance from a clip's edge (px) that trims rather than moves. */
export const TRIM_HANDLE_PX = 8;

export function clampZoom(pxPerSecond: number): number {
  return Math.min(MAX_PX_PER_SECOND, Math.max(MIN_PX_PER_SECOND, pxPerSecond));
}

/** Lanes a track shows: one more than its highest used lane, at least one. */
export function laneCount(lanes: readonly number[]): number {
  return lanes.length === 0 ? 1 : Math.max(...lanes) + 1;
}

/** Bar and beat lines in [from, to) seconds: bars are labelled 1, 2, 3… */
export function gridLines(
  from: number,
  to: number,
  bpm: number,
  pxPerSecond: number,
): { time: number; bar: number | null }[] {
  const beat = 60 / bpm;
  // Beat lines only when they are at least 6 px apart; bar labels thinned to BAR_LABEL_PX.
  const showBeats = beat * pxPerSecond >= 6;
  const barEvery = Math.max(1, Math.ceil(BAR_LABEL_PX / (beat * 4 * pxPerSecond)));
  const lines: { time: number; bar: number | null }[] = [];
  for (let n = Math.max(0, Math.floor(from / beat)); n * beat < to; n++) {
    const isBar = n % 4 === 0;
    if (!isBar && !showBeats) continue;
    const bar = n / 4;
    lines.push({ time: n * beat, bar: isBar && bar % barEvery === 0 ? bar + 1 : null });
  }
  return lines;
}
