import { ANALYTICS_LOCKED } from '@beatroom/shared/analytics-charts-contract';
import type { ProducerTier, Subscription } from '@beatroom/shared/subscriptions-contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listener, makeAnalytics, producer } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { HomeDashboard } from './home-dashboard';

// Home's column beside the catalogue: "Your Analytics" only for people who have beats, and a
// locked listener chart that never asks the API for what it would refuse (no 403 in the log).

const tier = (name: string, analytics: boolean): ProducerTier => ({
  id: `tier-${name}`,
  name,
  description: `${name} tier`,
  price_cents: analytics ? 999 : 0,
  billing_period: 'monthly',
  max_beats: null,
  included_credits: 0,
  promotion_discount_percent: 0,
  featured_slots_per_month: 0,
  homepage_priority_boost: 0,
  custom_profile_badge: null,
  analytics_access: analytics,
  priority_support: false,
});

const pro: Subscription = {
  id: 'sub-1',
  tier_id: 'tier-Pro',
  name: 'Pro',
  tier_name: 'Pro',
  description: 'Pro tier',
  price_cents: 999,
  billing_period: 'monthly',
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  status: 'active',
  cancel_at_period_end: false,
  included_credits: 0,
  promotion_discount_percent: 0,
  featured_slots_per_month: 0,
  custom_profile_badge: null,
  analytics_access: true,
  priority_support: false,
  scheduled_tier_id: null,
  scheduled_tier_name: null,
};

function show(
  user: typeof producer,
  { beats, subscription }: { beats: number; subscription: Subscription | null },
) {
  const listeners = `GET /api/users/${user.id}/analytics/listeners`;
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(user),
    [`GET /api/users/${user.id}/analytics`]: () => jsonResponse(makeAnalytics({ totalBeats: beats })),
    'GET /api/user/subscription': () => jsonResponse({ subscription }),
    'GET /api/producer-tiers': () => jsonResponse([tier('Free', false), tier('Pro', true)]),
    [listeners]: () =>
      subscription?.analytics_access
        ? jsonResponse({ days: [{ date: '2026-11-22', plays: 2, listeners: 1 }] })
        : jsonResponse({ error: ANALYTICS_LOCKED }, 403),
  });
  renderRoutes([{ path: '/', element: <HomeDashboard user={user} status="connected" /> }]);
  return { api, listenerCalls: () => api.calls(listeners) };
}

describe('home’s dashboard column', () => {
  it('a fan with no beats sees the live feed, not "Your Analytics" or an Upgrade lock', async () => {
    const { api, listenerCalls } = show(listener, { beats: 0, subscription: null });
    expect(await screen.findByRole('heading', { name: /Live Activity/i })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(`GET /api/users/${listener.id}/analytics`)).toHaveLength(1);
    expect(screen.queryByText('Your Analytics')).not.toBeInTheDocument();
    expect(screen.queryByText('Revenue')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    expect(listenerCalls()).toHaveLength(0);
  });

  it('a producer on the Free plan: analytics, and a locked chart that was never asked for', async () => {
    const { listenerCalls } = show(producer, { beats: 3, subscription: null });
    expect(await screen.findByText('Your Analytics')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Listener chart is locked' })).toHaveTextContent(
      ANALYTICS_LOCKED,
    );
    expect(listenerCalls()).toHaveLength(0);
  });

  it('a producer whose plan includes analytics gets the listener chart', async () => {
    const { listenerCalls } = show(producer, { beats: 3, subscription: pro });
    expect(await screen.findByRole('img', { name: /Listeners per day/ })).toBeInTheDocument();
    expect(listenerCalls()).toHaveLength(1);
  });
});
