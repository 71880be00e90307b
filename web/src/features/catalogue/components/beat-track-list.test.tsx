import type { Beat } from '@beatroom/shared/beats-contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBeat } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { CATALOGUE_VIEW_STORAGE_KEY, useCatalogueView } from '../store/catalogue-view-store';
import type { RenderPlayButton, RenderPriceButton } from './beat-card';
import { BeatCatalogue } from './beat-catalogue';

// The grid / track-list toggle, the rows, and beats without a preview, with the play and price
// controls other features own stubbed by what they are handed.

const ready = makeBeat();
const processing = makeBeat({
  id: '44444444-4444-4444-8444-444444444444',
  title: 'Still Rendering',
  bpm: null,
  key_signature: null,
  mood: null,
  audio_file_key: null,
  preview_url: null,
  preview_status: 'pending',
});

function setup(beats: Beat[] = [ready, processing]) {
  stubFetch({
    'GET /api/users/me': () => jsonResponse({ error: 'Not signed in' }, 401),
    'GET /api/beats': () => jsonResponse(beats),
  });
  const played: { id: string; placement: string | undefined }[] = [];
  const renderPlayButton: RenderPlayButton = (beat, placement) => {
    played.push({ id: beat.id, placement });
    return <button type="button">{`Play ${beat.title}`}</button>;
  };
  const renderPriceButton: RenderPriceButton = (beat, placement) => (
    <button type="button">{`Price of ${beat.title} (${placement})`}</button>
  );
  const view = renderRoutes([
    {
      path: '/',
      element: <BeatCatalogue renderPlayButton={renderPlayButton} renderPriceButton={renderPriceButton} />,
    },
  ]);
  return { ...view, played };
}

const storedChoices = () =>
  (
    JSON.parse(localStorage.getItem(CATALOGUE_VIEW_STORAGE_KEY) ?? '{}') as {
      state?: { choices?: Record<string, string> };
    }
  ).state?.choices;

/** A screen as wide as `px`: the media queries the catalogue asks answer for it. */
function screenWidth(px: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: /min-width:\s*(\d+)px/.test(query) && px >= Number(/(\d+)px/.exec(query)![1]),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  useCatalogueView.setState({ choices: {} });
  localStorage.clear();
  screenWidth(800);
});
afterEach(() => vi.unstubAllGlobals());

describe('grid and track list', () => {
  it('switches to dense rows with BPM, key, tags, duration and the price button', async () => {
    const { user } = setup([ready]);
    const card = await screen.findByRole('article', { name: 'Midnight Run' });
    expect(within(card).getByRole('button', { name: 'Price of Midnight Run (card)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    // The track list loads when first chosen.
    const row = await screen.findByRole('article', { name: 'Midnight Run' });
    expect(row).not.toBe(card);
    expect(within(row).getByRole('button', { name: 'Play Midnight Run' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Nova Beats' })).toHaveAttribute(
      'href',
      `/profile/${ready.user_id}`,
    );
    expect(row).toHaveTextContent('BPM 140');
    expect(row).toHaveTextContent('Key C#');
    expect(within(row).getByText('Trap')).toBeInTheDocument();
    expect(within(row).getByText('Dark')).toBeInTheDocument();
    expect(row).toHaveTextContent('Duration 2:05');
    expect(within(row).getByRole('button', { name: 'Price of Midnight Run (row)' })).toBeInTheDocument();
  });

  it('a wide screen starts with the track list; a choice made there is kept', async () => {
    screenWidth(1366);
    const { user } = setup([ready]);
    await screen.findByRole('article', { name: 'Midnight Run' });
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Price of Midnight Run (row)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(storedChoices()).toEqual({ visitor: 'grid' });
    expect(screen.getByRole('button', { name: 'Price of Midnight Run (card)' })).toBeInTheDocument();
  });

  it('remembers the choice per user on this device', async () => {
    const first = setup([ready]);
    await screen.findByRole('article', { name: 'Midnight Run' });
    await first.user.click(screen.getByRole('button', { name: 'List view' }));
    expect(storedChoices()).toEqual({ visitor: 'list' });
    first.unmount();

    // A new visit: the store starts from what was stored, each person's own choice.
    act(() => useCatalogueView.setState({ choices: {} }));
    localStorage.setItem(
      CATALOGUE_VIEW_STORAGE_KEY,
      JSON.stringify({ state: { choices: { visitor: 'list', 'user-2': 'grid' } }, version: 0 }),
    );
    await act(() => useCatalogueView.persist.rehydrate());
    setup([ready]);
    await screen.findByRole('article', { name: 'Midnight Run' });
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Price of Midnight Run (card)')).not.toBeInTheDocument();
    expect(useCatalogueView.getState().choices['user-2']).toBe('grid');
  });

  it('ignores a stored value that is not a view', async () => {
    localStorage.setItem(
      CATALOGUE_VIEW_STORAGE_KEY,
      JSON.stringify({ state: { choices: { visitor: 'carousel' } }, version: 0 }),
    );
    await act(() => useCatalogueView.persist.rehydrate());
    setup([ready]);
    await screen.findByRole('article', { name: 'Midnight Run' });
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('a beat whose preview is not ready', () => {
  it('shows "Processing" on its card and in its row, and offers nothing to play', async () => {
    const { user, played } = setup();
    const card = await screen.findByRole('article', { name: 'Still Rendering' });
    expect(within(card).getByText('Processing')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Play/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'List view' }));
    const row = screen.getByRole('article', { name: 'Still Rendering' });
    expect(within(row).getByText('Processing')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Play/ })).not.toBeInTheDocument();
    // Its price still sells it.
    expect(within(row).getByRole('button', { name: 'Price of Still Rendering (row)' })).toBeInTheDocument();
    expect(played.every((entry) => entry.id === ready.id)).toBe(true);
    expect(played.map((entry) => entry.placement)).toEqual(expect.arrayContaining(['card', 'row']));
  });
});
