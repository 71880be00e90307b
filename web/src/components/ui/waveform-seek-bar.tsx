import { formatDuration } from '@beatroom/shared/format-numbers';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** `[min, max]` pairs in -1..1, evenly spread over the track. */
export type Peaks = ReadonlyArray<readonly [number, number]>;

export interface WaveformSeekBarProps {
  peaks: Peaks | null | undefined;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 while unknown (the bar then cannot seek). */
  duration: number;
  onSeek: (seconds: number) => void;
  /** Accessible name, e.g. "Seek". */
  label: string;
  className?: string;
  disabled?: boolean;
}

const BAR_WIDTH = 2;
const BAR_GAP = 1;
const KEY_STEP_SECONDS = 5;

function cssColor(element: Element, variable: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(variable).trim() || fallback;
}

/**
 * The loudest sample of each of `count` equal slices of the peaks, scaled so the loudest bar of
 * the track fills the height (a quiet master still shows its shape), 0 to 1.
 */
export function barHeights(peaks: Peaks, count: number): number[] {
  if (count <= 0 || peaks.length === 0) return [];
  const heights: number[] = [];
  for (let bar = 0; bar < count; bar++) {
    const start = Math.floor((bar * peaks.length) / count);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * peaks.length) / count));
    let loudest = 0;
    for (let i = start; i < end && i < peaks.length; i++) {
      const [min, max] = peaks[i]!;
      loudest = Math.max(loudest, Math.abs(min), Math.abs(max));
    }
    heights.push(Math.min(1, loudest));
  }
  const top = Math.max(...heights);
  // Near-silence is drawn as it is rather than blown up into noise.
  return top > 0.05 ? heights.map((height) => height / top) : heights;
}

function draw(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
  peaks: Peaks | null | undefined,
  progress: number,
) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);

  const played = cssColor(canvas, '--app-accent', '#8b5cf6');
  const rest = cssColor(canvas, '--app-muted', '#a3a1b5');
  const playedWidth = width * progress;

  if (!peaks || peaks.length === 0) {
    // No waveform (yet): a plain progress track.
    const y = height / 2 - 2;
    context.globalAlpha = 0.35;
    context.fillStyle = rest;
    context.fillRect(0, y, width, 4);
    context.globalAlpha = 1;
    context.fillStyle = played;
    context.fillRect(0, y, playedWidth, 4);
    return;
  }

  const count = Math.max(1, Math.floor(width / (BAR_WIDTH + BAR_GAP)));
  const heights = barHeights(peaks, count);
  heights.forEach((amplitude, bar) => {
    const x = bar * (BAR_WIDTH + BAR_GAP);
    const barHeight = Math.max(2, amplitude * height);
    const isPlayed = x + BAR_WIDTH / 2 <= playedWidth;
    context.globalAlpha = isPlayed ? 1 : 0.4;
    context.fillStyle = isPlayed ? played : rest;
    context.fillRect(x, (height - barHeight) / 2, BAR_WIDTH, barHeight);
  });
  context.globalAlpha = 1;
}

/**
 * A seek bar that draws the server's waveform peaks on a canvas (never decoding audio to draw
 * it). Click or drag to seek; as a slider it takes the arrow keys (±5 s), Page Up/Down (±10 %),
 * Home and End.
 */
export function WaveformSeekBar({
  peaks,
  currentTime,
  duration,
  onSeek,
  label,
  className = '',
  disabled = false,
}: WaveformSeekBarProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [dragFraction, setDragFraction] = useState<number | null>(null);
  const canSeek = !disabled && duration > 0;
  const progress = dragFraction ?? (duration > 0 ? Math.min(1, Math.max(0, currentTime / duration)) : 0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((current) =>
        current.width === width && current.height === height ? current : { width, height },
      );
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || size.width === 0 || size.height === 0) return;
    draw(canvas, size.width, size.height, peaks, progress);
  }, [peaks, progress, size]);

  function fractionAt(clientX: number): number {
    const rect = containerRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!canSeek || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragFraction(fractionAt(event.clientX));
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragFraction === null) return;
    setDragFraction(fractionAt(event.clientX));
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (dragFraction === null) return;
    const fraction = fractionAt(event.clientX);
    setDragFraction(null);
    onSeek(fraction * duration);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!canSeek) return;
    const steps: Record<string, number> = {
      ArrowLeft: currentTime - KEY_STEP_SECONDS,
      ArrowDown: currentTime - KEY_STEP_SECONDS,
      ArrowRight: currentTime + KEY_STEP_SECONDS,
      ArrowUp: currentTime + KEY_STEP_SECONDS,
      PageDown: currentTime - duration / 10,
      PageUp: currentTime + duration / 10,
      Home: 0,
      End: duration,
    };
    const target = steps[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(Math.min(duration, Math.max(0, target)));
  }

  const shownTime = dragFraction === null ? currentTime : dragFraction * duration;

  return (
    <div
      ref={containerRef}
      role="slider"
      tabIndex={canSeek ? 0 : -1}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(shownTime)}
      aria-valuetext={`${formatDuration(shownTime)} of ${formatDuration(duration)}`}
      aria-disabled={!canSeek || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDragFraction(null)}
      onKeyDown={onKeyDown}
      className={`relative touch-none rounded-md select-none ${canSeek ? 'cursor-pointer' : 'cursor-default'} ${className}`}
    >
      <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 size-full" />
    </div>
  );
}
