import type { SessionUser } from '@beatroom/shared/auth-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_EVENT } from '../../../lib/toast';
import { listener, makeBeat } from '../../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { BEAT_PAGE_SIZE, catalogueKeys } from '../api';
import { BeatCatalogue } from './beat-catalogue';

const signedOut: FetchHandler = () => jsonResponse({ error: 'Not signed in' }, 401);

/** Every request about favourite state (the set, or the old per-beat status). */
const favoriteRequests = (api: ReturnType<typeof stubFetch>) =>
  api.requests
    .map((r) => `${r.method} ${r.path}`)
    .filter((r) => r.includes('favorite-beat-ids') || r.endsWith('/favorite-status'));

function setup({
  path = '/',
  user = null,
  handlers = {},
}: { path?: string; user?: SessionUser | null; handlers?: Record<string, FetchHandler> } = {}) {
  const api = stubFetch({
    'GET /api/users/me': user ? () => jsonResponse(user) : signedOut,
    'GET /api/beats': () => jsonResponse([makeBeat()]),
    ...handlers,
  });
  // The play control is the player's, composed in by app/ (app/routes/home-page.test.tsx).
  const view = renderRoutes([{ path: '/', element: <BeatCatalogue renderPlayButton={() => null} /> }], {
    initialEntry: path,
  });
  /** The query strings GET /api/beats was called with, in order. */
  const listQueries = () =>
    api.fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/beats')
      .map((url) => url.searchParams);
  return { ...view, api, listQueries, search: () => new URLSearchParams(view.router.state.location.search) };
}

