// Draws the visible part of the timeline on one canvas: the grid, the beat's waveform, every
// clip's waveform from its take's peaks (the lane the comp plays bright, the others dim), the
// loop and punch markers and the playhead. Only what is on screen is drawn, so a 3-minute,
// 8-track arrangement redraws in a frame while scrolling or playing.
import type { Arrangement, ArrangementClip } from '@beatroom/shared/studio-arrangement';
import type { PlaybackSlice } from '@beatroom/shared/studio-arrangement-playback';
import { TAKE_PEAKS_PER_SECOND } from './take-peaks';
import { BEAT_LANE_HEIGHT, gridLines, LANE_HEIGHT, RULER_HEIGHT } from './timeline-geometry';

type Peaks = ReadonlyArray<readonly [number, number]>;

export interface TimelineRowLayout {
  trackId: string;
  /** Top of the track's first lane, below the ruler and beat lane, in canvas pixels. */
  top: number;
  lanes: number;
}

export interface TimelineView {
  width: number;
  height: number;
  /** Timeline second at the canvas's left edge. */
  fromSeconds: number;
  pxPerSecond: number;
  bpm: number;
  arrangement: Arrangement;
  rows: TimelineRowLayout[];
  slices: Record<string, PlaybackSlice[]>;
  peaks: Record<string, Peaks>;
  beatPeaks: Peaks | null;
  beatDuration: number;
  playhead: number;
  /** A clip being dragged is drawn where it would land. */
  preview: ArrangementClip | null;
  selectedClipId: string | null;
  /** The take being recorded, drawn from the input as it grows. */
  live: { trackId: string; lane: number; start: number; peaks: Peaks } | null;
  colors: { grid: string; bar: string; wave: string; accent: string; text: string; clip: string };
}

/** Draws peaks spread over [x, x + w) as mirrored bars around the middle of [y, y + h). */
function drawPeaks(
  ctx: CanvasRenderingContext2D,
  peaks: Peaks,
  firstPeak: number,
  peaksPerPx: number,
  x0: number,
  x1: number,
  y: number,
  h: number,
) {
  const mid = y + h / 2;
  ctx.beginPath();
  for (let x = Math.max(0, Math.floor(x0)); x < x1; x++) {
    const from = Math.floor(firstPeak + (x - x0) * peaksPerPx);
    const to = Math.max(from + 1, Math.floor(firstPeak + (x + 1 - x0) * peaksPerPx));
    let min = 0;
    let max = 0;
    for (let i = Math.max(0, from); i < to && i < peaks.length; i++) {
      const [lo, hi] = peaks[i]!;
      if (lo < min) min = lo;
      if (hi > max) max = hi;
    }
    if (max - min <= 0) continue;
    ctx.rect(x, mid - (max * h) / 2, 1, Math.max(1, ((max - min) * h) / 2));
  }
  ctx.fill();
}

