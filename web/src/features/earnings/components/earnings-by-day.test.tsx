import { ANALYTICS_LOCKED, type EarningsByDayResponse } from '@beatroom/shared/analytics-charts-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { EarningsByDay } from './earnings-by-day';

const BY_DAY = 'GET /api/users/me/earnings/by-day';

/** `n` days ending Nov 22, 2026, with one sale of $12.00 on the last. */
function byDay(n: number): EarningsByDayResponse {
  const end = Date.parse('2026-11-22T00:00:00.000Z');
  return {
    currency: 'USD',
    days: Array.from({ length: n }, (_, index) => ({
      date: new Date(end - (n - 1 - index) * 86_400_000).toISOString().slice(0, 10),
      sales: index === n - 1 ? 1 : 0,
      net_cents: index === n - 1 ? 1200 : 0,
    })),
  };
}

function setup(handler: FetchHandler, onUpgrade = vi.fn()) {
  const api = stubFetch({ [BY_DAY]: handler });
  const view = renderRoutes([
    { path: '/', element: <EarningsByDay userId={producer.id} onUpgrade={onUpgrade} /> },
  ]);
  return { ...view, api, onUpgrade };
}

const panel = () => screen.getByRole('region', { name: 'Earnings by day' });

describe('Earnings by day', () => {
  it('draws the last 90 days by default, and the range the producer picks', async () => {
    const { user, api } = setup(({ query }) => jsonResponse(byDay(Number(query.get('days')))));
    const chart = await screen.findByRole('img', { name: 'Net earnings, last 90 days' });
    expect(chart).toHaveAccessibleDescription(
      '$12.00 net from 1 sale in the last 90 days; best day Nov 22, 2026 with $12.00.',
    );
    expect(chart.querySelectorAll('rect[data-day]')).toHaveLength(90);
    expect(api.calls(BY_DAY)[0]?.query.get('days')).toBe('90');

    await user.selectOptions(within(panel()).getByRole('combobox', { name: 'Earnings by day range' }), '7');
    const week = await screen.findByRole('img', { name: 'Net earnings, last 7 days' });
    expect(week.querySelectorAll('rect[data-day]')).toHaveLength(7);
    expect(api.calls(BY_DAY).at(-1)?.query.get('days')).toBe('7');
    expect(within(panel()).queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('without analytics in the plan: a locked panel with the server’s message and Upgrade to Pro', async () => {
    const { user, onUpgrade } = setup(() => jsonResponse({ error: ANALYTICS_LOCKED }, 403));
    const locked = await screen.findByRole('group', { name: 'Earnings by day is locked' });
    expect(locked).toHaveTextContent(ANALYTICS_LOCKED);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(locked).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it('offers a retry when the chart cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { user } = setup(() => (fail ? jsonResponse({ error: 'Boom' }, 500) : jsonResponse(byDay(90))));
    expect(await screen.findByText('Could not load earnings by day')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Net earnings, last 90 days' })).toBeInTheDocument(),
    );
  });
});
