import { CART_ERRORS, CartResponse, type CartLine } from '@beatroom/shared/cart-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectBrowser } from '../../lib/browser-location';
import { listener } from '../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../test/mock-fetch';
import { makePaymentMethod } from '../../test/purchase-fixtures';
import { renderRoutes } from '../../test/render';
import { CartRoute } from './cart-route';

vi.mock('../../lib/browser-location', () => ({ redirectBrowser: vi.fn() }));

// The cart's checkout as app/ composes it: buying's real payment choice, the coupon the cart
// shows applied, POST /api/cart/checkout, then the checkout page, a paid cart, or the reason.

function line(n: number, title: string, overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    beat: {
      id: `11111111-1111-4111-8111-11111111111${n}`,
      title,
      producer_id: '22222222-2222-4222-8222-222222222222',
      producer_name: 'Nova',
      cover_image_key: null,
    },
    license_type: 'basic',
    license_name: 'Basic',
    price_cents: 2000,
    list_price_cents: 2000,
    list_currency: 'USD',
    display_price_cents: 2000,
    upgrade_from: null,
    available: true,
    discount_cents: 0,
    discount_reason: null,
    added_at: '2026-11-29T06:00:00.000Z',
    ...overrides,
  };
}

/** Two beats; with TEN the coupon takes $2 off each. */
function cart(couponCode: string | null, lines = [line(1, 'Night Drive'), line(2, 'Low Tide')]) {
  const off = couponCode === 'TEN' ? 200 : 0;
  const priced = lines.map((l) => ({ ...l, discount_cents: off, discount_reason: off ? 'coupon' : null }));
  const subtotal = priced.reduce((sum, l) => sum + l.price_cents, 0);
  const total = subtotal - off * priced.length;
  return CartResponse.parse({
    lines: priced,
    totals: {
      line_count: priced.length,
      subtotal_cents: subtotal,
      discount_cents: subtotal - total,
      total_cents: total,
      currency: 'USD',
      display_currency: 'USD',
      display_total_cents: total,
    },
    coupon: couponCode ? { code: couponCode, error: off ? null : 'This coupon code is not valid' } : null,
  });
}

function setup(handlers: Record<string, FetchHandler> = {}) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(listener),
    'GET /api/cart': ({ query }) => jsonResponse(cart(query.get('coupon_code'))),
    'GET /api/payment/methods': () => jsonResponse([]),
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/cart', element: <CartRoute /> },
      { path: '/downloads', element: <p>Downloads page</p> },
    ],
    { initialEntry: '/cart' },
  );
  return { ...view, api };
}

const checkoutButton = () => screen.findByRole('button', { name: 'Checkout' });

beforeEach(() => vi.mocked(redirectBrowser).mockReset());

describe('checking out the cart', () => {
  it('sends the payment choice and the applied coupon, then goes to the checkout page', async () => {
    const answer = deferred<Response>();
    const { user, api } = setup({ 'POST /api/cart/checkout': () => answer.promise });
    await user.type(await screen.findByLabelText('Coupon code'), 'TEN');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon TEN applied')).toBeInTheDocument();
    // The same choice as the Purchase Beat dialog.
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByRole('radio', { name: /New card/ })).toBeChecked();
    await user.click(
      within(payment).getByRole('checkbox', { name: 'Save payment method for future purchases' }),
    );
    await user.click(await checkoutButton());

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(api.calls('POST /api/cart/checkout')[0]?.body).toEqual({
      payment_method: 'new_card',
      save_payment_method: true,
      coupon_code: 'TEN',
    });
    answer.resolve(jsonResponse({ order_id: 'o1', checkout_url: 'http://localhost:3000/checkout/local/o1' }));
    await waitFor(() =>
      expect(redirectBrowser).toHaveBeenCalledWith('http://localhost:3000/checkout/local/o1'),
    );
    expect(screen.getByRole('button', { name: 'Redirecting to checkout...' })).toBeDisabled();
  });

  it('leaves a coupon that does not apply out, and pays at once with a saved method', async () => {
    let paid = false;
    const { user, api } = setup({
      'GET /api/payment/methods': () => jsonResponse([makePaymentMethod({ is_default: true })]),
      'GET /api/cart': ({ query }) => jsonResponse(paid ? cart(null, []) : cart(query.get('coupon_code'))),
      'POST /api/cart/checkout': () => {
        paid = true;
        return jsonResponse({ order_id: 'o2', status: 'paid' });
      },
    });
    await user.type(await screen.findByLabelText('Coupon code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon code is not valid');
    await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    await user.click(await checkoutButton());

    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(api.calls('POST /api/cart/checkout')[0]?.body).toEqual({
      payment_method: 'saved',
      save_payment_method: false,
      saved_payment_method_id: 'pm_visa_4242',
    });
    expect(redirectBrowser).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Go to Downloads' }));
    expect(await screen.findByText('Downloads page')).toBeInTheDocument();
  });

  it.each([
    ['a price changed', CART_ERRORS.PRICE_CHANGED('Low Tide')],
    ['an exclusive was taken', 'This beat was just sold exclusively to someone else'],
    ['the coupon was used up', 'This coupon has been used up'],
  ])('says in the page why it was refused (%s) and prices the cart again', async (_case, error) => {
    const { user, api } = setup({
      'POST /api/cart/checkout': () => jsonResponse({ error, beat_id: line(2, '').beat.id }, 409),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(await checkoutButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(error);
    expect(redirectBrowser).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
    await waitFor(() => expect(api.calls('GET /api/cart').length).toBeGreaterThanOrEqual(2));
    // Picking another way to pay clears it.
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no checkout when nothing in the cart can be bought now', async () => {
    setup({
      'GET /api/cart': () => jsonResponse(cart(null, [line(1, 'Night Drive', { available: false })])),
    });
    expect(await checkoutButton()).toBeDisabled();
  });
});
