// The timeline's waveforms as a row of canvas tiles laid in the scrolled content. A tile is drawn
// once for a zoom and an arrangement and then left alone: scrolling and following the playhead
// move the content, and the compositor only shifts pixels it already has. Tiles come and go
// with the scroll position; an edit or a zoom marks them stale and the ones on screen are
// redrawn at the next frame. This file only keeps the row of elements; a TilePainter draws
// their pixels (in a worker where the browser has one).
import { TILE_WIDTH } from './timeline-geometry';
import type { TilePainter } from './timeline-tile-painter';

interface Tile {
  canvas: HTMLCanvasElement;
  stale: boolean;
  /** The CSS size the canvas element has. */
  width: number;
  height: number;
}

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
  private painter: TilePainter;

  /** `painter` is made with the function it calls once a tile's pixels are drawn. */
  constructor(
    private readonly host: HTMLElement,
    painter: (drawn: (index: number) => void) => TilePainter,
  ) {
    this.painter = painter(this.drawn);
  }

  /** Everything drawn is out of date (an edit, new peaks, a zoom): redrawn when next needed. */
  invalidate(): void {
    for (const tile of this.tiles.values()) tile.stale = true;
    this.painter.invalidate();
  }

  /**
   * Another painter from now on (the worker failed): every tile is made again, since a canvas
   * hands its drawing surface over only once.
   */
  replacePainter(painter: (drawn: (index: number) => void) => TilePainter): void {
    this.clear();
    this.painter = painter(this.drawn);
  }

  /**
   * Draws the tiles on screen that are missing or stale, then the ones ahead (a screen to the
   * right, where playback and scrolling go next, and a tile to the left) so that a tile is rarely
   * drawn in the frame that shows it. Drawn on the page, the tiles ahead come one per frame;
   * a deferred painter (the worker) gets them all at once, after the ones on screen. Answers
   * whether tiles ahead still wait for a frame.
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
    for (let index = first; index <= end; index++) this.ensure(index, view, true);

    const ahead = Math.ceil(view.width / TILE_WIDTH);
    const from = Math.max(0, first - 1);
    const to = Math.min(last, end + ahead);
    // Tiles a few screens away are dropped; they are quick to draw again.
    for (const [index, tile] of this.tiles)
      if (index < from - 2 * ahead || index > to + 2 * ahead) this.remove(index, tile);
    // The right side first (where playback and scrolling go), then the tile to the left.
    const wanted = Array.from({ length: to - end }, (_, i) => end + 1 + i);
    if (from < first) wanted.push(from);
    let drawn = false;
    for (const index of wanted) {
      if (!this.needs(index)) continue;
      if (drawn && !this.painter.deferred) return true;
      this.ensure(index, view, false);
      drawn = true;
    }
    return false;
  }

  /** Removes every tile (the timeline is leaving the page). */
  clear(): void {
    for (const [index, tile] of this.tiles) this.remove(index, tile);
  }

  /** Stops drawing for good. */
  dispose(): void {
    this.clear();
    this.painter.dispose();
  }

  /** Marks a tile's canvas once its pixels are there (the bench and the journeys wait for it). */
  private readonly drawn = (index: number): void => {
    const canvas = this.tiles.get(index)?.canvas;
    if (canvas && canvas.dataset.drawn === undefined) canvas.dataset.drawn = '';
  };

  private remove(index: number, tile: Tile): void {
    tile.canvas.remove();
    this.tiles.delete(index);
    this.painter.drop(index);
  }

  private needs(index: number): boolean {
    return this.tiles.get(index)?.stale ?? true;
  }

  private ensure(index: number, view: TileView, urgent: boolean): void {
    if (!this.needs(index)) return;
    let tile = this.tiles.get(index);
    if (!tile) {
      const canvas = document.createElement('canvas');
      canvas.dataset.tile = String(index);
      canvas.style.position = 'absolute';
      canvas.style.top = '0';
      canvas.style.left = `${index * TILE_WIDTH}px`;
      this.host.append(canvas);
      this.painter.adopt(index, canvas);
      tile = { canvas, stale: true, width: 0, height: 0 };
      this.tiles.set(index, tile);
    }
    const fromPx = index * TILE_WIDTH;
    const width = Math.max(1, Math.min(TILE_WIDTH, view.total - fromPx));
    if (tile.width !== width || tile.height !== view.height) {
      tile.width = width;
      tile.height = view.height;
      tile.canvas.style.width = `${width}px`;
      tile.canvas.style.height = `${view.height}px`;
    }
    tile.stale = false;
    this.painter.paint({ index, fromPx, width, height: view.height, ratio: view.ratio }, urgent);
  }
}
