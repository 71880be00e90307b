import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

/** Size and place of the main window, remembered between runs. */
export const WindowState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(360).max(20_000),
  height: z.number().int().min(400).max(20_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowState>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };

/** At least this much of the window must be on a display, so it can be grabbed and moved. */
const MIN_VISIBLE = 64;

function overlapsEnough(bounds: Rect, area: Rect): boolean {
  const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
  const height = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
  return width >= MIN_VISIBLE && height >= MIN_VISIBLE;
}

/**
 * The saved state, or the default when there is none or it is damaged. A position that is no
 * longer on any display (a monitor was unplugged) is dropped, so the window opens centred
 * instead of off screen.
 */
export function loadWindowState(file: string, displays: Rect[]): WindowState {
  let state: WindowState;
  try {
    state = WindowState.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
  if (state.x === undefined || state.y === undefined) return { ...state, x: undefined, y: undefined };
  const bounds = { x: state.x, y: state.y, width: state.width, height: state.height };
  if (!displays.some((area) => overlapsEnough(bounds, area))) {
    return { width: state.width, height: state.height, maximized: state.maximized };
  }
  return state;
}

/** Written to a temporary file and renamed, so a crash mid-write never leaves half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(WindowState.parse(state)));
  renameSync(temporary, file);
}

/** The parts of a BrowserWindow that tracking needs. */
export interface TrackedWindow {
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
}

/**
 * Saves the window's normal (unmaximised) bounds and maximised flag when it closes, and shortly
 * after it stops moving, so a crash loses at most the last half second.
 */
export function trackWindowState(window: TrackedWindow, file: string, delayMs = 500): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const bounds = window.getNormalBounds();
    saveWindowState(file, {
      x: Math.round(bounds.x),
      y: Math.round(bounds.y),
      width: Math.max(360, Math.round(bounds.width)),
      height: Math.max(400, Math.round(bounds.height)),
      maximized: window.isMaximized(),
    });
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event, later);
  window.on('close', save);
  return save;
}
