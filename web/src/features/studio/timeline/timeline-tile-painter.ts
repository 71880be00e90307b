// Who draws the timeline's tiles. In a browser with workers and OffscreenCanvas, the tile worker:
// each tile canvas hands its drawing surface over once, the worker gets each waveform once
// (packed, moved rather than copied) and the layout after every edit or zoom, and the page's main
// thread only places the tile elements. The page cannot share the peaks' memory with the worker
// (SharedArrayBuffer needs cross-origin isolation, which the app does not have: covers and audio
// come from other origins), so each take's peaks go over once, when they change. Without a
// worker (jsdom, an old browser, or the worker failing to start) the page draws them itself.
import type { TileLayout, TileWaveforms } from './timeline-draw';
import { packedPeaks, packPeaks, type PackedPeaks } from './timeline-pixels';
import {
  paintTile,
  type TileDrawn,
  type TileRequest,
  type TileSurface,
  type ToTileWorker,
} from './timeline-tile-queue';

type Peaks = ReadonlyArray<readonly [number, number]>;

/** What the tiles show, read when a tile is drawn: the layout and the store's peaks. */
export interface TileScene {
  layout: TileLayout;
  takes: Readonly<Record<string, Peaks>>;
  beat: Peaks | null;
}

export interface TilePainter {
  /**
   * Tiles are drawn later, elsewhere: the row then asks for every tile it wants at once, the
   * ones on screen first, instead of pacing them frame by frame on the page.
   */
  readonly deferred: boolean;
  /** A tile's canvas joined the row. */
  adopt(index: number, canvas: HTMLCanvasElement): void;
  paint(request: TileRequest, urgent: boolean): void;
  /** The tile left the row. */
  drop(index: number): void;
  /** The scene changed: tiles drawn from now on show the new one. */
  invalidate(): void;
  dispose(): void;
}

/** Draws each tile on the page's main thread, at once. */
export class MainThreadPainter implements TilePainter {
  readonly deferred = false;
  private readonly surfaces = new Map<number, TileSurface>();

  constructor(
    private readonly scene: () => TileScene,
    private readonly drawn: (index: number) => void,
  ) {}

  adopt(index: number, canvas: HTMLCanvasElement): void {
    // An OffscreenCanvas where there is one: Chromium then shows the tile as a frame it was
    // handed once, where a plain canvas is copied to the compositor on every frame the page
    // commits.
    const surface = 'transferControlToOffscreen' in canvas ? canvas.transferControlToOffscreen() : canvas;
    this.surfaces.set(index, surface as TileSurface);
  }

  paint(request: TileRequest): void {
    const surface = this.surfaces.get(request.index);
    if (!surface) return;
    const { layout, takes, beat } = this.scene();
    const waveforms: TileWaveforms = {
      takes: new Map(Object.entries(takes).map(([id, peaks]) => [id, packedPeaks(peaks)])),
      beat: beat && packedPeaks(beat),
    };
    if (paintTile(surface, request, layout, waveforms)) this.drawn(request.index);
  }

  drop(index: number): void {
    this.surfaces.delete(index);
  }

  invalidate(): void {}

  dispose(): void {
    this.surfaces.clear();
  }
}

/** A tile worker started ahead of its painter (see prepareTileWorker). */
let spareWorker: Worker | null = null;

function startTileWorker(): Worker {
  return new Worker(new URL('./timeline-tiles.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Starts a tile worker for the next painter, where workers can draw tiles: called as the
 * timeline first renders, so the worker's script loads and starts while the page renders and
 * lays out the timeline, not after (on a quiet machine ~100–250 ms before the first tile).
 */
export function prepareTileWorker(): void {
  if (spareWorker === null && tileWorkerAvailable()) spareWorker = startTileWorker();
}

/** Hands the tiles to the tile worker; `failed` is told if the worker cannot run. */
export class WorkerPainter implements TilePainter {
  readonly deferred = true;
  private readonly worker: Worker;
  /** The peaks the worker has, to send each take's only once. */
  private readonly sentTakes = new Map<string, Peaks>();
  private sentBeat: Peaks | null = null;
  private stale = true;

  constructor(
    private readonly scene: () => TileScene,
    drawn: (index: number) => void,
    failed: (error: Error) => void,
  ) {
    this.worker = spareWorker ?? startTileWorker();
    spareWorker = null;
    this.worker.onmessage = (event: MessageEvent<TileDrawn>) => drawn(event.data.index);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.worker.terminate();
      failed(new Error(event.message || 'The timeline tile worker failed'));
    };
  }

  adopt(index: number, canvas: HTMLCanvasElement): void {
    const offscreen = canvas.transferControlToOffscreen();
    this.post({ type: 'canvas', index, canvas: offscreen }, [offscreen]);
  }

  paint(request: TileRequest, urgent: boolean): void {
    if (this.stale) this.sync();
    this.post({ type: 'paint', request, urgent });
  }

  drop(index: number): void {
    this.post({ type: 'drop', index });
  }

  invalidate(): void {
    this.stale = true;
  }

  dispose(): void {
    this.worker.terminate();
  }

  /** Sends the layout, and the peaks that changed since they were last sent. */
  private sync(): void {
    this.stale = false;
    const { layout, takes, beat } = this.scene();
    // Packed afresh, not from the page's cache: the buffer moves to the worker.
    const send = (takeId: string | null, peaks: Peaks | null) => {
      const packed: PackedPeaks | null = peaks && packPeaks(peaks);
      this.post({ type: 'peaks', takeId, peaks: packed }, packed ? [packed.buffer] : []);
    };
    for (const takeId of this.sentTakes.keys())
      if (!(takeId in takes)) {
        this.sentTakes.delete(takeId);
        send(takeId, null);
      }
    for (const [takeId, peaks] of Object.entries(takes))
      if (this.sentTakes.get(takeId) !== peaks) {
        this.sentTakes.set(takeId, peaks);
        send(takeId, peaks);
      }
    if (this.sentBeat !== beat) send(null, (this.sentBeat = beat));
    this.post({ type: 'layout', layout });
  }

  private post(message: ToTileWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}

/** Can tiles be drawn in a worker here? */
export function tileWorkerAvailable(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}
