// HTTP contract of the cart (docs/domain.md#cart-and-multi-line-checkout): a signed-in user's
// cart is kept on the server, one line per beat; a signed-out visitor's is kept in the browser
// and added line by line at sign-in. Every line is priced afresh on each
// read with the same licence prices a single purchase charges. Money is integer cents.
import { z } from 'zod';
import { CURRENCIES, LICENSE_IDS } from './money-constants';
import { PURCHASE_PAYMENT_METHODS } from './money-contract';

const Cents = z.number().int();

/** POST /api/cart: add a beat with a licence; the same beat again replaces its licence. */
export const AddToCartBody = z.strictObject({
  beat_id: z.uuid('beat_id must be a beat id'),
  license_type: z.enum(LICENSE_IDS),
});
export type AddToCartBody = z.infer<typeof AddToCartBody>;

/** The beat a line is for, as the cart shows it. */
export const CartBeat = z.object({
  id: z.string(),
  title: z.string(),
  producer_id: z.string(),
  producer_name: z.string(),
  cover_image_key: z.string().nullable(),
});

/**
 * One line: the licence's price now, charged in USD (price_cents), as the producer listed it
 * (list_price_cents in list_currency), and in the viewer's currency (display_price_cents).
 * upgrade_from is set when the buyer holds a lower licence of the beat and pays the difference.
 * A line whose licence cannot be bought right now (another buyer's checkout holds the exclusive,
 * the buyer got the licence meanwhile) is unavailable: shown, not counted, not checked out.
 */
export const CartLine = z.object({
  id: z.string(),
  beat: CartBeat,
  license_type: z.enum(LICENSE_IDS),
  license_name: z.string(),
  price_cents: Cents,
  list_price_cents: Cents,
  list_currency: z.enum(CURRENCIES),
  display_price_cents: Cents,
  upgrade_from: z.enum(LICENSE_IDS).nullable(),
  available: z.boolean(),
  /** USD cents off this line: its producer's bulk deal made it free, or the coupon. */
  discount_cents: Cents,
  discount_reason: z.enum(['deal', 'coupon']).nullable(),
  added_at: z.string(),
});
export type CartLine = z.infer<typeof CartLine>;

/** The cart's sums: charged in USD, shown in the viewer's currency. */
export const CartTotals = z.object({
  line_count: z.number().int().min(0),
  subtotal_cents: Cents,
  discount_cents: Cents,
  total_cents: Cents,
  currency: z.literal('USD'),
  display_currency: z.enum(CURRENCIES),
  display_total_cents: Cents,
});
export type CartTotals = z.infer<typeof CartTotals>;

/** GET /api/cart?coupon_code=…: the cart as checkout with that code would charge it. */
export const CartQuery = z.object({ coupon_code: z.string().trim().max(64).optional() });

/** The coupon asked for: error says why it does not apply (null: it does). */
export const CartCoupon = z.object({ code: z.string(), error: z.string().nullable() });

/** GET /api/cart, and the answer of every change to it. */
export const CartResponse = z.object({
  lines: z.array(CartLine),
  totals: CartTotals,
  coupon: CartCoupon.nullable(),
});
export type CartResponse = z.infer<typeof CartResponse>;

/** DELETE /api/cart/{lineId} */
export const CartLineParams = z.object({ lineId: z.string() });

/**
 * POST /api/cart/checkout: the whole cart (its available lines) as one order with a line per
 * beat, answered like a single purchase (PurchaseResponse). The server prices every line again
 * and answers 409 naming the beat whose price changed; coupon_code is the code the cart showed.
 * Paying with a saved method needs saved_payment_method_id, as a single purchase does.
 */
export const CartCheckoutBody = z
  .strictObject({
    payment_method: z.enum(PURCHASE_PAYMENT_METHODS).default('new_card'),
    save_payment_method: z.boolean().default(false),
    coupon_code: z.string().trim().min(1).max(64).optional(),
    saved_payment_method_id: z.string().min(1).max(255).optional(),
  })
  .refine((b) => b.payment_method !== 'saved' || !!b.saved_payment_method_id, {
    message: 'saved_payment_method_id is required to pay with a saved method',
    path: ['saved_payment_method_id'],
  });
export type CartCheckoutBody = z.input<typeof CartCheckoutBody>;

/** 409 of a cart checkout: when one line is at fault, the beat it is for and its price now. */
export const CartCheckoutConflict = z.object({
  error: z.string(),
  beat_id: z.string().optional(),
  price_cents: Cents.optional(),
});

/** The most lines a cart holds: a checkout is one payment, not a catalogue export. */
export const CART_MAX_LINES = 50;

export const CART_ERRORS = {
  LINE_NOT_FOUND: 'Cart line not found',
  FULL: `A cart holds at most ${CART_MAX_LINES} beats`,
  EMPTY: 'Your cart has no beat that can be bought right now',
  PRICE_CHANGED: (title: string) => `The price of "${title}" changed: review your cart`,
} as const;