export function drawTimeline(ctx: CanvasRenderingContext2D, view: TimelineView): void {
  const { width, height, fromSeconds, pxPerSecond, colors } = view;
  const toX = (seconds: number) => (seconds - fromSeconds) * pxPerSecond;
  const toSeconds = fromSeconds + width / pxPerSecond;
  ctx.clearRect(0, 0, width, height);

  // Grid and ruler.
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  for (const line of gridLines(fromSeconds, toSeconds, view.bpm, pxPerSecond)) {
    const x = Math.round(toX(line.time)) + 0.5;
    ctx.fillStyle = line.bar !== null || line.time % ((60 / view.bpm) * 4) < 1e-6 ? colors.bar : colors.grid;
    ctx.fillRect(x, RULER_HEIGHT - (line.bar !== null ? 10 : 5), 1, height);
    if (line.bar !== null) {
      ctx.fillStyle = colors.text;
      ctx.fillText(String(line.bar), x + 3, RULER_HEIGHT / 2 - 2);
    }
  }

  // Loop and punch markers: shaded spans under the ruler.
  const marker = (range: { start: number; end: number } | null, colour: string, y: number) => {
    if (!range) return;
    ctx.fillStyle = colour;
    ctx.fillRect(toX(range.start), y, (range.end - range.start) * pxPerSecond, 4);
  };
  marker(view.arrangement.loop, colors.accent, RULER_HEIGHT - 4);
  marker(view.arrangement.punch, '#ef4444', RULER_HEIGHT - 8);

  // The beat's lane: its peaks spread over its duration.
  if (view.beatPeaks && view.beatPeaks.length > 0 && view.beatDuration > 0) {
    ctx.fillStyle = colors.wave;
    const peaksPerSecond = view.beatPeaks.length / view.beatDuration;
    drawPeaks(
      ctx,
      view.beatPeaks,
      Math.max(0, fromSeconds) * peaksPerSecond,
      peaksPerSecond / pxPerSecond,
      toX(Math.max(0, fromSeconds)),
      Math.min(width, toX(view.beatDuration)),
      RULER_HEIGHT + 4,
      BEAT_LANE_HEIGHT - 8,
    );
  }

  // Clips, each on its track's lane.
  const rowOf = new Map(view.rows.map((row) => [row.trackId, row]));
  const clips = view.preview
    ? view.arrangement.clips.map((clip) => (clip.id === view.preview!.id ? view.preview! : clip))
    : view.arrangement.clips;
  for (const clip of clips) {
    const row = rowOf.get(clip.trackId);
    if (!row) continue;
    const x0 = toX(clip.start);
    const x1 = toX(clip.start + clip.duration);
    if (x1 < 0 || x0 > width) continue;
    const y = row.top + clip.lane * LANE_HEIGHT;
    ctx.fillStyle = colors.clip;
    ctx.globalAlpha = 0.35;
    ctx.fillRect(x0, y + 2, x1 - x0, LANE_HEIGHT - 4);
    ctx.globalAlpha = 1;
    const takePeaks = view.peaks[clip.takeId];
    if (takePeaks) {
      const peaksPerSecond = TAKE_PEAKS_PER_SECOND;
      // Dim everywhere, then bright where this clip is what the track plays.
      ctx.fillStyle = colors.wave;
      ctx.globalAlpha = 0.35;
      const visible0 = Math.max(x0, 0);
      const first = (clip.offset + (visible0 - x0) / pxPerSecond) * peaksPerSecond;
      drawPeaks(
        ctx,
        takePeaks,
        first,
        peaksPerSecond / pxPerSecond,
        visible0,
        Math.min(x1, width),
        y + 4,
        LANE_HEIGHT - 8,
      );
      ctx.globalAlpha = 1;
      for (const slice of view.slices[clip.trackId] ?? []) {
        if (slice.clipId !== clip.id) continue;
        const s0 = Math.max(toX(slice.start), 0);
        const s1 = Math.min(toX(slice.end), width);
        if (s1 <= s0) continue;
        const firstPeak = (slice.offset + (s0 - toX(slice.start)) / pxPerSecond) * peaksPerSecond;
        ctx.fillStyle = colors.accent;
        drawPeaks(ctx, takePeaks, firstPeak, peaksPerSecond / pxPerSecond, s0, s1, y + 4, LANE_HEIGHT - 8);
      }
    }
    // Fades as ramps at the clip's ends.
    ctx.strokeStyle = colors.text;
    ctx.beginPath();
    if (clip.fadeIn > 0) {
      ctx.moveTo(x0, y + LANE_HEIGHT - 2);
      ctx.lineTo(x0 + clip.fadeIn * pxPerSecond, y + 2);
    }
    if (clip.fadeOut > 0) {
      ctx.moveTo(x1 - clip.fadeOut * pxPerSecond, y + 2);
      ctx.lineTo(x1, y + LANE_HEIGHT - 2);
    }
    ctx.stroke();
    if (clip.id === view.selectedClipId) {
      ctx.strokeStyle = colors.accent;
      ctx.lineWidth = 2;
      ctx.strokeRect(x0 + 1, y + 2, x1 - x0 - 2, LANE_HEIGHT - 4);
      ctx.lineWidth = 1;
    }
  }

  // The take being recorded.
  const live = view.live;
  const liveRow = live && rowOf.get(live.trackId);
  if (live && liveRow && live.peaks.length > 0) {
    const y = liveRow.top + live.lane * LANE_HEIGHT;
    const x0 = toX(live.start);
    const x1 = toX(live.start + live.peaks.length / TAKE_PEAKS_PER_SECOND);
    ctx.fillStyle = '#ef4444';
    ctx.globalAlpha = 0.25;
    ctx.fillRect(x0, y + 2, x1 - x0, LANE_HEIGHT - 4);
    ctx.globalAlpha = 1;
    const visible0 = Math.max(0, x0);
    drawPeaks(
      ctx,
      live.peaks,
      ((visible0 - x0) / pxPerSecond) * TAKE_PEAKS_PER_SECOND,
      TAKE_PEAKS_PER_SECOND / pxPerSecond,
      visible0,
      Math.min(x1, width),
      y + 4,
      LANE_HEIGHT - 8,
    );
  }

  // The playhead, over everything.
  const px = toX(view.playhead);
  if (px >= 0 && px <= width) {
    ctx.fillStyle = colors.accent;
    ctx.fillRect(Math.round(px), 0, 2, height);
  }
}
