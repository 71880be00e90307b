import type { CartResponse } from '@beatroom/shared/cart-contract';
import type { SessionUser } from '@beatroom/shared/auth-contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { listener } from '../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../test/mock-fetch';
import type { RenderPaymentChoice } from '../../../lib/payment-choice-slot';
import { renderRoutes } from '../../../test/render';
import { guestCart } from '../guest-cart';
import { AddToCartButton } from './add-to-cart-button';
import { CartButton } from './cart-button';
import { CartPage } from './cart-page';

const beat = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Night Drive',
  user_id: '22222222-2222-4222-8222-222222222222',
  producer_name: 'Nova',
  price_cents: 2999,
  is_free: false,
  // Its producer does not sell Trackout for it.
  license_offers: { trackout: { enabled: false, price_cents: null } },
};
const LINE_ID = '55555555-5555-4555-8555-555555555555';

// Buying's payment choice is app/'s to hand in (cart-route.test.tsx checks out with the real one).
const newCard: RenderPaymentChoice = ({ children }) =>
  children({
    fields: { payment_method: 'new_card', save_payment_method: false },
    complete: true,
    field: null,
  });

function cartWith(lines: number, couponCode = ''): CartResponse {
  const off = couponCode === 'TEN' ? 600 : 0;
  const line = {
    id: LINE_ID,
    beat: {
      id: beat.id,
      title: beat.title,
      producer_id: beat.user_id,
      producer_name: 'Nova',
      cover_image_key: null,
    },
    license_type: 'premium' as const,
    license_name: 'Premium',
    price_cents: 5998,
    list_price_cents: 5998,
    list_currency: 'USD' as const,
    display_price_cents: 5998,
    upgrade_from: null,
    available: true,
    discount_cents: off,
    discount_reason: off ? ('coupon' as const) : null,
    added_at: '2026-11-29T06:00:00.000Z',
  };
  const total = lines * 5998 - off;
  return {
    lines: lines ? [line] : [],
    totals: {
      line_count: lines,
      subtotal_cents: lines * 5998,
      discount_cents: off,
      total_cents: total,
      currency: 'USD',
      display_currency: 'USD',
      display_total_cents: total,
    },
    coupon: couponCode ? { code: couponCode, error: off ? null : 'This coupon code is not valid' } : null,
  };
}

function setup(user: SessionUser | null) {
  let cart = cartWith(0);
  const api = stubFetch({
    'GET /api/users/me': () => (user ? jsonResponse(user) : jsonResponse({ error: 'Not signed in' }, 401)),
    'GET /api/cart': ({ query }) =>
      jsonResponse(query.get('coupon_code') ? cartWith(cart.lines.length, query.get('coupon_code')!) : cart),
    'POST /api/cart': () => jsonResponse((cart = cartWith(1))),
    [`DELETE /api/cart/${LINE_ID}`]: () => jsonResponse((cart = cartWith(0))),
  });
  renderRoutes([
    {
      path: '/',
      element: (
        <>
          <CartButton />
          <AddToCartButton beat={beat} variant="page" />
          <CartPage signIn={<button type="button">Sign In</button>} paymentChoice={newCard} />
        </>
      ),
    },
  ]);
  return api;
}

afterEach(() => guestCart.clear());

describe('the cart', () => {
  it('a member adds a beat with a licence; the header counts it and the page prices it', async () => {
    const user = userEvent.setup();
    const api = setup(listener);
    expect(await screen.findByText('Your cart is empty.', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Add ${beat.title} to cart` }));
    expect(await screen.findByRole('menuitem', { name: 'Premium licence' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Trackout licence' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Premium licence' }));
    await waitFor(() => expect(api.calls('POST /api/cart')).toHaveLength(1));
    expect(api.calls('POST /api/cart')[0]!.body).toEqual({ beat_id: beat.id, license_type: 'premium' });
    expect(await screen.findByRole('link', { name: 'Cart, 1 beat' })).toBeInTheDocument();
    const lines = screen.getByRole('list', { name: 'Cart lines' });
    expect(within(lines).getByText('Nova · Premium licence')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$59.98');

    await user.type(screen.getByLabelText('Coupon code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon code is not valid');
    await user.clear(screen.getByLabelText('Coupon code'));
    await user.type(screen.getByLabelText('Coupon code'), 'TEN');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon TEN applied')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$53.98');
    expect(api.calls('GET /api/cart').some((r) => r.query.get('coupon_code') === 'TEN')).toBe(true);

    await user.click(screen.getByRole('button', { name: `Remove ${beat.title} from your cart` }));
    expect(await screen.findByRole('link', { name: 'Cart, 0 beats' })).toBeInTheDocument();
    expect(api.calls(`DELETE /api/cart/${LINE_ID}`)).toHaveLength(1);
  });

  it('a visitor’s cart stays in the browser and asks them to sign in; nothing is sent', async () => {
    const user = userEvent.setup();
    const api = setup(null);
    await user.click(await screen.findByRole('button', { name: `Add ${beat.title} to cart` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Basic licence' }));
    expect(await screen.findByRole('link', { name: 'Cart, 1 beat' })).toBeInTheDocument();
    expect(guestCart.lines()).toEqual([
      { beat_id: beat.id, license_type: 'basic', title: beat.title, producer_name: 'Nova' },
    ]);
    expect(screen.getByText('Nova · Basic licence')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.calls('POST /api/cart')).toHaveLength(0);
  });

  it('merges a visitor’s cart into the server cart once they are signed in', async () => {
    guestCart.put({ beat_id: beat.id, license_type: 'exclusive', title: beat.title, producer_name: 'Nova' });
    const api = setup(listener);
    await waitFor(() => expect(api.calls('POST /api/cart')).toHaveLength(1));
    expect(api.calls('POST /api/cart')[0]!.body).toEqual({ beat_id: beat.id, license_type: 'exclusive' });
    await waitFor(() => expect(guestCart.lines()).toEqual([]));
    expect(await screen.findByRole('link', { name: 'Cart, 1 beat' })).toBeInTheDocument();
  });
});
