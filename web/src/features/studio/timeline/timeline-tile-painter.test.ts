import { emptyArrangement } from '@beatroom/shared/studio-arrangement';
import { addTake } from '@beatroom/shared/studio-arrangement-clips';
import { trackSlices } from '@beatroom/shared/studio-arrangement-playback';
import { DEFAULT_STUDIO_SETTINGS } from '@beatroom/shared/studio-settings';
import { describe, expect, it, vi } from 'vitest';
import type { Canvas2D, TileLayout } from './timeline-draw';
import { BEAT_LANE_HEIGHT, RULER_HEIGHT } from './timeline-geometry';
import { tilePalette } from './timeline-pixels';
import { MainThreadPainter, WorkerPainter, type TileScene } from './timeline-tile-painter';
import { TileQueue, type TileDrawn, type TileRequest, type ToTileWorker } from './timeline-tile-queue';
import { effectsOf } from './track-effects';

// Both ways of drawing the tiles, in jsdom: the worker's side (TileQueue) driven by hand, the
// page's side of the worker against a stand-in Worker that runs a TileQueue in the same thread
// (jsdom has neither workers nor OffscreenCanvas), and the page drawing a tile itself.

const colors = {
  grid: '#333',
  bar: '#666',
  wave: '#ffffff',
  accent: '#ff0000',
  text: '#eee',
  clip: '#0000ff',
};
const take = { id: 'take-1', name: 'Take 1', source: null, duration: 8 };
const arrangement = addTake(emptyArrangement(effectsOf(DEFAULT_STUDIO_SETTINGS)), {
  take,
  trackId: 'track-1',
  start: 0,
});
const layout: TileLayout = {
  pxPerSecond: 40,
  bpm: 120,
  arrangement,
  rows: [{ trackId: 'track-1', top: RULER_HEIGHT + BEAT_LANE_HEIGHT, lanes: 1 }],
  slices: { 'track-1': trackSlices(arrangement, 'track-1') },
  beatDuration: 8,
  preview: null,
  height: 200,
  colors,
  palette: tilePalette(colors),
};
const loud = (seconds: number): [number, number][] =>
  Array.from({ length: seconds * 100 }, () => [-0.8, 0.8]);
const request = (index: number): TileRequest => ({
  index,
  fromPx: index * 512,
  width: 512,
  height: 200,
  ratio: 2,
});

/** A 2D context that keeps a log of the calls made on it. */
function loggingContext() {
  const calls: { name: string; args: unknown[] }[] = [];
  const fields: Record<string | symbol, unknown> = {};
  const ctx = new Proxy(fields, {
    get: (_, name) =>
      name in fields ? fields[name] : (...args: unknown[]) => calls.push({ name: String(name), args }),
    set: (_, name, value) => ((fields[name] = value), true),
  });
  return { ctx: ctx as unknown as Canvas2D, calls };
}

function surface() {
  const { ctx, calls } = loggingContext();
  return { width: 0, height: 0, getContext: () => ctx, calls };
}

describe('TileQueue (the tile worker)', () => {
  function queue() {
    const turns: (() => void)[] = [];
    const drawn: number[] = [];
    const draw = vi.fn();
    const tiles = new TileQueue(
      (m) => drawn.push(m.index),
      (next) => turns.push(next),
      draw,
    );
    const runAll = () => {
      while (turns.length) turns.shift()!();
    };
    return { tiles, drawn, draw, runAll };
  }

  it('draws the tiles on screen before those ahead, a tile asked twice once, and no dropped tile', () => {
    const { tiles, drawn, runAll } = queue();
    for (const index of [0, 1, 2, 3]) tiles.receive({ type: 'canvas', index, canvas: surface() as never });
    tiles.receive({ type: 'layout', layout });
    tiles.receive({ type: 'paint', request: request(2), urgent: false });
    tiles.receive({ type: 'paint', request: request(3), urgent: false });
    tiles.receive({ type: 'paint', request: request(0), urgent: true });
    tiles.receive({ type: 'paint', request: request(2), urgent: false });
    tiles.receive({ type: 'paint', request: request(1), urgent: false });
    tiles.receive({ type: 'drop', index: 1 });
    runAll();
    expect(drawn).toEqual([0, 2, 3]);
  });

  it('sizes the canvas at the device ratio, scales the drawing, and hands over the peaks it has', () => {
    const { tiles, draw, drawn, runAll } = queue();
    const canvas = surface();
    const peaks = new Float32Array([-0.5, 0.5]);
    tiles.receive({ type: 'canvas', index: 4, canvas: canvas as never });
    tiles.receive({ type: 'peaks', takeId: 'take-1', peaks });
    tiles.receive({ type: 'peaks', takeId: null, peaks });
    tiles.receive({ type: 'layout', layout });
    tiles.receive({ type: 'paint', request: { ...request(4), width: 100 }, urgent: true });
    runAll();
    expect([canvas.width, canvas.height]).toEqual([200, 400]);
    expect(canvas.calls[0]).toEqual({ name: 'setTransform', args: [2, 0, 0, 2, 0, 0] });
    const [, drawnLayout, waveforms, strip, ratio] = draw.mock.calls[0]!;
    expect(drawnLayout).toBe(layout);
    expect(waveforms.takes.get('take-1')).toBe(peaks);
    expect(waveforms.beat).toBe(peaks);
    expect(strip).toEqual({ fromSeconds: (4 * 512) / 40, width: 100 });
    expect(ratio).toBe(2);
    expect(drawn).toEqual([4]);
    // A take removed from the session is forgotten.
    tiles.receive({ type: 'peaks', takeId: 'take-1', peaks: null });
    tiles.receive({ type: 'paint', request: request(4), urgent: true });
    runAll();
    expect(draw.mock.calls[1]![2].takes.size).toBe(0);
  });
});

