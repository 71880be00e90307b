import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_BEAT_SORT } from '@beatroom/shared/catalogue-constants';
import { FIRST_SCREEN_DATA_ID } from '@beatroom/shared/first-screen-data';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBeat } from '../../../test/fixtures';
import { deferred, jsonResponse } from '../../../test/mock-fetch';
import { BEAT_PAGE_SIZE } from '../api';
import { resetFirstScreenPage, takeFirstScreenPage } from '../first-screen-page';
import { favoriteRequests, renderCatalogue as setup } from './catalogue.test-setup';

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

  it('fetches the first row of covers at once and the rest as they scroll near', async () => {
    const beats = Array.from({ length: 4 }, (_, i) =>
      makeBeat({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        title: `Covered ${i}`,
        cover_image_key: `images/cover-${i}.jpg`,
      }),
    );
    setup({ handlers: { 'GET /api/beats': () => jsonResponse(beats) } });

    await screen.findByRole('article', { name: 'Covered 3' });
    const covers = beats.map((beat) => screen.getByRole('img', { name: `Cover of ${beat.title}` }));
    expect(covers.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy']);
    expect(covers.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', null, null]);
  });
});

describe("the home page's embedded first page", () => {
  const embed = (beats: unknown[]) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_SCREEN_DATA_ID;
    element.textContent = JSON.stringify({ catalogue: { beats, read_at: Date.now() } });
    document.body.append(element);
    // Earlier renders in this module instance already looked for the element and found none.
    resetFirstScreenPage();
  };
  afterEach(() => resetFirstScreenPage());

  it('shows the cards the HTML carries, without a request, once only', async () => {
    embed([makeBeat({ title: 'From the HTML' })]);
    // The server's answer never comes: what shows is what the HTML carried.
    setup({ handlers: { 'GET /api/beats': () => deferred<Response>().promise } });

    expect(await screen.findByRole('article', { name: 'From the HTML' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading beats' })).not.toBeInTheDocument();
    expect(document.getElementById(FIRST_SCREEN_DATA_ID)).toBeNull();
    expect(takeFirstScreenPage({ sort: DEFAULT_BEAT_SORT })).toBeUndefined();
  });

  it('is not used for a filtered list', async () => {
    embed([makeBeat({ title: 'From the HTML' })]);
    const { listQueries } = setup({ path: '/?genre=Trap' });
    expect(await screen.findByRole('article', { name: 'Midnight Run' })).toBeInTheDocument();
    expect(listQueries()).toHaveLength(1);
    expect(screen.queryByRole('article', { name: 'From the HTML' })).not.toBeInTheDocument();
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
