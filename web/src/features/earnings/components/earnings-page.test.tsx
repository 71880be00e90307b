import { ANALYTICS_LOCKED } from '@beatroom/shared/analytics-charts-contract';
import type { EarningsResponse } from '@beatroom/shared/earnings-contract';
import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectBrowser } from '../../../lib/browser-location';
import { createBrowserPlatform, PlatformProvider, type Platform } from '../../../lib/platform';
import { lastThirtyDays, makeEarnings } from '../../../test/account-fixtures';
import { producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { barHeights, chartSummary } from './earnings-chart';
import { EarningsPage } from './earnings-page';

vi.mock('../../../lib/browser-location', () => ({ redirectBrowser: vi.fn() }));

function setup(
  earnings: EarningsResponse = makeEarnings(),
  handlers: Record<string, FetchHandler> = {},
  platform?: Platform,
) {
  const api = stubFetch({
    'GET /api/users/me/earnings': () => jsonResponse(earnings),
    // Without a plan that has analytics, as most producers are.
    'GET /api/users/me/earnings/by-day': () => jsonResponse({ error: ANALYTICS_LOCKED }, 403),
    ...handlers,
  });
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <PlatformProvider platform={platform ?? createBrowserPlatform()}>
          <EarningsPage user={producer} />
        </PlatformProvider>
      ),
    },
    { path: '/beat/:beatId', element: <p>Beat page</p> },
  ]);
  return { ...view, api };
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const bars = () => Array.from(document.querySelectorAll<SVGRectElement>('rect[data-day]'));

afterEach(() => vi.mocked(redirectBrowser).mockReset());

