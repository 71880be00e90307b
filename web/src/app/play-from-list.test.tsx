import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BeatGrid } from '../features/catalogue/components/beat-grid';
import { BeatTrackList } from '../features/catalogue/components/beat-track-list';
import { PlayerBar } from '../features/player/components/player-bar';
import { resetPlayerStore, usePlayerStore } from '../features/player/store/player-store';
import { makeBeat } from '../test/fixtures';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { renderRoutes } from '../test/render';
import { renderCardPlayButton, renderCardQueueMenu } from './beat-slots';

// Playing a beat from a list queues the list from that beat on (like BeatStars): the grid and
// the track list hand their beats to the player's button, Next walks them, and each card or row
// offers Play next and Add to queue.

// The listed price fields are given here in case the shared fixture predates them.
const priced = { list_price_cents: 2999, list_currency: 'USD' } as const;
const beats = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((title, index) =>
  makeBeat({ id: `00000000-0000-4000-8000-00000000000${index}`, title, ...priced }),
);
const pending = makeBeat({
  id: '00000000-0000-4000-8000-000000000009',
  title: 'Echo',
  audio_file_key: null,
  ...priced,
});

const titles = () => usePlayerStore.getState().queue.map((entry) => entry.title);
const current = () => usePlayerStore.getState().currentBeat?.title;

function setup(view: 'grid' | 'list') {
  stubFetch({
    'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401),
    'GET /api/beats/:id/waveform': () => jsonResponse({ peaks: null, duration_seconds: 100 }),
  });
  const List = view === 'grid' ? BeatGrid : BeatTrackList;
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <List
            beats={[...beats.slice(0, 2), pending, ...beats.slice(2)]}
            label="Beats"
            renderPlayButton={renderCardPlayButton}
            renderQueueMenu={renderCardQueueMenu}
          />
          <PlayerBar />
        </>
      ),
    },
  ]);
}

beforeEach(() => resetPlayerStore());

describe.each(['grid', 'list'] as const)('playing from the %s', (view) => {
  it('queues the list from the clicked beat on (skipping a beat with no preview); Next and Previous walk it', async () => {
    const { user } = setup(view);
    await user.click(screen.getByRole('button', { name: 'Play Bravo' }));
    expect(titles()).toEqual(['Bravo', 'Charlie', 'Delta']);
    expect(current()).toBe('Bravo');
    expect(usePlayerStore.getState().isPlaying).toBe(true);

    const bar = screen.getByRole('region', { name: 'Audio player' });
    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    expect(current()).toBe('Charlie');
    await user.click(within(bar).getByRole('button', { name: 'Previous' }));
    expect(current()).toBe('Bravo');

    // The end of a track plays the next one (autoplay on by default).
    act(() => usePlayerStore.getState().trackEnded());
    expect(current()).toBe('Charlie');
    expect(usePlayerStore.getState().isPlaying).toBe(true);
  });

  it('Play next and Add to queue from a card or row menu', async () => {
    const { user } = setup(view);
    await user.click(screen.getByRole('button', { name: 'Play Charlie' }));
    expect(titles()).toEqual(['Charlie', 'Delta']);

    await user.click(screen.getByRole('button', { name: 'Queue options for Alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));
    expect(titles()).toEqual(['Charlie', 'Delta', 'Alpha']);

    await user.click(screen.getByRole('button', { name: 'Queue options for Bravo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Play next' }));
    expect(titles()).toEqual(['Charlie', 'Bravo', 'Delta', 'Alpha']);
    expect(current()).toBe('Charlie');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(current()).toBe('Bravo');
  });
});
