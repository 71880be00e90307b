import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { DealBadge } from './deal-badge';

const PRODUCER = '77777777-7777-4777-8777-777777777777';

describe('DealBadge', () => {
  it('shows a producer’s deal, and nothing for a producer without one', async () => {
    let deal: { buy_count: number; free_count: number } | null = { buy_count: 3, free_count: 1 };
    const api = stubFetch({ [`GET /api/users/${PRODUCER}/deal`]: () => jsonResponse(deal) });
    const first = renderRoutes([{ path: '/', element: <DealBadge producerId={PRODUCER} /> }]);
    expect(await screen.findByText('Buy 3, get 1 free: the cheapest in your cart')).toBeInTheDocument();
    first.unmount();

    deal = null;
    renderRoutes([{ path: '/', element: <DealBadge producerId={PRODUCER} /> }]);
    await waitFor(() => expect(api.calls(`GET /api/users/${PRODUCER}/deal`)).toHaveLength(2));
    expect(screen.queryByText(/get 1 free/)).not.toBeInTheDocument();
  });
});
