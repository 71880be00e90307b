// The timeline's waveforms as a row of canvas tiles laid in the scrolled content. A tile is drawn
// once for a zoom and an arrangement and then left alone: scrolling and following the playhead
// move the content, and the compositor only shifts pixels it already has. Tiles come and go
// with the scroll position; an edit or a zoom marks them stale and the ones on screen are
// redrawn at the next frame.
import type { Canvas2D } from './timeline-draw';
import { TILE_WIDTH } from './timeline-geometry';

interface Tile {
  canvas: HTMLCanvasElement;
  /**
   * What is drawn on: the canvas's OffscreenCanvas where there is one. Chromium then shows the
   * tile as a frame it was handed once; a plain canvas is handed to the compositor again on
   * every frame the page commits (a copy of the whole tile each time, for every tile on screen,
   * on every scrolled frame).
   */
  surface: HTMLCanvasElement | OffscreenCanvas;
  stale: boolean;
}

/**
 * Draws one tile: `width` CSS pixels from `fromPx` (timeline pixels from 0 s) on `ctx`, whose
 * transform already scales CSS pixels to the device's `ratio`.
 */
export type DrawTile = (ctx: Canvas2D, fromPx: number, width: number, ratio: number) => void;

/** The part of the timeline on screen, in timeline pixels from 0 s (the header excluded). */
export interface TileView {
  left: number;
  width: number;
  /** Timeline pixels in all: no tile reaches past them (it would widen the scroll area). */
  total: number;
  height: number;
  ratio: number;
}

export class TimelineTiles {
  private readonly tiles = new Map<number, Tile>();
  private size = { total: 0, height: 0, ratio: 0 };

  constructor(
    private readonly host: HTMLElement,
    private readonly draw: DrawTile,
  ) {}

  /** Everything drawn is out of date (an edit, new peaks, a zoom): redrawn when next needed. */
  invalidate(): void {
    for (const tile of this.tiles.values()) tile.stale = true;
  }

  /**
   * Draws the tiles on screen that are missing or stale, then at most one more ahead (a screen
   * to the right, where playback and scrolling go next, and a tile to the left) so that a tile
   * is rarely drawn in the frame that shows it. Answers whether tiles ahead still wait.
   */
  update(view: TileView): boolean {
    if (
      view.total !== this.size.total ||
      view.height !== this.size.height ||
      view.ratio !== this.size.ratio
    ) {
      // Other sizes: every canvas is resized (and cleared) as it is drawn again.
      this.size = { total: view.total, height: view.height, ratio: view.ratio };
      this.invalidate();
    }
    const last = Math.max(0, Math.ceil(view.total / TILE_WIDTH) - 1);
    const first = Math.max(0, Math.floor(view.left / TILE_WIDTH));
    const end = Math.min(last, Math.floor((view.left + view.width - 1) / TILE_WIDTH));
    for (let index = first; index <= end; index++) this.ensure(index, view);

    const ahead = Math.ceil(view.width / TILE_WIDTH);
    const from = Math.max(0, first - 1);
    const to = Math.min(last, end + ahead);
    // Tiles a few screens away are dropped; they are quick to draw again.
    for (const [index, tile] of this.tiles)
      if (index < from - 2 * ahead || index > to + 2 * ahead) {
        tile.canvas.remove();
        this.tiles.delete(index);
      }
    let drawn = false;
    for (let index = from; index <= to; index++) {
      if (!this.needs(index)) continue;
      if (drawn) return true;
      this.ensure(index, view);
      drawn = true;
    }
    return false;
  }

  /** Removes every tile (the timeline is leaving the page). */
  clear(): void {
    for (const tile of this.tiles.values()) tile.canvas.remove();
    this.tiles.clear();
  }

  private needs(index: number): boolean {
    return this.tiles.get(index)?.stale ?? true;
  }

  private ensure(index: number, view: TileView): void {
    if (!this.needs(index)) return;
    let tile = this.tiles.get(index);
    if (!tile) {
      const canvas = document.createElement('canvas');
      canvas.dataset.tile = String(index);
      canvas.style.position = 'absolute';
      canvas.style.top = '0';
      canvas.style.left = `${index * TILE_WIDTH}px`;
      this.host.append(canvas);
      const surface = 'transferControlToOffscreen' in canvas ? canvas.transferControlToOffscreen() : canvas;
      tile = { canvas, surface, stale: true };
      this.tiles.set(index, tile);
    }
    const fromPx = index * TILE_WIDTH;
    const width = Math.max(1, Math.min(TILE_WIDTH, view.total - fromPx));
    const { canvas, surface } = tile;
    const pixelWidth = Math.round(width * view.ratio);
    const pixelHeight = Math.round(view.height * view.ratio);
    if (surface.width !== pixelWidth || surface.height !== pixelHeight) {
      surface.width = pixelWidth;
      surface.height = pixelHeight;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${view.height}px`;
    }
    const ctx = surface.getContext('2d') as Canvas2D | null;
    tile.stale = false;
    if (!ctx) return;
    ctx.setTransform(view.ratio, 0, 0, view.ratio, 0, 0);
    this.draw(ctx, fromPx, width, view.ratio);
  }
}
