// Draws one tile of the timeline (a TILE_WIDTH-wide strip of its full height): the grid and bar
// numbers, the loop and punch markers, the beat's waveform and every clip's waveform from its
// take's peaks (the lane the comp plays bright, the others dim). A tile is drawn once per zoom
// and edit and then only scrolled by the compositor; the playhead and the take being recorded
// are separate small layers (see timeline-layers.ts), so playback never redraws a waveform.
import type { Arrangement, ArrangementClip } from '@beatroom/shared/studio-arrangement';
import type { PlaybackSlice } from '@beatroom/shared/studio-arrangement-playback';
import { TAKE_PEAKS_PER_SECOND } from './take-peaks';
import { TilePixels, type PackedPeaks, type TilePalette } from './timeline-pixels';
import { BAR_LABEL_PX, BEAT_LANE_HEIGHT, gridLines, LANE_HEIGHT, RULER_HEIGHT } from './timeline-geometry';

/** A 2D context of a canvas or of its OffscreenCanvas: the tiles draw on either. */
export type Canvas2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface TimelineRowLayout {
  trackId: string;
  /** Top of the track's first lane, below the ruler and beat lane, in canvas pixels. */
  top: number;
  lanes: number;
}

/**
 * What a tile shows besides the waveforms: everything on the timeline that stays put while it
 * plays. Small (the arrangement, its layout, the zoom), so it goes to the drawing worker whole
 * after every edit and zoom; the waveforms go once each (TileWaveforms).
 */
export interface TileLayout {
  pxPerSecond: number;
  bpm: number;
  arrangement: Arrangement;
  rows: TimelineRowLayout[];
  slices: Record<string, PlaybackSlice[]>;
  beatDuration: number;
  /** A clip being dragged is drawn where it would land. */
  preview: ArrangementClip | null;
  height: number;
  colors: TimelineColors;
  /** The colours of the waveforms' pixels (from `colors`). */
  palette: TilePalette;
}

/** The waveforms a tile reads: each take's peaks by take id, and the beat's. */
export interface TileWaveforms {
  takes: ReadonlyMap<string, PackedPeaks>;
  beat: PackedPeaks | null;
}

export interface TimelineColors {
  grid: string;
  bar: string;
  wave: string;
  accent: string;
  text: string;
  clip: string;
}

/** The strip of the timeline one canvas shows. */
export interface TimelineStrip {
  /** Timeline second at the canvas's left edge. */
  fromSeconds: number;
  width: number;
}

/** The take being recorded, drawn from the input as it grows. */
export interface LiveTakeView {
  start: number;
  peaks: PackedPeaks;
}

