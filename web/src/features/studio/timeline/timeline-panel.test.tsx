import { emptyArrangement } from '@beatroom/shared/studio-arrangement';
import { addTake } from '@beatroom/shared/studio-arrangement-clips';
import { DEFAULT_STUDIO_SETTINGS } from '@beatroom/shared/studio-settings';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentArrangement, useArrangementStore } from '../store/arrangement-store';
import { useStudioStore } from '../store/studio-store';
import { TimelinePanel } from './timeline-panel';
import { effectsOf } from './track-effects';

// The timeline in jsdom: no canvas drawing here (jsdom has none; the journey's screenshots check
// it, and one test below hands the tiles a stand-in context), but every clip, track and control
// is reachable by its name and edits the arrangement.

const take = (n: number) => ({ id: `take-${n}`, name: `Take ${n}`, source: null, duration: 8 });

function twoPasses() {
  let a = emptyArrangement(effectsOf(DEFAULT_STUDIO_SETTINGS));
  a = addTake(a, { take: take(1), trackId: 'track-1', start: 2 });
  a = addTake(a, { take: take(2), trackId: 'track-1', start: 2 });
  return a;
}

function renderTimeline() {
  // 120 BPM: a beat is 0.5 s, a bar 2 s.
  return render(
    <TimelinePanel bpm={120} beatDuration={60} beatPeaks={[[-0.5, 0.5]]} position={() => null} />,
  );
}

const clip = (name: string, index = 0) => screen.getAllByRole('button', { name })[index]!;

describe('TimelinePanel', () => {
  beforeEach(() => {
    useArrangementStore.getState().load(twoPasses());
  });

  it('is a region with the beat lane and each track as named groups, and a clip per take', () => {
    renderTimeline();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByRole('group', { name: 'Beat' })).toBeInTheDocument();
    const track = within(timeline).getByRole('group', { name: 'Track 1' });
    expect(within(track).getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(
      /Lane 1, 0:02 to 0:10/,
    );
    expect(within(track).getByRole('button', { name: 'Take 2' })).toHaveAccessibleDescription(/Lane 2/);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('moves a clip by the snap step with the arrow keys, deletes it, and undoes and redoes', () => {
    renderTimeline();
    fireEvent.keyDown(clip('Take 1'), { key: 'ArrowRight' });
    expect(currentArrangement().clips[0]!.start).toBe(2.5);
    fireEvent.change(screen.getByRole('combobox', { name: 'Snap' }), { target: { value: 'bar' } });
    fireEvent.keyDown(clip('Take 1'), { key: 'ArrowLeft' });
    expect(currentArrangement().clips[0]!.start).toBe(0.5);
    fireEvent.keyDown(clip('Take 2'), { key: 'Delete' });
    expect(screen.queryByRole('button', { name: 'Take 2' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(clip('Take 2')).toBeInTheDocument();
    // Ctrl+Z twice more: the snap change, then the move.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(currentArrangement().clips[0]!.start).toBe(2.5);
    expect(currentArrangement().snap).toBe('beat');
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(currentArrangement().snap).toBe('bar');
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(currentArrangement().clips[0]!.start).toBe(0.5);
  });

  it('splits at the playhead and comps each half from another lane', () => {
    renderTimeline();
    act(() => useArrangementStore.getState().setPlayhead(6));
    fireEvent.focus(clip('Take 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    fireEvent.focus(clip('Take 2'));
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(screen.getAllByRole('button', { name: 'Take 1' })).toHaveLength(2);
    // First half from pass 1, second from pass 2.
    fireEvent.focus(clip('Take 1', 0));
    fireEvent.click(screen.getByRole('button', { name: 'Comp' }));
    fireEvent.focus(clip('Take 2', 1));
    fireEvent.click(screen.getByRole('button', { name: 'Comp' }));
    expect(currentArrangement().tracks[0]!.comp).toEqual([
      { start: 2, end: 6, lane: 0 },
      { start: 6, end: 10, lane: 1 },
    ]);
  });

  it('adds tracks (up to 8) with mute, solo, arm, volume, pan and a name', () => {
    renderTimeline();
    fireEvent.click(screen.getByRole('button', { name: 'Add track' }));
    const track2 = screen.getByRole('group', { name: 'Track 2' });
    fireEvent.click(within(track2).getByRole('button', { name: 'Mute' }));
    fireEvent.click(within(track2).getByRole('button', { name: 'Arm for recording' }));
    const undoSteps = useArrangementStore.getState().history.past.length;
    const volume = within(track2).getByRole('slider', { name: 'Volume' });
    for (const value of ['110', '130', '150']) fireEvent.change(volume, { target: { value } });
    // A dragged slider is one undo step.
    expect(useArrangementStore.getState().history.past.length).toBe(undoSteps + 1);
    fireEvent.change(within(track2).getByRole('slider', { name: 'Pan' }), { target: { value: '-50' } });
    const name = within(track2).getByRole('textbox', { name: 'Track name' });
    fireEvent.change(name, { target: { value: 'Adlibs' } });
    fireEvent.blur(name);
    expect(screen.getByRole('group', { name: 'Adlibs' })).toBeInTheDocument();
    expect(currentArrangement().tracks[1]).toMatchObject({ mute: true, arm: true, volume: 1.5, pan: -0.5 });
    expect(currentArrangement().tracks[0]!.arm).toBe(false);
    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByRole('button', { name: 'Add track' }));
    expect(currentArrangement().tracks).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Add track' })).toBeDisabled();
  });

  it('counts a timeline edit as a change of the session (auto-save)', () => {
    renderTimeline();
    const before = useStudioStore.getState().revision;
    fireEvent.click(screen.getByRole('button', { name: 'Loop' }));
    expect(currentArrangement().loop).toEqual({ start: 0, end: 8 });
    expect(useStudioStore.getState().revision).toBe(before + 1);
  });

  it('draws its tiles on the page itself where the browser has no workers', async () => {
    // jsdom has no Worker, OffscreenCanvas, ImageData or 2D context: the tiles get a context
    // that keeps their pixels, and ImageData is a plain holder.
    vi.stubGlobal(
      'ImageData',
      class {
        constructor(readonly data: Uint8ClampedArray) {}
      },
    );
    const put = vi.fn();
    const ctx = new Proxy({} as Record<string | symbol, unknown>, {
      get: (fields, name) => (name === 'putImageData' ? put : (fields[name] ?? (() => undefined))),
      set: (fields, name, value) => ((fields[name] = value), true),
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      return (this.dataset.tile === undefined ? null : ctx) as never;
    });
    renderTimeline();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    await waitFor(() => expect(timeline.querySelector('canvas[data-tile="0"][data-drawn]')).not.toBeNull());
    // The take's waveform is in the tile's pixels (the beat's lane and both lanes of Track 1).
    const pixels = new Uint32Array((put.mock.calls[0]![0] as { data: Uint8ClampedArray }).data.buffer);
    expect(pixels.some((word) => word !== 0)).toBe(true);
  });
});
