import type { Currency } from '@beatroom/shared/money-constants';
import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { act, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BeatCatalogue } from '../features/catalogue/components/beat-catalogue';
import { useCatalogueView } from '../features/catalogue/store/catalogue-view-store';
import { DownloadsPage } from '../features/downloads/components/downloads-page';
import { InvoiceDetail } from '../features/invoices/components/invoice-detail';
import { PurchaseDialog } from '../features/purchase/components/purchase-dialog';
import { usePurchaseDialog } from '../features/purchase/store/purchase-dialog-store';
import { makeDownloadItem, makeInvoice, makePurchaseItem } from '../test/account-fixtures';
import { listener, makeBeat } from '../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../test/mock-fetch';
import { makeLicenses } from '../test/purchase-fixtures';
import { renderRoutes } from '../test/render';

// Prices are stored in USD cents and shown in the signed-in user's preferredCurrency on every
// screen that shows one (USD→EUR 0.85); invoices keep their own currency.

const beat = makeBeat({ price_cents: 2999 });

function render(element: ReactNode, currency: Currency, handlers: Record<string, FetchHandler> = {}) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(listener),
    'GET /api/user-settings': () => jsonResponse({ ...DEFAULT_USER_SETTINGS, preferredCurrency: currency }),
    ...handlers,
  });
  return { ...renderRoutes([{ path: '/', element }]), api };
}

beforeEach(() => {
  useCatalogueView.setState({ choices: {} });
  usePurchaseDialog.setState({ beat: null, onPurchased: null });
});

describe('prices in the user’s currency', () => {
  it('beat cards and track rows show € for a EUR user ($29.99 → €25.49)', async () => {
    const { user } = render(<BeatCatalogue renderPlayButton={() => null} />, 'EUR', {
      'GET /api/beats': () => jsonResponse([beat]),
    });
    const card = await screen.findByRole('article', { name: beat.title });
    expect(await within(card).findByText('€25.49')).toBeInTheDocument();
    expect(within(card).queryByText('$29.99')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'List view' }));
    // The track list loads when first chosen.
    const row = await screen.findByRole('article', { name: beat.title });
    expect(within(row).getByText('€25.49')).toBeInTheDocument();
  });

  it('a USD user sees dollars', async () => {
    render(<BeatCatalogue renderPlayButton={() => null} />, 'USD', {
      'GET /api/beats': () => jsonResponse([beat]),
    });
    const card = await screen.findByRole('article', { name: beat.title });
    expect(within(card).getByText('$29.99')).toBeInTheDocument();
  });

  it('the purchase dialog prices licences and the summary in €, and still sends USD cents', async () => {
    const { user, api } = render(<PurchaseDialog />, 'EUR', {
      [`GET /api/beats/${beat.id}/licenses`]: () => jsonResponse(makeLicenses(beat.price_cents)),
      'GET /api/payment/methods': () => jsonResponse([]),
      [`POST /api/beats/${beat.id}/purchase`]: () => jsonResponse({ order_id: 'order-1', status: 'paid' }),
    });
    act(() =>
      usePurchaseDialog
        .getState()
        .open({ id: beat.id, title: beat.title, producer_name: beat.producer_name }),
    );
    expect(await screen.findByRole('radio', { name: 'Basic licence, €25.49' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Premium licence, €50.98' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Exclusive licence, €254.92' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Subtotal').nextElementSibling).toHaveTextContent('€25.49');
    expect(within(summary).getByText('Processing fee').nextElementSibling).toHaveTextContent('€0.00');
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('€25.49');

    await user.click(screen.getByRole('radio', { name: 'Premium licence, €50.98' }));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await vi.waitFor(() => expect(api.calls(`POST /api/beats/${beat.id}/purchase`)).toHaveLength(1));
    expect(api.calls(`POST /api/beats/${beat.id}/purchase`)[0]!.body).toMatchObject({
      license_type: 'premium',
      price_cents: 5998,
    });
  });

  it('download history and purchases show the price paid in €', async () => {
    const base = `/api/users/${listener.id}`;
    const page = <DownloadsPage onDownload={vi.fn()} downloadingId={null} onOpenInvoices={vi.fn()} />;
    const { user } = render(page, 'EUR', {
      [`GET ${base}/downloads`]: () => jsonResponse([makeDownloadItem({ price_paid_cents: 5998 })]),
      [`GET ${base}/purchases`]: () => jsonResponse([makePurchaseItem({ price_paid_cents: 29990 })]),
    });
    expect(await screen.findByText('€50.98')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Purchases/ }));
    expect(await screen.findByText('€254.92')).toBeInTheDocument();
  });

  it('an invoice keeps its own currency whatever the user prefers', async () => {
    render(
      <InvoiceDetail
        invoice={makeInvoice({ currency: 'USD', subtotal_cents: 2999, total_cents: 2999 })}
        onBack={vi.fn()}
      />,
      'EUR',
    );
    expect((await screen.findAllByText('$29.99')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
  });
});
