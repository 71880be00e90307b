import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listener } from '../../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { makeOrder, ORDER_ID } from '../../../test/purchase-fixtures';
import { renderRoutes } from '../../../test/render';
import { LocalCheckoutPage, PURCHASES_PATH } from './local-checkout-page';

const orderPath = `/api/checkout/local/${ORDER_ID}`;

function setup(handlers: Record<string, FetchHandler> = {}) {
  let order = makeOrder();
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(listener),
    [`GET ${orderPath}`]: () => jsonResponse(order),
    [`POST ${orderPath}/pay`]: () => {
      order = makeOrder({ status: 'paid', paid_at: '2026-11-20T15:05:00.000Z' });
      return jsonResponse(order);
    },
    [`POST ${orderPath}/cancel`]: () => {
      order = makeOrder({ status: 'cancelled', status_reason: 'Cancelled by the buyer' });
      return jsonResponse(order);
    },
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/checkout/local/:orderId', element: <LocalCheckoutPage /> },
      { path: '/downloads', element: <p>Downloads</p> },
    ],
    { initialEntry: `/checkout/local/${ORDER_ID}` },
  );
  return { ...view, api, setOrder: (next: ReturnType<typeof makeOrder>) => (order = next) };
}

describe('the local test checkout', () => {
  it('shows the order under a banner that no money moves', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Test payment, no money moves');
    expect(await screen.findByRole('link', { name: 'Midnight Run' })).toHaveAttribute(
      'href',
      '/beat/11111111-1111-4111-8111-111111111111',
    );
    const details = screen.getByRole('link', { name: 'Midnight Run' }).closest('dl')!;
    expect(details).toHaveTextContent('ProducerNova Beats');
    expect(details).toHaveTextContent('LicencePremium');
    expect(details).toHaveTextContent('Price$59.98');
    expect(screen.getByRole('button', { name: 'Pay $59.98' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('pays, waits while paying, then links to the purchases and back to the beat', async () => {
    const answer = deferred<Response>();
    const { user, api } = setup({ [`POST ${orderPath}/pay`]: () => answer.promise });
    await user.click(await screen.findByRole('button', { name: 'Pay $59.98' }));

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.resolve(jsonResponse(makeOrder({ status: 'paid', paid_at: '2026-11-20T15:05:00.000Z' })));

    const done = await screen.findByRole('status');
    expect(within(done).getByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Go to Downloads' })).toHaveAttribute(
      'href',
      PURCHASES_PATH,
    );
    expect(within(done).getByRole('link', { name: 'Back to the beat' })).toHaveAttribute(
      'href',
      '/beat/11111111-1111-4111-8111-111111111111',
    );
    expect(api.calls(`POST ${orderPath}/pay`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('cancels the order and says so', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Order cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Cancelled by the buyer')).toBeInTheDocument();
    expect(api.calls(`POST ${orderPath}/cancel`)).toHaveLength(1);
    expect(api.calls(`POST ${orderPath}/pay`)).toHaveLength(0);
  });

  it('shows the server’s reason when the order closed meanwhile, then the order as it stands', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, setOrder } = setup({
      [`POST ${orderPath}/pay`]: () => {
        setOrder(makeOrder({ status: 'expired', status_reason: 'Checkout expired' }));
        return jsonResponse({ error: 'This checkout has expired' }, 409);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay $59.98' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This checkout has expired');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'This checkout has expired' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Pay $59.98' })).not.toBeInTheDocument();
  });

  it('says "Order not found" for an order that is not the user’s', async () => {
    setup({ [`GET ${orderPath}`]: () => jsonResponse({ error: 'Order not found' }, 404) });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Beats' })).toHaveAttribute('href', '/');
  });
});
