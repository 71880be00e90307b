// The drawing side of the timeline's tiles: the canvases they draw on, the waveforms and layout
// they draw, and the tiles waiting to be drawn. It runs in the tile worker (each tile canvas's
// OffscreenCanvas is handed to it, so a tile, ~20 ms of pixels at 4× CPU throttling, never
// holds up the page's frames) and is what the page itself draws with where there is no worker.
import { drawTimelineTile, type Canvas2D, type TileLayout, type TileWaveforms } from './timeline-draw';
import type { PackedPeaks } from './timeline-pixels';

/** One tile to draw: `width` CSS pixels from `fromPx` (timeline pixels from 0 s). */
export interface TileRequest {
  index: number;
  fromPx: number;
  width: number;
  height: number;
  ratio: number;
}

/** What a tile is drawn on: an OffscreenCanvas, or the canvas itself without one. */
export interface TileSurface {
  width: number;
  height: number;
  getContext(kind: '2d'): Canvas2D | null;
}

/** Messages from the page to the tile worker. */
export type ToTileWorker =
  | { type: 'canvas'; index: number; canvas: OffscreenCanvas }
  /** A take's peaks (`takeId` null: the beat's); null peaks forget them. */
  | { type: 'peaks'; takeId: string | null; peaks: PackedPeaks | null }
  | { type: 'layout'; layout: TileLayout }
  /** An urgent tile is on screen: it is drawn before any tile ahead of the screen. */
  | { type: 'paint'; request: TileRequest; urgent: boolean }
  | { type: 'drop'; index: number };

/** The tile worker's answer: a tile's pixels are on its canvas. */
export interface TileDrawn {
  type: 'drawn';
  index: number;
}

export type DrawTile = typeof drawTimelineTile;

/**
 * Sizes `surface` to the request at the device's ratio and draws the tile on it. A canvas
 * keeps its size between draws: the tile's pixels are all written again (drawTimelineTile puts
 * every pixel first), so nothing of the last draw is left. Answers false without a 2D context.
 */
export function paintTile(
  surface: TileSurface,
  request: TileRequest,
  layout: TileLayout,
  waveforms: TileWaveforms,
  draw: DrawTile = drawTimelineTile,
): boolean {
  const pixelWidth = Math.round(request.width * request.ratio);
  const pixelHeight = Math.round(request.height * request.ratio);
  if (surface.width !== pixelWidth || surface.height !== pixelHeight) {
    surface.width = pixelWidth;
    surface.height = pixelHeight;
  }
  const ctx = surface.getContext('2d');
  if (!ctx) return false;
  ctx.setTransform(request.ratio, 0, 0, request.ratio, 0, 0);
  draw(
    ctx,
    layout,
    waveforms,
    { fromSeconds: request.fromPx / layout.pxPerSecond, width: request.width },
    request.ratio,
  );
  return true;
}

/**
 * The worker's state: messages arrive in the order the page sent them, and tiles are drawn one
 * per task (`yieldThen` runs the next after whatever arrived meanwhile), so a newer request for
 * a tile replaces the waiting one, a tile on screen goes before the ones ahead, and a dropped
 * tile is not drawn at all.
 */
export class TileQueue {
  private readonly canvases = new Map<number, TileSurface>();
  private readonly takes = new Map<string, PackedPeaks>();
  private beat: PackedPeaks | null = null;
  private layout: TileLayout | null = null;
  private readonly waiting = new Map<number, { request: TileRequest; urgent: boolean }>();
  private pending = false;

  constructor(
    private readonly answer: (message: TileDrawn) => void,
    private readonly yieldThen: (next: () => void) => void,
    private readonly draw: DrawTile = drawTimelineTile,
  ) {}

  receive(message: ToTileWorker): void {
    switch (message.type) {
      case 'canvas':
        this.canvases.set(message.index, message.canvas);
        break;
      case 'peaks':
        if (message.takeId === null) this.beat = message.peaks;
        else if (message.peaks) this.takes.set(message.takeId, message.peaks);
        else this.takes.delete(message.takeId);
        break;
      case 'layout':
        this.layout = message.layout;
        break;
      case 'paint': {
        const queued = this.waiting.get(message.request.index);
        this.waiting.set(message.request.index, {
          request: message.request,
          urgent: message.urgent || (queued?.urgent ?? false),
        });
        this.schedule();
        break;
      }
      case 'drop':
        this.canvases.delete(message.index);
        this.waiting.delete(message.index);
        break;
    }
  }

  private schedule(): void {
    if (this.pending || this.waiting.size === 0) return;
    this.pending = true;
    this.yieldThen(() => {
      this.pending = false;
      this.drawNext();
      this.schedule();
    });
  }

  private drawNext(): void {
    let next: { request: TileRequest; urgent: boolean } | undefined;
    for (const entry of this.waiting.values())
      if (!next || (entry.urgent && !next.urgent)) {
        next = entry;
        if (entry.urgent) break;
      }
    if (!next) return;
    const { index } = next.request;
    this.waiting.delete(index);
    const canvas = this.canvases.get(index);
    if (!canvas || !this.layout) return;
    if (paintTile(canvas, next.request, this.layout, { takes: this.takes, beat: this.beat }, this.draw))
      this.answer({ type: 'drawn', index });
  }
}
