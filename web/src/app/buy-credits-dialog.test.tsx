import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBuyCreditsDialog } from '../features/credits/store/buy-credits-dialog-store';
import { redirectBrowser } from '../lib/browser-location';
import { createBrowserPlatform } from '../lib/platform';
import { makeCredits, makeTransactions } from '../test/account-money-fixtures';
import { deferred, jsonResponse } from '../test/mock-fetch';
import { makePaymentMethod } from '../test/purchase-fixtures';
import {
  expectFinishedAfterSuccess,
  openWith,
  renderMoneyDialogs,
  startSteppableTimers,
  freshMoneyDialogsEachTest,
} from './money-dialogs.test-setup';

vi.mock('../lib/browser-location', () => ({ redirectBrowser: vi.fn() }));

const PURCHASE = 'POST /api/user/credits/purchase';
const pack = (name: RegExp) => screen.getByRole('radio', { name });
const buyButton = () => screen.getByRole('button', { name: /^Buy .*Credits$/ });

function open(onPurchased = vi.fn()) {
  openWith(() => useBuyCreditsDialog.getState().open({ onPurchased }));
  return onPurchased;
}

freshMoneyDialogsEachTest();

describe('Buy Credits', () => {
  it('shows the balance, the six packs with their bonus, how credits work and the last five transactions', async () => {
    renderMoneyDialogs({
      handlers: { 'GET /api/user/credits': () => jsonResponse(makeCredits(1250, makeTransactions(10))) },
    });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    expect(await within(dialog).findByText('1,250 credits')).toBeInTheDocument();

    const packs = within(dialog).getAllByRole('radio', { name: /credits, \$/ });
    expect(packs.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '100 credits, $1.00',
      '500 credits, $4.50',
      '1,000 credits, $8.50',
      '2,500 credits, $20.00',
      '5,000 credits, $37.50',
      '10,000 credits, $70.00',
    ]);
    expect(pack(/^1,000 credits/)).toHaveAccessibleDescription(
      /\+15%.*\+150 bonus.*10 boosts.*5 weekly features/,
    );
    expect(pack(/^500 credits/)).toHaveAccessibleDescription(/\+10%/);
    expect(pack(/^100 credits/)).not.toHaveAccessibleDescription(/%/);
    expect(within(dialog).getAllByText('BEST VALUE')).toHaveLength(1);
    expect(pack(/^1,000 credits/).closest('label')).toHaveTextContent('BEST VALUE');

    const how = within(dialog).getByRole('region', { name: 'How credits work' });
    expect(how).toHaveTextContent('Credits never expire');
    expect(how).toHaveTextContent('Homepage Boost: 100 credits for 3 days');

    const recent = within(dialog).getByRole('list', { name: 'Recent transactions' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(recent).toHaveTextContent('Transaction 1');
    expect(recent).not.toHaveTextContent('Transaction 6');
  });

  it('is disabled until a pack is chosen, and sums the pack with its bonus', async () => {
    const { user } = renderMoneyDialogs();
    open();
    await screen.findByRole('radio', { name: /New card/ });
    expect(buyButton()).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Order summary' })).not.toBeInTheDocument();

    await user.click(pack(/^2,500 credits/));
    expect(buyButton()).toBeEnabled();
    expect(buyButton()).toHaveTextContent('Buy 2,500 Credits');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Total credits3,000');
    expect(summary).toHaveTextContent('Total$20.00');
  });

  it('pays a new card at the checkout: the body names the pack and the browser leaves', async () => {
    const answer = deferred<Response>();
    const { user, api } = renderMoneyDialogs({ handlers: { [PURCHASE]: () => answer.promise } });
    open();
    await user.click(await screen.findByRole('radio', { name: /^500 credits/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Save payment method for future purchases' }));
    await user.click(buyButton());

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(api.calls(PURCHASE)[0]?.body).toEqual({
      credits_amount: 500,
      payment_method: 'new_card',
      save_payment_method: true,
    });
    answer.resolve(jsonResponse({ checkout_url: 'http://localhost:3000/checkout/local/account/p1' }));
    await waitFor(() =>
      expect(redirectBrowser).toHaveBeenCalledWith('http://localhost:3000/checkout/local/account/p1'),
    );
    expect(screen.getByRole('button', { name: 'Redirecting to checkout...' })).toBeDisabled();
  });

  it('charges the default saved method at once, shows success for 2 s, then calls back and closes', async () => {
    startSteppableTimers();
    let balance = 950;
    const { user, api } = renderMoneyDialogs({
      handlers: {
        'GET /api/payment/methods': () => jsonResponse([makePaymentMethod({ is_default: true })]),
        'GET /api/user/credits': () => jsonResponse(makeCredits(balance)),
        [PURCHASE]: () => {
          balance += 1150;
          return jsonResponse({ paid: true });
        },
      },
    });
    const onPurchased = open();
    expect(await screen.findByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    await user.click(pack(/^1,000 credits/));
    await user.click(buyButton());

    expect(await screen.findByRole('status')).toHaveTextContent('1,150 credits are now in your balance');
    expect(api.calls(PURCHASE)[0]?.body).toEqual({
      credits_amount: 1000,
      payment_method: 'saved',
      save_payment_method: false,
      saved_payment_method_id: 'pm_visa_4242',
    });
    // The balance is asked for again at once (the menu and settings show it).
    await waitFor(() => expect(api.calls('GET /api/user/credits').length).toBeGreaterThanOrEqual(2));
    await expectFinishedAfterSuccess(onPurchased);
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it('opens the checkout in the system browser on the desktop and closes', async () => {
    const openExternal = vi.fn();
    const { user } = renderMoneyDialogs({
      platform: { ...createBrowserPlatform(), kind: 'desktop', openExternal },
      handlers: { [PURCHASE]: () => jsonResponse({ checkout_url: 'https://checkout.stripe.com/c/pay/c1' }) },
    });
    open();
    await user.click(await screen.findByRole('radio', { name: /^100 credits/ }));
    await user.click(buyButton());

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(openExternal).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/c1');
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the server’s error',
      jsonResponse({ error: 'Saved payment method not found' }, 404),
      'Saved payment method not found',
    ],
    [
      'Failed to purchase credits without one',
      new Response(null, { status: 502 }),
      'Failed to purchase credits',
    ],
  ])('shows %s inline in red and re-enables Buy', async (_what, failure, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderMoneyDialogs({ handlers: { [PURCHASE]: () => failure } });
    open();
    await user.click(await screen.findByRole('radio', { name: /^100 credits/ }));
    await user.click(buyButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(buyButton()).toBeEnabled();
    expect(screen.getByRole('dialog', { name: 'Buy Credits' })).toBeInTheDocument();
    // Choosing again clears the message.
    await user.click(pack(/^500 credits/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