export function drawTimelineTile(
  ctx: Canvas2D,
  view: TileLayout,
  waveforms: TileWaveforms,
  { fromSeconds, width }: TimelineStrip,
  ratio: number,
): void {
  const { height, pxPerSecond, colors, palette } = view;
  const toX = (seconds: number) => (seconds - fromSeconds) * pxPerSecond;
  const toSeconds = fromSeconds + width / pxPerSecond;
  const pixels = new TilePixels(width, height, ratio);

  // The beat's lane: its peaks spread over its duration.
  const beat = waveforms.beat;
  if (beat && beat.length > 0 && view.beatDuration > 0) {
    const peaksPerSecond = beat.length / 2 / view.beatDuration;
    pixels.peaks(
      beat,
      Math.max(0, fromSeconds) * peaksPerSecond,
      peaksPerSecond / pxPerSecond,
      toX(Math.max(0, fromSeconds)),
      Math.min(width, toX(view.beatDuration)),
      RULER_HEIGHT + 4,
      BEAT_LANE_HEIGHT - 8,
      palette.beat,
    );
  }

  // Clips, each on its track's lane: its tint, its take's waveform dim everywhere, then bright
  // where this clip is what the track plays.
  const rowOf = new Map(view.rows.map((row) => [row.trackId, row]));
  const clips = view.preview
    ? view.arrangement.clips.map((clip) => (clip.id === view.preview!.id ? view.preview! : clip))
    : view.arrangement.clips;
  const fades: { x0: number; x1: number; y: number; clip: ArrangementClip }[] = [];
  const peaksPerPx = TAKE_PEAKS_PER_SECOND / pxPerSecond;
  for (const clip of clips) {
    const row = rowOf.get(clip.trackId);
    if (!row) continue;
    const x0 = toX(clip.start);
    const x1 = toX(clip.start + clip.duration);
    if (x1 < 0 || x0 > width) continue;
    const y = row.top + clip.lane * LANE_HEIGHT;
    pixels.rect(x0, y + 2, x1, y + LANE_HEIGHT - 2, palette.clip);
    fades.push({ x0, x1, y, clip });
    const takePeaks = waveforms.takes.get(clip.takeId);
    if (!takePeaks) continue;
    const visible0 = Math.max(x0, 0);
    const first = (clip.offset + (visible0 - x0) / pxPerSecond) * TAKE_PEAKS_PER_SECOND;
    pixels.peaks(
      takePeaks,
      first,
      peaksPerPx,
      visible0,
      Math.min(x1, width),
      y + 4,
      LANE_HEIGHT - 8,
      palette.dim,
    );
    for (const slice of view.slices[clip.trackId] ?? []) {
      if (slice.clipId !== clip.id) continue;
      const s0 = Math.max(toX(slice.start), 0);
      const s1 = Math.min(toX(slice.end), width);
      if (s1 <= s0) continue;
      const firstPeak = (slice.offset + (s0 - toX(slice.start)) / pxPerSecond) * TAKE_PEAKS_PER_SECOND;
      pixels.peaks(takePeaks, firstPeak, peaksPerPx, s0, s1, y + 4, LANE_HEIGHT - 8, palette.bright);
    }
  }
  ctx.putImageData(pixels.imageData(), 0, 0);

  // Behind the waveforms (each drawn behind what is there): the loop and punch markers under
  // the ruler, then the grid. Lines from a little before the tile too: a bar number drawn right
  // of its line reaches into the next tile.
  ctx.globalCompositeOperation = 'destination-over';
  const marker = (range: { start: number; end: number } | null, colour: string, y: number) => {
    if (!range) return;
    ctx.fillStyle = colour;
    ctx.fillRect(toX(range.start), y, (range.end - range.start) * pxPerSecond, 4);
  };
  marker(view.arrangement.loop, colors.accent, RULER_HEIGHT - 4);
  marker(view.arrangement.punch, '#ef4444', RULER_HEIGHT - 8);
  const labelsFrom = Math.max(0, fromSeconds - BAR_LABEL_PX / pxPerSecond);
  const lines = gridLines(labelsFrom, toSeconds, view.bpm, pxPerSecond);
  for (const line of lines) {
    const x = Math.round(toX(line.time)) + 0.5;
    ctx.fillStyle = line.bar !== null || line.time % ((60 / view.bpm) * 4) < 1e-6 ? colors.bar : colors.grid;
    ctx.fillRect(x, RULER_HEIGHT - (line.bar !== null ? 10 : 5), 1, height);
  }
  ctx.globalCompositeOperation = 'source-over';

  // Over them: bar numbers and the fades, as ramps at the clips' ends.
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colors.text;
  for (const line of lines)
    if (line.bar !== null)
      ctx.fillText(String(line.bar), Math.round(toX(line.time)) + 3.5, RULER_HEIGHT / 2 - 2);
  ctx.strokeStyle = colors.text;
  ctx.beginPath();
  for (const { x0, x1, y, clip } of fades) {
    if (clip.fadeIn > 0) {
      ctx.moveTo(x0, y + LANE_HEIGHT - 2);
      ctx.lineTo(x0 + clip.fadeIn * pxPerSecond, y + 2);
    }
    if (clip.fadeOut > 0) {
      ctx.moveTo(x1 - clip.fadeOut * pxPerSecond, y + 2);
      ctx.lineTo(x1, y + LANE_HEIGHT - 2);
    }
  }
  ctx.stroke();
}

/**
 * The take being recorded, on a canvas one lane high over the strip on screen: it grows a few
 * times a second, and only this small canvas is redrawn then.
 */
export function drawLiveTake(
  ctx: Canvas2D,
  live: LiveTakeView,
  { fromSeconds, width }: TimelineStrip,
  pxPerSecond: number,
  palette: TilePalette,
  ratio: number,
): void {
  const pixels = new TilePixels(width, LANE_HEIGHT, ratio);
  const x0 = (live.start - fromSeconds) * pxPerSecond;
  const x1 = x0 + (live.peaks.length / 2 / TAKE_PEAKS_PER_SECOND) * pxPerSecond;
  if (live.peaks.length > 0 && x1 >= 0 && x0 <= width) {
    pixels.rect(x0, 2, x1, LANE_HEIGHT - 2, palette.liveTint);
    const visible0 = Math.max(0, x0);
    pixels.peaks(
      live.peaks,
      ((visible0 - x0) / pxPerSecond) * TAKE_PEAKS_PER_SECOND,
      TAKE_PEAKS_PER_SECOND / pxPerSecond,
      visible0,
      Math.min(x1, width),
      4,
      LANE_HEIGHT - 8,
      palette.live,
    );
  }
  ctx.putImageData(pixels.imageData(), 0, 0);
}
