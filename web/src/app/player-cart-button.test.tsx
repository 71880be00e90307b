import type { QueueEntry } from '@beatroom/shared/player-state';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PlayerBar } from '../features/player/components/player-bar';
import { resetPlayerStore } from '../features/player/store/player-store';
import { ada, makeBeatDetail } from '../test/fixtures';
import { jsonResponse, stubFetch } from '../test/mock-fetch';
import { renderRoutes } from '../test/render';
import { PlayerCartButton } from './player-cart-button';

const detail = makeBeatDetail({ title: 'Night Drive', price_cents: 2999, is_free: false });
const entry: QueueEntry = { ...detail, queueId: 'q0' };

function setup(beat: QueueEntry, overrides: Partial<typeof detail> = {}) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(ada),
    [`GET /api/beats/${beat.id}`]: () => jsonResponse({ ...detail, ...overrides }),
    [`GET /api/beats/${beat.id}/waveform`]: () => jsonResponse({ peaks: null, duration_seconds: 100 }),
  });
  resetPlayerStore({ queue: [beat], currentIndex: 0, currentBeat: beat, showPlayer: true, duration: 100 });
  const view = renderRoutes([
    { path: '/', element: <PlayerBar renderCartButton={(current) => <PlayerCartButton beat={current} />} /> },
  ]);
  return { ...view, api, bar: () => screen.getByRole('region', { name: 'Audio player' }) };
}

beforeEach(() => resetPlayerStore());

describe("the player bar's Add to cart", () => {
  it('offers the licences the producer sells for the current beat and adds the chosen one', async () => {
    const { user, api, bar } = setup(entry, {
      license_offers: { trackout: { enabled: false, price_cents: null } },
    });
    const add = await within(bar()).findByRole('button', { name: 'Add Night Drive to cart' });
    await user.click(add);
    expect(await screen.findByRole('menuitem', { name: 'Premium licence' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Trackout licence' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Premium licence' }));
    await waitFor(() => expect(api.calls('POST /api/cart')).toHaveLength(1));
    expect(api.calls('POST /api/cart')[0]!.body).toEqual({ beat_id: detail.id, license_type: 'premium' });
  });

  it('is not there for the listener’s own beat, a free beat, or an exclusive already sold', async () => {
    const own = setup({ ...entry, user_id: ada.id });
    await waitFor(() => expect(own.api.calls('GET /api/users/me')).toHaveLength(1));
    expect(await within(own.bar()).findByRole('link', { name: 'Night Drive' })).toBeInTheDocument();
    expect(
      within(own.bar()).queryByRole('button', { name: 'Add Night Drive to cart' }),
    ).not.toBeInTheDocument();
    expect(own.api.calls(`GET /api/beats/${detail.id}`)).toHaveLength(0);
    own.unmount();

    const free = setup({ ...entry, is_free: true, price_cents: 0 });
    expect(
      within(free.bar()).queryByRole('button', { name: 'Add Night Drive to cart' }),
    ).not.toBeInTheDocument();
    free.unmount();

    const sold = setup(entry, { sold_exclusively: true });
    await waitFor(() => expect(sold.api.calls(`GET /api/beats/${detail.id}`)).toHaveLength(1));
    expect(
      within(sold.bar()).queryByRole('button', { name: 'Add Night Drive to cart' }),
    ).not.toBeInTheDocument();
  });
});