describe('Earnings', () => {
  it('shows the totals: gross, platform fees, net and sales', async () => {
    setup();
    await screen.findByText('Gross sales', { selector: 'dt' });
    expect(tile('Gross sales')).toBe('$129.95');
    expect(tile('Platform fees')).toBe('$13.00');
    expect(tile('Net earnings')).toBe('$116.95');
    expect(tile('Sales')).toBe('3');
  });

  it('says the currency sales are charged in, and converts the totals beside it for a EUR viewer', async () => {
    setup(undefined, {
      // The settings are the signed-in user's own.
      'GET /api/users/me': () => jsonResponse(producer),
      'GET /api/user-settings': () => jsonResponse({ ...DEFAULT_USER_SETTINGS, preferredCurrency: 'EUR' }),
    });
    await screen.findByText('Gross sales', { selector: 'dt' });
    await waitFor(() => expect(tile('Gross sales')).toBe('$129.95 (≈ €110.46)'));
    expect(tile('Net earnings')).toBe('$116.95 (≈ €99.41)');
    expect(
      screen.getByText(/Amounts in USD, the currency sales are charged in; ≈ EUR for display only/),
    ).toBeVisible();
  });

  it('draws one bar per day of the last 30, scaled to the best day, described in words', async () => {
    setup();
    const chart = await screen.findByRole('img', { name: 'Net earnings, last 30 days' });
    expect(chart).toHaveAccessibleDescription(
      '$116.95 net from 3 sales in the last 30 days; best day Nov 22, 2026 with $80.97.',
    );
    const drawn = bars();
    expect(drawn).toHaveLength(30);
    expect(drawn[0]).toHaveAttribute('data-day', '2026-10-24');
    expect(drawn[29]).toHaveAttribute('data-day', '2026-11-22');
    const heights = drawn.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[29]).toBe(100);
    expect(heights[27]).toBeCloseTo((3598 / 8097) * 100);
    expect(heights.filter((h) => h === 0)).toHaveLength(28);
    expect(drawn[29]!.querySelector('title')?.textContent).toBe('Nov 22, 2026: $80.97 from 2 sales');
  });

  it('keeps a small day visible beside a big one, and says when nothing sold', () => {
    const days = lastThirtyDays({ 0: { sales: 1, net_cents: 1 }, 1: { sales: 1, net_cents: 100_000 } });
    expect(barHeights(days).slice(0, 3)).toEqual([2, 100, 0]);
    expect(barHeights(lastThirtyDays())).toEqual(Array(30).fill(0));
    expect(chartSummary(lastThirtyDays(), 'USD')).toBe('No sales in the last 30 days.');
  });

  it('lists sales per beat, best first, each linking to its beat', async () => {
    const { user, router } = setup(
      makeEarnings({
        per_beat: [
          { beat_id: 'b-small', beat_title: 'Small Seller', sales: 1, gross_cents: 999, net_cents: 999 },
          { beat_id: 'b-big', beat_title: 'Big Seller', sales: 4, gross_cents: 11_996, net_cents: 10_796 },
        ],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Sales per beat' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Big Seller', '4', '$119.96', '$107.96'],
      ['Small Seller', '1', '$9.99', '$9.99'],
    ]);
    await user.click(within(table).getByRole('link', { name: 'Big Seller' }));
    expect(router.state.location.pathname).toBe('/beat/b-big');
  });

  it('says when nothing has sold yet', async () => {
    setup(makeEarnings({ per_beat: [], totals: { sales: 0, gross_cents: 0, fee_cents: 0, net_cents: 0 } }));
    expect(await screen.findByRole('heading', { name: 'No sales yet' })).toBeInTheDocument();
    expect(tile('Net earnings')).toBe('$0.00');
  });

  it('explains that payouts need Stripe when the server has none, with nothing to click', async () => {
    setup();
    const payouts = await screen.findByRole('region', { name: 'Payouts' });
    expect(payouts).toHaveTextContent('Not available');
    expect(payouts).toHaveTextContent('Payouts need Stripe configured on this server');
    expect(within(payouts).queryByRole('button')).not.toBeInTheDocument();
  });

  it('connects payouts: asks the server for the onboarding link and goes there', async () => {
    const url = 'https://connect.stripe.com/setup/e/acct_123/abc';
    const { user, api } = setup(
      makeEarnings({ payout: { status: 'not_connected', pending_transfer_cents: 11_695 } }),
      { 'POST /api/payouts/onboarding': () => jsonResponse({ url }) },
    );
    const payouts = await screen.findByRole('region', { name: 'Payouts' });
    expect(payouts).toHaveTextContent('$116.95 waiting for your payout account.');

    await user.click(within(payouts).getByRole('button', { name: 'Connect payouts' }));
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith(url));
    expect(api.calls('POST /api/payouts/onboarding')).toHaveLength(1);
  });

  it('opens onboarding in the system browser on the desktop, and offers to continue it', async () => {
    const url = 'https://connect.stripe.com/setup/e/acct_123/def';
    const openExternal = vi.fn();
    const platform: Platform = { ...createBrowserPlatform(), kind: 'desktop', openExternal };
    const { user } = setup(
      makeEarnings({ payout: { status: 'pending', pending_transfer_cents: 0 } }),
      { 'POST /api/payouts/onboarding': () => jsonResponse({ url }) },
      platform,
    );
    await user.click(await screen.findByRole('button', { name: 'Continue onboarding' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith(url));
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it('shows the server’s reason when onboarding cannot start, and stays', async () => {
    const { user } = setup(makeEarnings({ payout: { status: 'not_connected', pending_transfer_cents: 0 } }), {
      'POST /api/payouts/onboarding': () =>
        jsonResponse({ error: 'Payouts need Stripe: this server only takes test payments' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Connect payouts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payouts need Stripe: this server only takes test payments',
    );
    expect(redirectBrowser).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Connect payouts' })).toBeEnabled();
  });

  it('offers a retry when the earnings cannot be loaded', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(makeEarnings(), {
      'GET /api/users/me/earnings': () =>
        fail ? jsonResponse({ error: 'Boom' }, 500) : jsonResponse(makeEarnings()),
    });
    expect(await screen.findByText('Could not load your earnings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Gross sales', { selector: 'dt' })).toBeInTheDocument();
  });
});
