import type { AddToCartBody, CartCheckoutBody } from '@beatroom/shared/cart-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient, lazySchema } from '../../lib/api-client';

// The header's cart button asks for the cart on the first load: its contract (and zod) load
// beside that request.
const CartResponseSchema = lazySchema(() =>
  import('@beatroom/shared/cart-contract').then((m) => m.CartResponse),
);

/** The cart's query keys, per signed-in user (another account must not read it). */
export const cartKeys = {
  all: ['cart'] as const,
  cart: (userId: string) => ['cart', userId] as const,
  /** The cart with a coupon applied: a key of its own under the user's. */
  withCoupon: (userId: string, couponCode: string) => ['cart', userId, couponCode] as const,
};

/** GET /api/cart: the lines priced now (with the coupon, if one is given), and the totals. */
export function cartQueryOptions(userId: string, couponCode = '') {
  const query = couponCode ? `?coupon_code=${encodeURIComponent(couponCode)}` : '';
  return queryOptions({
    queryKey: couponCode ? cartKeys.withCoupon(userId, couponCode) : cartKeys.cart(userId),
    queryFn: ({ signal }) => apiClient.get(`/api/cart${query}`, { schema: CartResponseSchema, signal }),
  });
}

/** POST /api/cart: the beat with this licence (the same beat again changes its licence). */
export function addToCart(body: AddToCartBody) {
  return apiClient.post('/api/cart', { body, schema: CartResponseSchema });
}

/** DELETE /api/cart/{lineId} */
export function removeCartLine(lineId: string) {
  return apiClient.delete(`/api/cart/${encodeURIComponent(lineId)}`, { schema: CartResponseSchema });
}

// Loaded when a checkout starts, not with the header's cart count.
const PurchaseResponseSchema = lazySchema(() =>
  import('@beatroom/shared/money-contract').then((m) => m.PurchaseResponse),
);

/**
 * POST /api/cart/checkout: the cart's available lines as one order, answered like a single
 * purchase: the checkout page to go to, or paid at once with a saved method.
 */
export function checkoutCart(body: CartCheckoutBody) {
  return apiClient.post('/api/cart/checkout', { body, schema: PurchaseResponseSchema });
}
