import type { QueueEntry } from '@beatroom/shared/player-state';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBeat } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { resetPlayerStore, usePlayerStore } from '../store/player-store';
import { PlayerBar } from './player-bar';

const entries: QueueEntry[] = ['Alpha', 'Bravo', 'Charlie'].map((title, index) => ({
  ...makeBeat({ id: `00000000-0000-4000-8000-00000000000${index}`, title, duration_seconds: 100 }),
  queueId: `q${index}`,
}));

function setup(state: Partial<ReturnType<typeof usePlayerStore.getState>> = {}) {
  stubFetch(
    Object.fromEntries(
      entries.map((entry) => [
        `GET /api/beats/${entry.id}/waveform`,
        () => jsonResponse({ peaks: null, duration_seconds: 100 }),
      ]),
    ),
  );
  resetPlayerStore({
    queue: entries,
    currentIndex: 0,
    currentBeat: entries[0]!,
    showPlayer: true,
    isPlaying: true,
    duration: 100,
    ...state,
  });
  const view = renderRoutes([{ path: '/', element: <PlayerBar /> }]);
  return {
    ...view,
    store: usePlayerStore.getState,
    bar: () => screen.getByRole('region', { name: 'Audio player' }),
  };
}

const current = () => usePlayerStore.getState().currentBeat?.title;

beforeEach(() => resetPlayerStore());

describe('the player bar', () => {
  it('is hidden while the queue is empty', () => {
    stubFetch();
    renderRoutes([{ path: '/', element: <PlayerBar /> }]);
    expect(screen.queryByRole('region', { name: 'Audio player' })).not.toBeInTheDocument();
  });

  it('shows the current beat with links and times', () => {
    const { bar } = setup({ currentTime: 65 });
    expect(within(bar()).getByRole('link', { name: 'Alpha' })).toHaveAttribute(
      'href',
      `/beat/${entries[0]!.id}`,
    );
    expect(within(bar()).getByRole('link', { name: 'Nova Beats' })).toHaveAttribute(
      'href',
      `/profile/${entries[0]!.user_id}`,
    );
    expect(within(bar()).getByLabelText('Current time')).toHaveTextContent('1:05');
    expect(within(bar()).getByLabelText('Total time')).toHaveTextContent('1:40');
    expect(within(bar()).getByRole('link', { name: 'Download Alpha' })).toHaveAttribute(
      'href',
      `/beat/${entries[0]!.id}`,
    );
  });

  it('plays and pauses', async () => {
    const { user, store } = setup();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(store().isPlaying).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(store().isPlaying).toBe(true);
  });

  it('goes next and previous with wrap-around', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(current()).toBe('Bravo');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(current()).toBe('Charlie');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(current()).toBe('Alpha');
  });

  it('toggles shuffle and cycles repeat off → all → one → off', async () => {
    const { user, store } = setup();
    const shuffle = screen.getByRole('button', { name: 'Shuffle' });
    await user.click(shuffle);
    expect(shuffle).toHaveAttribute('aria-pressed', 'true');
    expect(store().shuffle).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Repeat: off' }));
    await user.click(screen.getByRole('button', { name: 'Repeat: all' }));
    expect(store().repeat).toBe('one');
    await user.click(screen.getByRole('button', { name: 'Repeat: one' }));
    expect(store().repeat).toBe('none');
  });

  it('mutes, remembering the volume, and sets the volume with the slider', async () => {
    const { user, store } = setup({ volume: 0.4 });
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveValue('40');

    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(store().volume).toBe(0);
    expect(slider).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(store().volume).toBe(0.4);

    fireEvent.change(slider, { target: { value: '90' } });
    expect(store().volume).toBe(0.9);
  });

  it('seeks with the keyboard on the waveform', () => {
    const { store } = setup({ currentTime: 20 });
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('aria-valuetext', '0:20 of 1:40');
    fireEvent.keyDown(seek, { key: 'ArrowRight' });
    expect(store().currentTime).toBe(25);
    fireEvent.keyDown(seek, { key: 'End' });
    expect(store().currentTime).toBe(100);
  });

  it('collapses to a mini bar and expands again', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Collapse player' }));
    expect(screen.queryByRole('button', { name: 'Shuffle' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand player' }));
    expect(screen.getByRole('button', { name: 'Shuffle' })).toBeInTheDocument();
  });

  it('toggles the queue panel, with its count; plays, removes and clears entries', async () => {
    const { user, store } = setup();
    const toggle = screen.getByRole('button', { name: 'Queue (3)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // The panel (with dnd-kit) loads the first time it opens.
    const queue = await screen.findByRole('region', { name: /^Queue/ });
    const rows = within(queue).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('button', { name: /^Play / }).textContent)).toEqual([
      expect.stringContaining('Alpha'),
      expect.stringContaining('Bravo'),
      expect.stringContaining('Charlie'),
    ]);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');

    await user.click(within(queue).getByRole('button', { name: 'Play Charlie' }));
    expect(current()).toBe('Charlie');

    await user.click(within(queue).getByRole('button', { name: 'Remove Alpha from queue' }));
    expect(store().queue.map((e) => e.title)).toEqual(['Bravo', 'Charlie']);
    expect(screen.getByRole('button', { name: 'Queue (2)' })).toBeInTheDocument();

    await user.click(within(queue).getByRole('button', { name: 'Close queue' }));
    expect(screen.queryByRole('region', { name: /^Queue/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Queue (2)' }));
    await user.click(
      within(screen.getByRole('region', { name: /^Queue/ })).getByRole('button', { name: 'Clear' }),
    );
    expect(store()).toMatchObject({ queue: [], isPlaying: false, showPlayer: false });
    expect(screen.queryByRole('region', { name: 'Audio player' })).not.toBeInTheDocument();
  });

  it('reorders the queue from the keyboard on a drag handle; the current entry follows', async () => {
    // jsdom has no layout: give the queue rows a vertical position so dnd-kit can move between them.
    const real = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const list = this.closest('ol[aria-label="Queued beats"]');
      if (!list || this.tagName !== 'LI') return real.call(this);
      const index = [...list.children].indexOf(this);
      return DOMRect.fromRect({ x: 0, y: index * 56, width: 320, height: 56 });
    });
    const { user, store } = setup();
    await user.click(screen.getByRole('button', { name: 'Queue (3)' }));
    const handle = await screen.findByRole('button', { name: 'Reorder Alpha' });
    handle.focus();

    // dnd-kit's keyboard sensor: space picks up, an arrow moves, space drops. The sensor listens
    // for the arrow only from a setTimeout after the pick-up, so wait for that task: flushing
    // microtasks alone happened to be enough on Node 20, not on Node 24.
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
    await act(async () => {});
    fireEvent.keyDown(document, { key: ' ', code: 'Space' });
    await act(async () => {});

    expect(store().queue.map((e) => e.title)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(store().currentIndex).toBe(1);
    expect(store().currentBeat?.title).toBe('Alpha');
  });
});
