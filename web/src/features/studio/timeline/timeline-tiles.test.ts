import { describe, expect, it } from 'vitest';
import { TILE_WIDTH } from './timeline-geometry';
import { packPeaks, parseColor, TilePixels, tilePalette } from './timeline-pixels';
import type { TilePainter } from './timeline-tile-painter';
import type { TileRequest } from './timeline-tile-queue';
import { TimelineTiles } from './timeline-tiles';

// The tile row's bookkeeping in jsdom (a tile here is its canvas element; a painter that keeps a
// log stands for the page's and the worker's drawing), and the pixel writer the tiles draw
// waveforms with.

const shown = (host: HTMLElement) =>
  Array.from(host.querySelectorAll<HTMLCanvasElement>('canvas[data-tile]'), (c) => Number(c.dataset.tile));

/** A painter that draws nothing and notes what it was asked: `paint 3!` is tile 3, urgent. */
class LogPainter implements TilePainter {
  readonly log: string[] = [];
  constructor(
    readonly deferred: boolean,
    readonly drawn: (index: number) => void,
  ) {}
  adopt(index: number) {
    this.log.push(`adopt ${index}`);
  }
  paint(request: TileRequest, urgent: boolean) {
    this.log.push(`paint ${request.index}${urgent ? '!' : ''}`);
  }
  drop(index: number) {
    this.log.push(`drop ${index}`);
  }
  invalidate() {
    this.log.push('invalidate');
  }
  dispose() {
    this.log.push('dispose');
  }
}

function row(deferred = false) {
  const host = document.createElement('div');
  let painter: LogPainter | undefined;
  const tiles = new TimelineTiles(host, (drawn) => (painter = new LogPainter(deferred, drawn)));
  return { host, tiles, painter: painter! };
}

const view = { width: 1200, total: 40 * TILE_WIDTH, height: 400, ratio: 1 };

