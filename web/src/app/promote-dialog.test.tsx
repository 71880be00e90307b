import { insufficientCreditsMessage } from '@beatroom/shared/credits-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROMOTION_FOOTER } from '../features/promotions/components/promote-dialog';
import { usePromoteDialog } from '../features/promotions/store/promote-dialog-store';
import { redirectBrowser } from '../lib/browser-location';
import { makeBeatPromotion, makeCredits, makePromotionOptions } from '../test/account-money-fixtures';
import { makeBeat } from '../test/fixtures';
import { jsonResponse } from '../test/mock-fetch';
import {
  expectFinishedAfterSuccess,
  openWith,
  renderMoneyDialogs,
  startSteppableTimers,
  freshMoneyDialogsEachTest,
} from './money-dialogs.test-setup';

vi.mock('../lib/browser-location', () => ({ redirectBrowser: vi.fn() }));

const beat = makeBeat();
const PROMOTE = `POST /api/beats/${beat.id}/promote`;
const option = (name: RegExp) => screen.getByRole('radio', { name });
const payWith = (name: 'Pay with credits' | 'Pay with card') =>
  screen.getByRole('radio', { name: new RegExp(name) });
const confirm = () => screen.getByRole('button', { name: 'Promote Beat' });

function open(onPromoted = vi.fn()) {
  openWith(() => usePromoteDialog.getState().open({ id: beat.id, title: beat.title }, { onPromoted }));
  return onPromoted;
}

freshMoneyDialogsEachTest();

