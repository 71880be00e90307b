import { ANALYTICS_LOCKED, type ListenerChartResponse } from '@beatroom/shared/analytics-charts-contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { ListenersChart, listenersSummary } from './listeners-chart';

const LISTENERS = `GET /api/users/${producer.id}/analytics/listeners`;

/** `n` days ending Nov 22, 2026: 3 listeners and 5 plays on the last, 1 and 1 the day before. */
function listeners(n: number): ListenerChartResponse {
  const end = Date.parse('2026-11-22T00:00:00.000Z');
  return {
    days: Array.from({ length: n }, (_, index) => {
      const back = n - 1 - index;
      return {
        date: new Date(end - back * 86_400_000).toISOString().slice(0, 10),
        plays: back === 0 ? 5 : back === 1 ? 1 : 0,
        listeners: back === 0 ? 3 : back === 1 ? 1 : 0,
      };
    }),
  };
}

function setup(
  handler: FetchHandler,
  onUpgrade = vi.fn(),
  { access }: { access?: boolean } = { access: true },
) {
  const api = stubFetch({ [LISTENERS]: handler });
  const view = renderRoutes([
    { path: '/', element: <ListenersChart userId={producer.id} access={access} onUpgrade={onUpgrade} /> },
  ]);
  return { ...view, api, onUpgrade };
}

describe('Listeners chart', () => {
  it('draws listeners per day over 90 days by default, then the picked range', async () => {
    const { user, api } = setup(({ query }) => jsonResponse(listeners(Number(query.get('days')))));
    const chart = await screen.findByRole('img', { name: 'Listeners per day, last 90 days' });
    expect(chart).toHaveAccessibleDescription(
      '6 plays in the last 90 days; busiest day Nov 22, 2026 with 3 listeners.',
    );
    const bars = Array.from(chart.querySelectorAll('rect[data-day]'));
    expect(bars).toHaveLength(90);
    expect(bars.at(-1)).toHaveAttribute('height', '100');
    expect(bars.at(-1)?.querySelector('title')?.textContent).toBe('Nov 22, 2026: 3 listeners, 5 plays');
    expect(api.calls(LISTENERS)[0]?.query.get('days')).toBe('90');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Listeners range' }), '30');
    const month = await screen.findByRole('img', { name: 'Listeners per day, last 30 days' });
    expect(month.querySelectorAll('rect[data-day]')).toHaveLength(30);
    expect(api.calls(LISTENERS).at(-1)?.query.get('days')).toBe('30');
  });

  it('says when nothing was played', () => {
    expect(
      listenersSummary(
        listeners(7).days.map((d) => ({ ...d, plays: 0, listeners: 0 })),
        7,
      ),
    ).toBe('No plays in the last 7 days.');
  });

  it('a plan without analytics: locked with Upgrade to Pro, and the chart is never asked for (no 403)', async () => {
    const { user, api, onUpgrade } = setup(() => jsonResponse({ error: ANALYTICS_LOCKED }, 403), vi.fn(), {
      access: false,
    });
    const locked = await screen.findByRole('group', { name: 'Listener chart is locked' });
    expect(locked).toHaveTextContent(ANALYTICS_LOCKED);
    await user.click(within(locked).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    expect(api.calls(LISTENERS)).toHaveLength(0);
  });

  it('asks nothing while the plan is not known yet', () => {
    const { api } = setup(() => jsonResponse(listeners(90)), vi.fn(), {});
    expect(screen.getByRole('status', { name: 'Loading listeners' })).toBeInTheDocument();
    expect(api.calls(LISTENERS)).toHaveLength(0);
  });

  it('a 403 that comes anyway (the plan changed): the server’s message, locked, with Upgrade to Pro', async () => {
    const { user, onUpgrade } = setup(() => jsonResponse({ error: ANALYTICS_LOCKED }, 403));
    const locked = await screen.findByRole('group', { name: 'Listener chart is locked' });
    expect(locked).toHaveTextContent(ANALYTICS_LOCKED);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(locked).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });
});
