import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_TERMS } from '../features/subscriptions/components/upgrade-dialog';
import { useUpgradeDialog } from '../features/subscriptions/store/upgrade-dialog-store';
import { redirectBrowser } from '../lib/browser-location';
import { makeSubscription } from '../test/account-money-fixtures';
import { jsonResponse } from '../test/mock-fetch';
import { makePaymentMethod } from '../test/purchase-fixtures';
import {
  expectFinishedAfterSuccess,
  openWith,
  renderMoneyDialogs,
  startSteppableTimers,
  freshMoneyDialogsEachTest,
} from './money-dialogs.test-setup';

vi.mock('../lib/browser-location', () => ({ redirectBrowser: vi.fn() }));

const SUBSCRIBE = 'POST /api/user/subscribe';
const subscribeButton = () => screen.getByRole('button', { name: /^Subscribe/ });

function open(onSubscribed = vi.fn()) {
  openWith(() => useUpgradeDialog.getState().open({ onSubscribed }));
  return onSubscribed;
}

freshMoneyDialogsEachTest();

describe('Upgrade to Producer Pro', () => {
  it('hides Free, labels the monthly Pro MOST POPULAR and shows Annual per month with 2 months free', async () => {
    renderMoneyDialogs();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Producer Pro' });
    const tiers = await within(dialog).findAllByRole('radio', { name: /\/month$/ });
    expect(tiers.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Pro, $19.99/month',
      // 19990 / 12 = 1665.83 cents a month
      'Pro Annual, $16.66/month',
    ]);
    expect(within(dialog).queryByRole('radio', { name: /^Free/ })).not.toBeInTheDocument();
    const pro = tiers[0]!.closest('label')!;
    const annual = tiers[1]!.closest('label')!;
    expect(pro).toHaveTextContent('MOST POPULAR');
    expect(annual).not.toHaveTextContent('MOST POPULAR');
    expect(annual).toHaveTextContent('Billed $199.90 yearly');
    expect(annual).toHaveTextContent('2 months free');
    expect(pro).not.toHaveTextContent('2 months free');
    expect(pro).toHaveTextContent('500 credits every month');
    expect(pro).toHaveTextContent('20% off promotions');

    expect(within(dialog).getByRole('region', { name: 'Why upgrade?' })).toBeInTheDocument();
    expect(within(dialog).getByText(SUBSCRIPTION_TERMS)).toHaveTextContent(
      'Auto-renews. Cancel anytime. 30-day money-back guarantee.',
    );
  });

  it('is disabled until a tier is chosen; a new card goes to the checkout', async () => {
    const { user, api } = renderMoneyDialogs({
      handlers: { [SUBSCRIBE]: () => jsonResponse({ checkout_url: 'https://checkout.stripe.com/c/pay/s1' }) },
    });
    open();
    await screen.findByRole('radio', { name: /^Pro Annual/ });
    expect(subscribeButton()).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /^Pro Annual/ }));
    expect(subscribeButton()).toHaveTextContent('Subscribe to Pro Annual');
    await user.click(subscribeButton());

    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/s1'));
    expect(api.calls(SUBSCRIBE)[0]?.body).toEqual({
      tier_id: 'tier-pro-annual',
      payment_method: 'new_card',
      save_payment_method: false,
    });
  });

  it('subscribes with a saved method at once: success for 2 s, then the callback and close', async () => {
    startSteppableTimers();
    let subscription: ReturnType<typeof makeSubscription> | null = null;
    const { user, api } = renderMoneyDialogs({
      handlers: {
        'GET /api/payment/methods': () => jsonResponse([makePaymentMethod({ is_default: true })]),
        'GET /api/user/subscription': () => jsonResponse({ subscription }),
        [SUBSCRIBE]: () => {
          subscription = makeSubscription();
          return jsonResponse({ paid: true });
        },
      },
    });
    const onSubscribed = open();
    await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    await user.click(screen.getByRole('radio', { name: /^Pro,/ }));
    await user.click(subscribeButton());

    expect(await screen.findByRole('status')).toHaveTextContent('Welcome to Pro!');
    expect(api.calls(SUBSCRIBE)[0]?.body).toMatchObject({
      tier_id: 'tier-pro',
      payment_method: 'saved',
      saved_payment_method_id: 'pm_visa_4242',
    });
    await waitFor(() => expect(api.calls('GET /api/user/subscription').length).toBeGreaterThanOrEqual(2));
    await expectFinishedAfterSuccess(onSubscribed);
  });

  it('marks the current plan and does not offer it again', async () => {
    renderMoneyDialogs({
      handlers: { 'GET /api/user/subscription': () => jsonResponse({ subscription: makeSubscription() }) },
    });
    open();
    const pro = await screen.findByRole('radio', { name: /^Pro,/ });
    await waitFor(() => expect(pro).toBeDisabled());
    expect(pro.closest('label')).toHaveTextContent('Your current plan');
    expect(screen.getByRole('radio', { name: /^Pro Annual/ })).toBeEnabled();
  });

  it.each([
    [
      'the server’s error',
      jsonResponse({ error: 'You are already subscribed to this tier' }, 409),
      'You are already subscribed to this tier',
    ],
    ['Failed to subscribe without one', new Response(null, { status: 500 }), 'Failed to subscribe'],
  ])('shows %s inline and re-enables Subscribe', async (_what, failure, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderMoneyDialogs({ handlers: { [SUBSCRIBE]: () => failure } });
    open();
    await user.click(await screen.findByRole('radio', { name: /^Pro,/ }));
    await user.click(subscribeButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(subscribeButton()).toBeEnabled();
  });
});