/** Stands in for the tile worker: every message goes through structured cloning to a TileQueue. */
class InProcessWorker {
  static last: InProcessWorker;
  readonly sent: ToTileWorker[] = [];
  readonly transferred: unknown[] = [];
  onmessage: ((event: MessageEvent<TileDrawn>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly queue = new TileQueue(
    (drawn) => this.onmessage?.({ data: drawn } as MessageEvent<TileDrawn>),
    (next) => next(),
    () => undefined,
  );
  constructor() {
    InProcessWorker.last = this;
  }
  postMessage(message: ToTileWorker, transfer: unknown[]) {
    this.sent.push(message);
    this.transferred.push(...transfer);
    this.queue.receive(message.type === 'canvas' ? message : structuredClone(message));
  }
  terminate() {
    this.terminated = true;
  }
}

/** A canvas element whose drawing surface can be handed over, as in a browser. */
function transferableCanvas() {
  const canvas = document.createElement('canvas');
  const offscreen = surface();
  Object.assign(canvas, { transferControlToOffscreen: () => offscreen });
  return { canvas, offscreen };
}

describe('WorkerPainter (the page side of the tile worker)', () => {
  function start(scene: () => TileScene) {
    vi.stubGlobal('Worker', InProcessWorker);
    const drawn: number[] = [];
    const failed = vi.fn();
    const painter = new WorkerPainter(scene, (index) => drawn.push(index), failed);
    return { painter, drawn, failed, worker: InProcessWorker.last };
  }

  it('hands over each canvas once, sends each waveform once and the layout after every change', () => {
    const beat = loud(8);
    let scene: TileScene = { layout, takes: { 'take-1': loud(8), 'take-2': loud(8) }, beat };
    const { painter, drawn, worker } = start(() => scene);
    const { canvas, offscreen } = transferableCanvas();
    painter.adopt(0, canvas);
    expect(worker.transferred).toEqual([offscreen]);
    painter.paint(request(0), true);
    painter.paint(request(0), true);
    expect(drawn).toEqual([0, 0]);
    const kinds = () =>
      worker.sent.map((m: ToTileWorker) => (m.type === 'peaks' ? `peaks ${m.takeId}` : m.type));
    expect(kinds()).toEqual([
      'canvas',
      'peaks take-1',
      'peaks take-2',
      'peaks null',
      'layout',
      'paint',
      'paint',
    ]);
    // Packed and moved: min and max side by side in a buffer that is the worker's now.
    const first = worker.sent[1] as Extract<ToTileWorker, { type: 'peaks' }>;
    expect(Array.from(first.peaks!.subarray(0, 2))).toEqual([Math.fround(-0.8), Math.fround(0.8)]);
    expect(worker.transferred).toContain(first.peaks!.buffer);

    // An edit that keeps take 1, drops take 2 and changes nothing else: only that goes over.
    worker.sent.length = 0;
    scene = { layout: { ...layout, pxPerSecond: 80 }, takes: { 'take-1': scene.takes['take-1']! }, beat };
    painter.invalidate();
    painter.paint(request(0), true);
    expect(kinds()).toEqual(['peaks take-2', 'layout', 'paint']);
    expect((worker.sent[0] as Extract<ToTileWorker, { type: 'peaks' }>).peaks).toBeNull();
    painter.drop(0);
    painter.dispose();
    expect(worker.sent.at(-1)).toEqual({ type: 'drop', index: 0 });
    expect(worker.terminated).toBe(true);
  });

  it('says when the worker cannot run', () => {
    const { failed, worker } = start(() => ({ layout, takes: {}, beat: null }));
    worker.onerror!(new ErrorEvent('error', { message: 'module script failed' }));
    expect(worker.terminated).toBe(true);
    expect(failed).toHaveBeenCalledWith(new Error('module script failed'));
  });
});

describe('MainThreadPainter (no worker)', () => {
  it('writes the waveforms into the tile on the page: the lane the comp plays bright', () => {
    vi.stubGlobal(
      'ImageData',
      class {
        constructor(
          readonly data: Uint8ClampedArray,
          readonly width: number,
          readonly height: number,
        ) {}
      },
    );
    const drawn: number[] = [];
    const painter = new MainThreadPainter(
      () => ({ layout, takes: { 'take-1': loud(8) }, beat: loud(8) }),
      (index) => drawn.push(index),
    );
    const { canvas, offscreen } = transferableCanvas();
    painter.adopt(0, canvas);
    painter.paint({ ...request(0), ratio: 1 });
    expect(drawn).toEqual([0]);
    const put = offscreen.calls.find((call) => call.name === 'putImageData')!;
    const image = put.args[0] as { data: Uint8ClampedArray; width: number };
    const words = new Uint32Array(image.data.buffer);
    // The middle of the take's lane, 2 s in (80 px), and of the beat's lane.
    const laneMiddle = RULER_HEIGHT + BEAT_LANE_HEIGHT + 24;
    expect(words[laneMiddle * image.width + 80]).toBe(layout.palette.bright);
    expect(words[(RULER_HEIGHT + BEAT_LANE_HEIGHT / 2) * image.width + 80]).toBe(layout.palette.beat);
    // Past the take's 8 s (320 px): no clip there.
    expect(words[laneMiddle * image.width + 400]).toBe(0);
  });
});
