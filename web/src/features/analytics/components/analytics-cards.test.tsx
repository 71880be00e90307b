import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnalytics, producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { analyticsKeys } from '../api';
import { AnalyticsCards } from './analytics-cards';

const analytics = makeAnalytics({
  totalPlays: 1520,
  totalDownloads: 40,
  totalBeats: 6,
  totalFollowers: 12,
  averageRating: 4.44,
  growthRate: 12.5,
  recentPlays: 3,
});

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('AnalyticsCards', () => {
  it('shows the producer’s numbers', async () => {
    stubFetch({ [`GET /api/users/${producer.id}/analytics`]: () => jsonResponse(analytics) });
    renderRoutes([{ path: '/', element: <AnalyticsCards userId={producer.id} /> }]);
    expect(await screen.findByText('1.5K')).toBeInTheDocument();
    expect(card('Total Plays')).toHaveTextContent('+3 last hour');
    expect(card('Revenue')).toHaveTextContent('$0.00');
    expect(card('Avg Rating')).toHaveTextContent('4.4');
    expect(screen.getByText('+12.5%')).toBeInTheDocument();
  });

  it('says Analytics Unavailable on failure and recovers with Retry', async () => {
    let fail = true;
    stubFetch({
      [`GET /api/users/${producer.id}/analytics`]: () =>
        fail ? jsonResponse({ error: 'Internal server error' }, 500) : jsonResponse(analytics),
    });
    const { user } = renderRoutes([{ path: '/', element: <AnalyticsCards userId={producer.id} /> }]);
    expect(await screen.findByText('Analytics Unavailable')).toBeInTheDocument();
    expect(screen.getByText('Failed to load analytics data')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1.5K')).toBeInTheDocument();
    expect(screen.queryByText('Analytics Unavailable')).not.toBeInTheDocument();
  });

  it('lights up a value pushed over the socket for a second', async () => {
    stubFetch({ [`GET /api/users/${producer.id}/analytics`]: () => jsonResponse(analytics) });
    const { queryClient } = renderRoutes([{ path: '/', element: <AnalyticsCards userId={producer.id} /> }]);
    await screen.findByText('1.5K');
    expect(card('Followers')).not.toHaveAttribute('data-changed');

    act(() =>
      queryClient.setQueryData(analyticsKeys.user(producer.id), { ...analytics, totalFollowers: 13 }),
    );
    await waitFor(() => expect(card('Followers')).toHaveAttribute('data-changed'));
    expect(card('Followers')).toHaveTextContent('13');
    expect(card('Beats')).not.toHaveAttribute('data-changed');
    await waitFor(() => expect(card('Followers')).not.toHaveAttribute('data-changed'));
  });
});