describe('TimelineTiles', () => {
  it('draws the tiles on screen at once, then one more per frame up to a screen ahead', () => {
    const { host, tiles } = row();
    // 1200 px from 0: tiles 0, 1, 2 on screen; ahead: a tile before (none here), 3 screens' worth after.
    expect(tiles.update({ ...view, left: 0 })).toBe(true);
    expect(shown(host)).toEqual([0, 1, 2, 3]);
    let frames = 1;
    while (tiles.update({ ...view, left: 0 })) frames++;
    expect(shown(host)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(frames).toBe(2);
  });

  it('keeps drawn tiles while scrolling, redraws none until invalidated, and drops far ones', () => {
    const { host, tiles } = row();
    while (tiles.update({ ...view, left: 0 }));
    const first = host.querySelector('canvas[data-tile="1"]');
    tiles.update({ ...view, left: 700 });
    expect(host.querySelector('canvas[data-tile="1"]')).toBe(first);
    // Far to the right: the first tiles are dropped.
    while (tiles.update({ ...view, left: 30 * TILE_WIDTH }));
    expect(shown(host)).not.toContain(0);
    expect(shown(host)).toContain(30);
    // An edit: the tiles on screen are drawn again in the next frame, the others after it.
    tiles.invalidate();
    expect(tiles.update({ ...view, left: 30 * TILE_WIDTH })).toBe(true);
  });

  it('never reaches past the end of the timeline', () => {
    const { host, tiles } = row();
    const total = 2 * TILE_WIDTH + 100;
    while (tiles.update({ ...view, total, left: 0 }));
    expect(shown(host)).toEqual([0, 1, 2]);
    expect(host.querySelector<HTMLCanvasElement>('canvas[data-tile="2"]')!.style.width).toBe('100px');
  });

  it('hands a painter that draws elsewhere every tile at once, the ones on screen first', () => {
    const { host, tiles, painter } = row(true);
    // From 600 px: tiles 1 to 3 on screen, 4 to 6 a screen ahead, then tile 0 to the left.
    expect(tiles.update({ ...view, left: 600 })).toBe(false);
    expect(painter.log.filter((line) => line.startsWith('paint'))).toEqual([
      'paint 1!',
      'paint 2!',
      'paint 3!',
      'paint 4',
      'paint 5',
      'paint 6',
      'paint 0',
    ]);
    expect(shown(host)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    // Nothing is asked again until an edit; then the painter hears of it before the paints.
    painter.log.length = 0;
    tiles.update({ ...view, left: 600 });
    expect(painter.log).toEqual([]);
    tiles.invalidate();
    tiles.update({ ...view, left: 600 });
    expect(painter.log.slice(0, 2)).toEqual(['invalidate', 'paint 1!']);
  });

  it('tells the painter of dropped tiles and marks a canvas once its pixels are drawn', () => {
    const { host, tiles, painter } = row(true);
    tiles.update({ ...view, left: 0 });
    const canvas = host.querySelector<HTMLCanvasElement>('canvas[data-tile="1"]')!;
    expect(canvas.dataset.drawn).toBeUndefined();
    painter.drawn(1);
    expect(canvas.dataset.drawn).toBe('');
    tiles.update({ ...view, left: 30 * TILE_WIDTH });
    expect(painter.log).toContain('drop 0');
    tiles.dispose();
    expect(shown(host)).toEqual([]);
    expect(painter.log.at(-1)).toBe('dispose');
  });

  it('makes every tile again for another painter (a canvas hands its surface over once)', () => {
    const { host, tiles } = row(true);
    tiles.update({ ...view, left: 0 });
    const before = host.querySelector('canvas[data-tile="0"]');
    let fallback: LogPainter | undefined;
    tiles.replacePainter((drawn) => (fallback = new LogPainter(false, drawn)));
    expect(shown(host)).toEqual([]);
    tiles.update({ ...view, left: 0 });
    expect(host.querySelector('canvas[data-tile="0"]')).not.toBe(before);
    expect(fallback!.log).toContain('adopt 0');
  });
});

describe('TilePixels', () => {
  const word = (pixels: TilePixels, x: number, y: number) => pixels.words[y * pixels.width + x];

  it('fills rectangles and mirrored peak bars at the device pixel ratio', () => {
    const pixels = new TilePixels(10, 20, 2);
    expect([pixels.width, pixels.height]).toEqual([20, 40]);
    pixels.rect(0, 0, 5, 2, 7);
    expect(word(pixels, 9, 3)).toBe(7);
    expect(word(pixels, 10, 3)).toBe(0);
    // One peak a pixel, full scale at x = 5: a bar over the whole band, nothing where it is silent.
    const peaks = packPeaks(Array.from({ length: 10 }, (_, i) => (i === 5 ? [-1, 1] : [0, 0])));
    pixels.peaks(peaks, 0, 1, 0, 10, 10, 10, 9);
    expect(word(pixels, 10, 20)).toBe(9);
    expect(word(pixels, 10, 39)).toBe(9);
    expect(word(pixels, 8, 30)).toBe(0);
  });

  it('blends the dim waveform over the clip tint once, as RGBA words', () => {
    const palette = tilePalette({ wave: '#ffffff', accent: '#ff0000', clip: '#0000ff' });
    const bytes = (w: number) => [w & 255, (w >>> 8) & 255, (w >>> 16) & 255, w >>> 24];
    expect(bytes(palette.clip)).toEqual([0, 0, 255, 89]);
    expect(bytes(palette.bright)).toEqual([255, 0, 0, 255]);
    const [r, g, b, a] = bytes(palette.dim);
    expect(r).toBe(g);
    expect(b).toBeGreaterThan(r!);
    expect(a).toBe(Math.round((0.35 + 0.35 * 0.65) * 255));
    expect(parseColor('rgba(10, 20, 30, 0.5)')).toEqual([10, 20, 30, 0.5]);
  });
});