describe('the filter bar and the URL', () => {
  it('starts from the URL (the header links) and sends those filters', async () => {
    const { listQueries } = setup({ path: '/?genre=R%26B&free=true&sort=popular' });

    expect(await screen.findByRole('article', { name: 'Midnight Run' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('R&B');
    expect(screen.getByRole('button', { name: 'Free' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sort: Most Popular' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Free R&B Beats' })).toBeInTheDocument();
    const query = listQueries().at(-1)!;
    expect(query.get('genre')).toBe('R&B');
    expect(query.get('free')).toBe('true');
    expect(query.get('sort')).toBe('popular');
    expect(query.get('limit')).toBe(String(BEAT_PAGE_SIZE));
    expect(query.get('offset')).toBe('0');
  });

  it('puts choices and toggles in the URL and asks the server again', async () => {
    const { user, search, listQueries } = setup();
    await screen.findByRole('article', { name: 'Midnight Run' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Mood' }), 'Chill');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Key' }), 'F#');
    await user.click(screen.getByRole('button', { name: 'Featured' }));

    expect(search().toString()).toBe('key=F%23&mood=Chill&featured=true');
    await waitFor(() => expect(listQueries().at(-1)?.get('featured')).toBe('true'));
    expect(listQueries().at(-1)?.get('key')).toBe('F#');
    expect(listQueries().at(-1)?.get('mood')).toBe('Chill');
  });

  it('debounces the search into the URL and the query', async () => {
    const { user, search, listQueries } = setup();
    await screen.findByRole('article', { name: 'Midnight Run' });

    await user.type(screen.getByRole('searchbox', { name: 'Search beats' }), 'dark');
    // Not one request per key stroke.
    expect(search().get('search')).toBeNull();
    await waitFor(() => expect(search().get('search')).toBe('dark'));
    await waitFor(() => expect(listQueries().at(-1)?.get('search')).toBe('dark'));
    expect(listQueries().filter((q) => q.has('search'))).toHaveLength(1);
  });

  it('opens the advanced section and converts price and duration for the query', async () => {
    const { user, search, listQueries } = setup();
    await screen.findByRole('article', { name: 'Midnight Run' });
    const toggle = screen.getByRole('button', { name: 'Advanced' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('spinbutton', { name: 'BPM min' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const bpmMin = screen.getByRole('spinbutton', { name: 'BPM min' });
    expect(bpmMin).toHaveAttribute('min', '60');
    expect(bpmMin).toHaveAttribute('max', '200');
    fireEvent.change(bpmMin, { target: { value: '90' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Price max' }), { target: { value: '25' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Duration max' }), { target: { value: '3' } });

    // Three fields committed at once must all land in the URL.
    await waitFor(() => expect(search().toString()).toBe('bpm_min=90&price_max=25&duration_max=3'));
    await waitFor(() => expect(listQueries().at(-1)?.get('duration_max')).toBe('180'));
    expect(listQueries().at(-1)?.get('price_max')).toBe('2500');
    expect(listQueries().at(-1)?.get('bpm_min')).toBe('90');
  });

  it('opens the advanced section by itself when the URL holds advanced filters', async () => {
    setup({ path: '/?bpm_max=120' });
    expect(await screen.findByRole('spinbutton', { name: 'BPM max' })).toHaveValue(120);
  });

  it('sorts from the dropdown', async () => {
    const { user, search } = setup();
    await screen.findByRole('article', { name: 'Midnight Run' });

    await user.click(screen.getByRole('button', { name: 'Sort: Newest' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual([
      'Newest',
      'Oldest',
      'Most Popular',
      'Most Downloads',
      'Price: Low to High',
      'Price: High to Low',
    ]);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Price: Low to High' }));

    expect(search().get('sort')).toBe('price_low');
    expect(await screen.findByRole('button', { name: 'Sort: Price: Low to High' })).toBeInTheDocument();
  });

  it('follows a URL changed from outside, e.g. the header or the back button', async () => {
    const { router } = setup({ path: '/?search=trap' });
    const box = await screen.findByRole('searchbox', { name: 'Search beats' });
    expect(box).toHaveValue('trap');

    await router.navigate('/?genre=Drill');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('Drill');
  });

  it('shows No beats found with a way forward, and clears the filters', async () => {
    const { user, search } = setup({
      path: '/?genre=Jazz&free=true',
      handlers: { 'GET /api/beats': () => jsonResponse([]) },
    });

    expect(await screen.findByRole('heading', { name: 'No beats found' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /Clear filters/ })[0]!);
    expect(search().toString()).toBe('');
  });
});

describe('the grid', () => {
  it('shows 12 skeleton cards while loading', () => {
    setup({ handlers: { 'GET /api/beats': () => deferred<Response>().promise } });
    const loading = screen.getByRole('status', { name: 'Loading beats' });
    expect(loading.children).toHaveLength(12);
  });

  it('loads more by offset until a short page', async () => {
    const page = (offset: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        makeBeat({
          id: `00000000-0000-4000-8000-${String(offset + i).padStart(12, '0')}`,
          title: `Beat ${offset + i}`,
        }),
      );
    let calls = 0;
    const { user, listQueries } = setup({
      handlers: {
        'GET /api/beats': () =>
          jsonResponse(calls++ === 0 ? page(0, BEAT_PAGE_SIZE) : page(BEAT_PAGE_SIZE, 3)),
      },
    });

    expect(await screen.findAllByRole('article')).toHaveLength(BEAT_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(BEAT_PAGE_SIZE + 3));
    expect(listQueries().at(-1)?.get('offset')).toBe(String(BEAT_PAGE_SIZE));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('the beat card', () => {
  it('shows cover initial, FEATURED, price, producer link and counts', async () => {
    setup({
      handlers: {
        'GET /api/beats': () =>
          jsonResponse([
            makeBeat({ is_featured: true }),
            makeBeat({
              id: '22222222-2222-4222-8222-222222222222',
              title: 'Sunny',
              price_cents: 0,
              is_free: true,
            }),
          ]),
      },
    });
    const card = await screen.findByRole('article', { name: 'Midnight Run' });
    expect(within(card).getByText('FEATURED')).toBeInTheDocument();
    expect(within(card).getByText('$29.99')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Cover of Midnight Run' })).toHaveTextContent('M');
    expect(within(card).getByRole('link', { name: 'Midnight Run' })).toHaveAttribute(
      'href',
      '/beat/11111111-1111-4111-8111-111111111111',
    );
    expect(within(card).getByRole('link', { name: 'Nova Beats' })).toHaveAttribute(
      'href',
      '/profile/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    );
    expect(card).toHaveTextContent('Plays: 1.5K');
    expect(card).toHaveTextContent('Downloads: 42');
    expect(within(screen.getByRole('article', { name: 'Sunny' })).getByText('Free')).toBeInTheDocument();
  });

  it('disables like for visitors, and asks nothing about favourites', async () => {
    const { api } = setup();
    const card = await screen.findByRole('article', { name: 'Midnight Run' });
    const like = within(card).getByRole('button', { name: 'Like Midnight Run' });
    expect(like).toBeDisabled();
    expect(like.parentElement).toHaveAttribute('title', 'Sign in to favorite beats');
    expect(favoriteRequests(api)).toEqual([]);
  });
});

describe('favourites on the grid', () => {
  const ids = Array.from(
    { length: BEAT_PAGE_SIZE },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  const grid = ids.map((id, i) => makeBeat({ id, title: `Beat ${i}` }));
  const likeOf = (title: string) =>
    within(screen.getByRole('article', { name: title })).getByRole('button', { name: `Like ${title}` });

  function memberSetup(favourites: string[], handlers: Record<string, FetchHandler> = {}) {
    return setup({
      user: listener,
      handlers: {
        'GET /api/beats': () => jsonResponse(grid),
        'GET /api/users/me/favorite-beat-ids': () => jsonResponse({ beatIds: favourites }),
        ...handlers,
      },
    });
  }

  it('asks once for a whole grid, and each card reads its heart from the set', async () => {
    const { api } = memberSetup([ids[2]!, ids[5]!]);
    await waitFor(() => expect(likeOf('Beat 2')).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getAllByRole('article')).toHaveLength(BEAT_PAGE_SIZE);
    expect(likeOf('Beat 5')).toHaveAttribute('aria-pressed', 'true');
    expect(likeOf('Beat 0')).toHaveAttribute('aria-pressed', 'false');
    expect(favoriteRequests(api)).toEqual(['GET /api/users/me/favorite-beat-ids']);
  });

  it('likes with the server’s answer and keeps it in the one set', async () => {
    const { user, api, queryClient } = memberSetup([], {
      [`POST /api/beats/${ids[1]}/favorite`]: () => jsonResponse({ isFavorited: true }),
    });
    await screen.findByRole('article', { name: 'Beat 1' });
    await waitFor(() => expect(queryClient.getQueryData(catalogueKeys.favoriteIds(listener.id))).toBeDefined());

    await user.click(likeOf('Beat 1'));
    await waitFor(() => expect(likeOf('Beat 1')).toHaveAttribute('aria-pressed', 'true'));
    expect(api.calls(`POST /api/beats/${ids[1]}/favorite`)).toHaveLength(1);
    expect(queryClient.getQueryData(catalogueKeys.favoriteIds(listener.id))).toEqual(new Set([ids[1]]));
    expect(favoriteRequests(api).filter((r) => r.startsWith('GET'))).toHaveLength(1);
  });

  it('unlikes a favourite at once, and the set follows the server’s answer', async () => {
    const answer = deferred<Response>();
    const { user, queryClient } = memberSetup([ids[3]!], {
      [`POST /api/beats/${ids[3]}/favorite`]: () => answer.promise,
    });
    await waitFor(() => expect(likeOf('Beat 3')).toHaveAttribute('aria-pressed', 'true'));

    await user.click(likeOf('Beat 3'));
    expect(likeOf('Beat 3')).toHaveAttribute('aria-pressed', 'false');
    expect(queryClient.getQueryData(catalogueKeys.favoriteIds(listener.id))).toEqual(new Set());
    answer.resolve(jsonResponse({ isFavorited: false }));
    await waitFor(() => expect(likeOf('Beat 3')).toHaveAttribute('aria-pressed', 'false'));
  });

  it('a like before the set has loaded takes the server’s answer, then the set is asked again', async () => {
    let setCalls = 0;
    const { user, api } = memberSetup([], {
      'GET /api/users/me/favorite-beat-ids': () =>
        setCalls++ === 0 ? deferred<Response>().promise : jsonResponse({ beatIds: [ids[6]] }),
      [`POST /api/beats/${ids[6]}/favorite`]: () => jsonResponse({ isFavorited: true }),
    });
    await waitFor(() => expect(likeOf('Beat 6')).toBeEnabled());
    await user.click(likeOf('Beat 6'));
    await waitFor(() => expect(likeOf('Beat 6')).toHaveAttribute('aria-pressed', 'true'));
    expect(likeOf('Beat 7')).toHaveAttribute('aria-pressed', 'false');
    expect(api.calls('GET /api/users/me/favorite-beat-ids')).toHaveLength(2);
  });

  it('flips at once and rolls back with a toast when the toggle fails, leaving other hearts alone', async () => {
    const failing = deferred<Response>();
    const toasts = vi.fn();
    window.addEventListener(TOAST_EVENT, toasts);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, queryClient } = memberSetup([ids[4]!], {
      [`POST /api/beats/${ids[0]}/favorite`]: () => failing.promise,
      [`POST /api/beats/${ids[1]}/favorite`]: () => jsonResponse({ isFavorited: true }),
    });
    await waitFor(() => expect(likeOf('Beat 4')).toHaveAttribute('aria-pressed', 'true'));

    await user.click(likeOf('Beat 0'));
    expect(likeOf('Beat 0')).toHaveAttribute('aria-pressed', 'true');
    // Another card toggled while the first is still on its way.
    await user.click(likeOf('Beat 1'));
    await waitFor(() => expect(likeOf('Beat 1')).toHaveAttribute('aria-pressed', 'true'));
    failing.resolve(jsonResponse({ error: 'Something broke' }, 500));

    await waitFor(() => expect(likeOf('Beat 0')).toHaveAttribute('aria-pressed', 'false'));
    expect(likeOf('Beat 1')).toHaveAttribute('aria-pressed', 'true');
    expect(queryClient.getQueryData(catalogueKeys.favoriteIds(listener.id))).toEqual(new Set([ids[4], ids[1]]));
    expect(toasts).toHaveBeenCalledTimes(1);
    expect((toasts.mock.calls[0]![0] as CustomEvent).detail).toMatchObject({
      type: 'error',
      title: 'Could not update favorites',
      message: 'Something broke',
    });
    window.removeEventListener(TOAST_EVENT, toasts);
  });
});
