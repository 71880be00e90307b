import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_EVENT } from '../../../lib/toast';
import { listener, makeBeat } from '../../../test/fixtures';
import { deferred, jsonResponse, type FetchHandler } from '../../../test/mock-fetch';
import { BEAT_PAGE_SIZE, catalogueKeys } from '../api';
import { favoriteRequests, renderCatalogue as setup } from './catalogue.test-setup';

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
    // A whole page of cards first (the file's first render is the slowest), then their hearts.
    expect(await screen.findAllByRole('article')).toHaveLength(BEAT_PAGE_SIZE);
    await waitFor(() => expect(likeOf('Beat 2')).toHaveAttribute('aria-pressed', 'true'));
    expect(likeOf('Beat 5')).toHaveAttribute('aria-pressed', 'true');
    expect(likeOf('Beat 0')).toHaveAttribute('aria-pressed', 'false');
    expect(favoriteRequests(api)).toEqual(['GET /api/users/me/favorite-beat-ids']);
  });

  it('likes with the server’s answer and keeps it in the one set', async () => {
    const { user, api, queryClient } = memberSetup([], {
      [`POST /api/beats/${ids[1]}/favorite`]: () => jsonResponse({ isFavorited: true }),
    });
    await screen.findByRole('article', { name: 'Beat 1' });
    await waitFor(() =>
      expect(queryClient.getQueryData(catalogueKeys.favoriteIds(listener.id))).toBeDefined(),
    );

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
    expect(queryClient.getQueryData(catalogueKeys.favoriteIds(listener.id))).toEqual(
      new Set([ids[4], ids[1]]),
    );
    expect(toasts).toHaveBeenCalledTimes(1);
    expect((toasts.mock.calls[0]![0] as CustomEvent).detail).toMatchObject({
      type: 'error',
      title: 'Could not update favorites',
      message: 'Something broke',
    });
    window.removeEventListener(TOAST_EVENT, toasts);
  });
});
