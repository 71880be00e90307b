import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState, trackWindowState } from './window-state';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-window-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const display = { x: 0, y: 0, width: 1920, height: 1080 };

describe('window state', () => {
  it('starts with the default and remembers bounds and maximised', () => {
    const file = join(dir, 'window-state.json');
    expect(loadWindowState(file, [display])).toEqual(DEFAULT_WINDOW_STATE);
    saveWindowState(file, { x: 100, y: 80, width: 1200, height: 800, maximized: true });
    expect(loadWindowState(file, [display])).toEqual({
      x: 100,
      y: 80,
      width: 1200,
      height: 800,
      maximized: true,
    });
  });

  it('drops a position that is on no display any more, keeping the size', () => {
    const file = join(dir, 'window-state.json');
    saveWindowState(file, { x: 2500, y: 100, width: 1000, height: 700, maximized: false });
    expect(loadWindowState(file, [display])).toEqual({ width: 1000, height: 700, maximized: false });
    expect(loadWindowState(file, [display, { x: 1920, y: 0, width: 2560, height: 1440 }]).x).toBe(2500);
  });

  it('ignores a damaged file', () => {
    const file = join(dir, 'window-state.json');
    writeFileSync(file, '{"width": 10');
    expect(loadWindowState(file, [display])).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(file, JSON.stringify({ width: 5, height: 5, maximized: false }));
    expect(loadWindowState(file, [display])).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('saves the normal bounds shortly after a move and when the window closes', () => {
    vi.useFakeTimers();
    const file = join(dir, 'window-state.json');
    const listeners = new Map<string, () => void>();
    let bounds = { x: 10, y: 20, width: 1100, height: 750 };
    let maximized = false;
    trackWindowState(
      {
        getNormalBounds: () => bounds,
        isMaximized: () => maximized,
        on: (event, listener) => listeners.set(event, listener),
      },
      file,
    );
    listeners.get('move')!();
    vi.advanceTimersByTime(600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...bounds, maximized: false });
    bounds = { x: 30, y: 40, width: 1300, height: 900 };
    maximized = true;
    listeners.get('close')!();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...bounds, maximized: true });
  });
});