describe('Promote Your Beat', () => {
  it('offers the three options, credits by default, and the footer; confirm waits for an option', async () => {
    const { user } = renderMoneyDialogs();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Promote Your Beat' });
    expect(dialog).toHaveTextContent(beat.title);
    const options = await within(dialog).findAllByRole('radio', { name: / or \$/ });
    expect(options.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Featured 1 Week, 200 credits or $1.99',
      'Featured 1 Month, 600 credits or $5.99',
      'Homepage Boost, 100 credits or $0.99',
    ]);
    expect(payWith('Pay with credits')).toBeChecked();
    expect(confirm()).toBeDisabled();
    expect(within(dialog).getByText(PROMOTION_FOOTER)).toBeInTheDocument();
    expect(within(dialog).queryByText(/subscriber discount/)).not.toBeInTheDocument();

    await user.click(option(/^Featured 1 Month/));
    expect(confirm()).toBeEnabled();
    const summary = screen.getByRole('region', { name: 'Promotion summary' });
    expect(summary).toHaveTextContent('Featured 1 Month');
    expect(summary).toHaveTextContent('Total600 credits');
    await user.click(payWith('Pay with card'));
    expect(summary).toHaveTextContent('Total$5.99');
  });

  it('disables credits with "Insufficient credits (need N)" when the balance is short', async () => {
    const { user } = renderMoneyDialogs({
      handlers: { 'GET /api/user/credits': () => jsonResponse(makeCredits(150)) },
    });
    open();
    await user.click(await screen.findByRole('radio', { name: /^Homepage Boost/ }));
    await waitFor(() => expect(payWith('Pay with credits')).toBeEnabled());

    await user.click(option(/^Featured 1 Week/));
    expect(payWith('Pay with credits')).toBeDisabled();
    expect(payWith('Pay with credits').closest('label')).toHaveTextContent(insufficientCreditsMessage(200));
    expect(screen.getByText('Insufficient credits (need 200)')).toBeInTheDocument();
    expect(payWith('Pay with card')).toBeChecked();
    expect(confirm()).toBeEnabled();
  });

  it('shows a subscriber’s discount as a badge and as reduced prices', async () => {
    renderMoneyDialogs({
      handlers: { 'GET /api/promotion-options': () => jsonResponse(makePromotionOptions(20)) },
    });
    open();
    const week = await screen.findByRole('radio', { name: 'Featured 1 Week, 160 credits or $1.59' });
    expect(screen.getByText('20% subscriber discount')).toBeInTheDocument();
    // The list prices, struck through beside the reduced ones.
    const struck = Array.from(week.closest('label')!.querySelectorAll('s')).map((s) => s.textContent);
    expect(struck).toEqual(['200 credits', '$1.99']);
  });

  it('a subscriber with an included featured slot left sees it and a summary of 0', async () => {
    let left = 1;
    const { user, api } = renderMoneyDialogs({
      handlers: {
        'GET /api/user/credits': () => jsonResponse(makeCredits(0)),
        'GET /api/promotion-options': () => jsonResponse(makePromotionOptions(20, { perMonth: 2, left })),
        [PROMOTE]: () => {
          left -= 1;
          return jsonResponse({
            promotion: makeBeatPromotion({ payment_method: 'included', credits_spent: 0, price_cents: 0 }),
            credits_available: 0,
          });
        },
      },
    });
    open();
    const week = await screen.findByRole('radio', { name: /^Featured 1 Week/ });
    expect(screen.getByText('1 of 2 included featured slots left this month')).toBeInTheDocument();
    expect(week.closest('label')).toHaveTextContent('Included in your plan');
    expect(option(/^Homepage Boost/).closest('label')).not.toHaveTextContent('Included in your plan');

    await user.click(week);
    // No payment to choose, even with no credits at all; the summary totals nothing.
    expect(screen.queryByRole('radio', { name: /Pay with credits/ })).not.toBeInTheDocument();
    expect(screen.getByText(/no credits or card needed/)).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Promotion summary' });
    expect(summary).toHaveTextContent('Included featured slot1 of 2 left this month');
    expect(summary).toHaveTextContent('Total$0.00 (0 credits)');
    expect(summary).not.toHaveTextContent('Subscriber discount');

    // A boost is never included: it is paid as usual, with the discount.
    await user.click(option(/^Homepage Boost/));
    expect(payWith('Pay with card')).toBeChecked();
    expect(summary).toHaveTextContent('Total$0.79');

    await user.click(week);
    await user.click(confirm());
    expect(await screen.findByRole('status')).toHaveTextContent('Promotion Active!');
    expect(api.calls(PROMOTE)[0]?.body).toEqual({
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    // The slots left are asked again once one is used.
    await waitFor(() => expect(api.calls('GET /api/promotion-options').length).toBeGreaterThanOrEqual(2));
  });

  it('with credits: Promotion Active! for 2 s, then the callback and close', async () => {
    startSteppableTimers();
    let balance = 950;
    const { user, api } = renderMoneyDialogs({
      handlers: {
        'GET /api/user/credits': () => jsonResponse(makeCredits(balance)),
        [PROMOTE]: () => {
          balance -= 200;
          return jsonResponse({ promotion: makeBeatPromotion(), credits_available: balance });
        },
      },
    });
    const onPromoted = open();
    await user.click(await screen.findByRole('radio', { name: /^Featured 1 Week/ }));
    await waitFor(() => expect(payWith('Pay with credits')).toBeEnabled());
    await user.click(confirm());

    const success = await screen.findByRole('status');
    expect(success).toHaveTextContent('Promotion Active!');
    expect(success).toHaveTextContent(
      `${beat.title} is now being promoted and will appear in featured sections`,
    );
    expect(success).toHaveTextContent('Redirecting...');
    expect(api.calls(PROMOTE)[0]?.body).toEqual({
      promotion_type: 'featured_week',
      payment_method: 'credits',
    });
    // The balance is fetched again (the menu, settings and this dialog's rule read it).
    await waitFor(() => expect(api.calls('GET /api/user/credits').length).toBeGreaterThanOrEqual(2));
    await expectFinishedAfterSuccess(onPromoted);
  });

  it('with a card: the browser goes to the checkout', async () => {
    const { user, api } = renderMoneyDialogs({
      handlers: {
        [PROMOTE]: () =>
          jsonResponse({
            promotion_id: 'pr1',
            checkout_url: 'http://localhost:3000/checkout/local/account/a1',
          }),
      },
    });
    open();
    await user.click(await screen.findByRole('radio', { name: /^Homepage Boost/ }));
    await user.click(payWith('Pay with card'));
    await user.click(confirm());

    await waitFor(() =>
      expect(redirectBrowser).toHaveBeenCalledWith('http://localhost:3000/checkout/local/account/a1'),
    );
    expect(api.calls(PROMOTE)[0]?.body).toEqual({ promotion_type: 'homepage_boost', payment_method: 'card' });
    expect(screen.getByRole('button', { name: 'Redirecting to checkout...' })).toBeDisabled();
  });

  it.each([
    [
      'the server’s error',
      jsonResponse({ error: 'Insufficient credits (need 200)' }, 402),
      'Insufficient credits (need 200)',
    ],
    ['Failed to promote beat without one', new Response(null, { status: 500 }), 'Failed to promote beat'],
  ])('shows %s and ends processing', async (_what, failure, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderMoneyDialogs({ handlers: { [PROMOTE]: () => failure } });
    open();
    await user.click(await screen.findByRole('radio', { name: /^Featured 1 Week/ }));
    await waitFor(() => expect(payWith('Pay with credits')).toBeEnabled());
    await user.click(confirm());

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(confirm()).toBeEnabled();
  });

  it('Cancel closes without promoting', async () => {
    const { user, api } = renderMoneyDialogs();
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(PROMOTE)).toHaveLength(0);
  });
});
