import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import type { Subscription } from '@beatroom/shared/subscriptions-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSubscription } from '../../../test/account-money-fixtures';
import { producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { useUpgradeDialog } from '../store/upgrade-dialog-store';
import { CANCEL_FAILED, SubscriptionSettingsSection } from './subscription-settings-section';

const CANCEL = 'POST /api/user/subscription/cancel';

function setup(initial: Subscription | null, cancel?: () => Response) {
  let subscription = initial;
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(producer),
    'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS),
    'GET /api/user/subscription': () => jsonResponse({ subscription }),
    [CANCEL]:
      cancel ??
      (() => {
        subscription = subscription && { ...subscription, cancel_at_period_end: true };
        return jsonResponse({ subscription });
      }),
  });
  const view = renderRoutes([{ path: '/', element: <SubscriptionSettingsSection /> }]);
  return { ...view, api };
}

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => useUpgradeDialog.setState({ isOpen: false, onSubscribed: null }));

describe('the subscription settings section', () => {
  it('lists every field of the plan', async () => {
    setup(makeSubscription({ scheduled_tier_id: 'tier-pro-annual', scheduled_tier_name: 'Pro Annual' }));
    expect(await screen.findByText('Plan', { selector: 'dt' })).toBeInTheDocument();
    expect(field('Plan')).toBe('Pro');
    expect(field('Tier')).toBe('Pro');
    expect(field('Description')).toBe('For producers who sell');
    expect(field('Price')).toBe('$19.99 / month');
    expect(field('Billing period')).toBe('Monthly');
    expect(field('Status')).toBe('Active');
    expect(field('Current period started')).toBe('Nov 1, 2026');
    expect(field('Renews on')).toBe('Dec 1, 2026');
    expect(field('Next plan')).toBe('Pro Annual from Dec 1, 2026');
    expect(field('Included credits')).toBe('500 per month');
    expect(field('Promotion discount')).toBe('20%');
    expect(field('Featured slots per month')).toBe('2');
    expect(field('Profile badge')).toBe('PRO');
    expect(field('Analytics access')).toBe('Yes');
    expect(field('Priority support')).toBe('Yes');
  });

  it('cancels an active plan after a confirmation; then cancel is no longer offered', async () => {
    const { user, api } = setup(makeSubscription());
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(screen.getByText(/Your plan and its benefits stay until Dec 1, 2026/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel' }));

    await waitFor(() => expect(field('Status')).toBe('Active, cancels at period end'));
    expect(api.calls(CANCEL)).toHaveLength(1);
    expect(field('Access until')).toBe('Dec 1, 2026');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it.each([
    ['already cancelling', { cancel_at_period_end: true }],
    ['past due', { status: 'past_due' as const }],
  ])('offers no cancel when the plan is %s', async (_state, overrides) => {
    setup(makeSubscription(overrides));
    expect(await screen.findByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal, or its own words, when cancelling fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(makeSubscription(), () => new Response(null, { status: 500 }));
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CANCEL_FAILED);
  });

  it('without a plan: the Free plan and Upgrade to Pro, which opens the upgrade dialog', async () => {
    const { user } = setup(null);
    const section = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(section).findByText(/You are on the Free plan/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(useUpgradeDialog.getState().isOpen).toBe(true);
  });
});
