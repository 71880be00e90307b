// A tile's waveforms written straight into its pixels. Drawn as canvas paths (a rectangle per
// pixel column, a path per clip and pass), one 512 px tile of eight tracks took Chromium's
// software rasteriser ~27 ms; as pixels it is a few milliseconds of JavaScript and one copy.
// The few colours used (a clip's tint, the dim lane over it, the bright comp, the beat, the take
// being recorded) are blended once here, not per pixel.

type Peaks = ReadonlyArray<readonly [number, number]>;
/**
 * A waveform's peaks as one typed array, min and max of each slice side by side: what the tiles
 * read, and what goes to the drawing worker (one copy of a flat buffer, where an array of pairs
 * would be cloned object by object).
 */
export type PackedPeaks = Float32Array<ArrayBuffer>;
/** Red, green, blue 0–255 and alpha 0–1. */
type Rgba = [number, number, number, number];

/** ImageData's RGBA bytes read as one little-endian 32-bit word. */
function pack([r, g, b, a]: Rgba): number {
  return ((Math.round(a * 255) << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** `top` laid over `under` (source-over). */
function over(top: Rgba, under: Rgba): Rgba {
  const a = top[3] + under[3] * (1 - top[3]);
  if (a === 0) return [0, 0, 0, 0];
  const mix = (i: number) => Math.round((top[i]! * top[3] + under[i]! * under[3] * (1 - top[3])) / a);
  return [mix(0), mix(1), mix(2), a];
}

let scratch: CanvasRenderingContext2D | null | undefined;

/** A CSS colour as RGBA: the canvas normalises it to #rrggbb or rgba(…); black if unknown. */
export function parseColor(css: string): Rgba {
  if (scratch === undefined)
    scratch = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let value = css.trim();
  if (scratch) {
    scratch.fillStyle = '#000';
    scratch.fillStyle = value;
    value = String(scratch.fillStyle);
  }
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16), 1];
  const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  return [0, 0, 0, 1];
}

/** `peaks` as a PackedPeaks. */
export function packPeaks(peaks: Peaks): PackedPeaks {
  const packed = new Float32Array(peaks.length * 2);
  for (let i = 0; i < peaks.length; i++) {
    const pair = peaks[i]!;
    packed[2 * i] = pair[0];
    packed[2 * i + 1] = pair[1];
  }
  return packed;
}

const packedOnce = new WeakMap<Peaks, PackedPeaks>();

/**
 * `packPeaks` of a take's peaks, kept for as long as they are: a take's peaks are replaced, never
 * changed in place, so they are packed once however often the tiles are drawn.
 */
export function packedPeaks(peaks: Peaks): PackedPeaks {
  let packed = packedOnce.get(peaks);
  if (!packed) packedOnce.set(peaks, (packed = packPeaks(peaks)));
  return packed;
}

/** The packed colours of a tile's pixels. */
export interface TilePalette {
  /** A clip's tint (its colour at 35 %). */
  clip: number;
  /** Waveform of a lane the comp does not play: the wave colour at 35 % over the tint. */
  dim: number;
  /** Waveform of what the track plays. */
  bright: number;
  /** The beat's waveform. */
  beat: number;
  /** The take being recorded: its tint, and its waveform over it. */
  liveTint: number;
  live: number;
}

/** The take being recorded is red whatever the theme, on a quarter-strength red. */
const RECORDING: Rgba = [239, 68, 68, 1];
const RECORDING_TINT: Rgba = [239, 68, 68, 0.25];

export function tilePalette(colors: { wave: string; accent: string; clip: string }): TilePalette {
  const wave = parseColor(colors.wave);
  const accent = parseColor(colors.accent);
  const clip = parseColor(colors.clip);
  const tint: Rgba = [clip[0], clip[1], clip[2], clip[3] * 0.35];
  return {
    clip: pack(tint),
    dim: pack(over([wave[0], wave[1], wave[2], wave[3] * 0.35], tint)),
    bright: pack(over(accent, tint)),
    beat: pack(wave),
    liveTint: pack(RECORDING_TINT),
    live: pack(over(RECORDING, RECORDING_TINT)),
  };
}

/** A tile's pixels at the device's pixel ratio; coordinates are given in CSS pixels. */
export class TilePixels {
  readonly width: number;
  readonly height: number;
  /** The pixels, one RGBA word each, row by row. */
  readonly words: Uint32Array<ArrayBuffer>;

  constructor(
    cssWidth: number,
    cssHeight: number,
    private readonly ratio: number,
  ) {
    this.width = Math.round(cssWidth * ratio);
    this.height = Math.round(cssHeight * ratio);
    this.words = new Uint32Array(this.width * this.height);
  }

  /** Fills [x0, x1) × [y0, y1). */
  rect(x0: number, y0: number, x1: number, y1: number, color: number): void {
    const r = this.ratio;
    const left = Math.max(0, Math.round(x0 * r));
    const right = Math.min(this.width, Math.round(x1 * r));
    const top = Math.max(0, Math.round(y0 * r));
    const bottom = Math.min(this.height, Math.round(y1 * r));
    for (let y = top; y < bottom; y++) this.words.fill(color, y * this.width + left, y * this.width + right);
  }

  /**
   * Peaks spread over [x0, x1) as mirrored bars around the middle of [y, y + h): each pixel
   * column shows the lowest and highest of the peaks under it.
   */
  peaks(
    peaks: PackedPeaks,
    firstPeak: number,
    peaksPerPx: number,
    x0: number,
    x1: number,
    y: number,
    h: number,
    color: number,
  ): void {
    const r = this.ratio;
    const mid = y + h / 2;
    const first = Math.max(0, Math.ceil(x0 * r));
    const last = Math.min(this.width, Math.ceil(x1 * r));
    for (let column = first; column < last; column++) {
      const from = Math.floor(firstPeak + (column / r - x0) * peaksPerPx);
      const to = Math.max(from + 1, Math.floor(firstPeak + ((column + 1) / r - x0) * peaksPerPx));
      let min = 0;
      let max = 0;
      const end = Math.min(to, peaks.length / 2);
      for (let i = Math.max(0, from); i < end; i++) {
        if (peaks[2 * i]! < min) min = peaks[2 * i]!;
        if (peaks[2 * i + 1]! > max) max = peaks[2 * i + 1]!;
      }
      if (max - min <= 0) continue;
      const top = Math.max(0, Math.round((mid - (max * h) / 2) * r));
      const bottom = Math.min(this.height, top + Math.max(1, Math.round(((max - min) * h * r) / 2)));
      for (let row = top; row < bottom; row++) this.words[row * this.width + column] = color;
    }
  }

  imageData(): ImageData {
    return new ImageData(new Uint8ClampedArray(this.words.buffer), this.width, this.height);
  }
}
