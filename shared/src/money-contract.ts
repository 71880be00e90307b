// HTTP contract of selling beats: licences, purchase, checkout, saved payment methods, orders and
// invoices (downloads and purchase history are in downloads-contract.ts, producer earnings in
// earnings-contract.ts). The server validates with these schemas and the web app imports the
// same ones. Money is integer cents with its currency; dates are ISO 8601 strings.
import { z } from 'zod';
import { PAGE_SIZES } from './limits';
import { CURRENCIES, LICENSE_IDS } from './money-constants';

export const LicenseType = z.enum(LICENSE_IDS);
export const Currency = z.enum(CURRENCIES);
/** An amount of money: integer cents of the currency beside it. */
export const Cents = z.number().int();

// ---------------------------------------------------------------------------------------------
// Licences and purchase
// ---------------------------------------------------------------------------------------------

/** One licence card of GET /api/beats/{id}/licenses. */
export const LicenseOption = z.object({
  license_type: LicenseType,
  name: z.string(),
  price_cents: Cents,
  features: z.array(z.string()),
  /** Premium is marked POPULAR. */
  popular: z.boolean(),
  /** False for an exclusive already sold or reserved by another buyer's open checkout, and for a licence the viewer holds or is above. */
  available: z.boolean(),
  /**
   * The licence's full price in the currency the producer listed the beat in (its multiple of the
   * list price, exact): what a viewer using that currency is shown. price_cents (USD) is charged.
   */
  list_price_cents: Cents,
  list_currency: Currency,
  /** The viewer holds this licence. */
  held: z.boolean(),
  /**
   * The viewer holds this lower licence and may upgrade from it: price_cents is then the
   * difference they pay (the upgrade rule in list-price.ts), and the licence it replaces.
   */
  upgrade_from: LicenseType.nullable(),
});
export type LicenseOption = z.infer<typeof LicenseOption>;
/** Empty for a free beat: there is nothing to buy. */
export const LicenseListResponse = z.array(LicenseOption);

/** How the buyer pays: new_card is the default; saved needs saved_payment_method_id. */
export const PURCHASE_PAYMENT_METHODS = ['new_card', 'paypal', 'apple_pay', 'google_pay', 'saved'] as const;
export type PurchasePaymentMethod = (typeof PURCHASE_PAYMENT_METHODS)[number];

/** Saved-method and invoice payment types. */
export const PAYMENT_TYPES = ['card', 'paypal', 'apple_pay', 'google_pay'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * POST /api/beats/{id}/purchase. price_cents is what the buyer was shown; the
 * server prices the licence itself and answers 409 `{ error, price_cents }` when they differ.
 */
export const PurchaseBody = z
  .object({
    license_type: LicenseType,
    price_cents: Cents.min(0, 'price_cents must be 0 or more'),
    save_payment_method: z.boolean().default(false),
    payment_method: z.enum(PURCHASE_PAYMENT_METHODS).default('new_card'),
    saved_payment_method_id: z.string().min(1).max(255).nullish(),
    /** A producer's coupon for this beat: its use is reserved at checkout, counted when paid. */
    coupon_code: z.string().trim().min(1).max(64).optional(),
  })
  .refine((b) => b.payment_method !== 'saved' || !!b.saved_payment_method_id, {
    message: 'saved_payment_method_id is required to pay with a saved method',
    path: ['saved_payment_method_id'],
  });
export type PurchaseBody = z.input<typeof PurchaseBody>;

/**
 * The purchase answer: either the buyer goes to the provider's page (checkout_url), or a saved
 * method was charged at once and the order is already paid.
 */
export const PurchaseResponse = z.union([
  z.object({ order_id: z.string(), checkout_url: z.string() }),
  z.object({ order_id: z.string(), status: z.literal('paid') }),
]);
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;

/** 409 when the shown price is stale: the current price so the dialog can show it. */
export const PriceMismatchBody = z.object({ error: z.string(), price_cents: Cents });

export { PURCHASE_ERRORS } from './purchase-errors';

// ---------------------------------------------------------------------------------------------
// Orders and the local checkout
// ---------------------------------------------------------------------------------------------

export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'refunded', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as its buyer sees it (GET /api/checkout/local/{orderId} and order answers). */
export const Order = z.object({
  id: z.string(),
  beat_id: z.string(),
  beat_title: z.string(),
  producer_name: z.string(),
  cover_image_key: z.string().nullable(),
  license_type: LicenseType,
  license_name: z.string(),
  amount_cents: Cents,
  currency: Currency,
  status: z.enum(ORDER_STATUSES),
  /** Why the order ended so, e.g. the refund reason. */
  status_reason: z.string().nullable(),
  provider: z.enum(['local', 'stripe']),
  payment_method_type: z.enum(PAYMENT_TYPES),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** Every beat of the order (a cart's checkout has several), in the cart's order. */
  lines: z
    .array(
      z.object({
        beat_id: z.string(),
        beat_title: z.string(),
        license_type: LicenseType,
        license_name: z.string(),
        /** What is paid for the line, after its discount. */
        amount_cents: Cents,
        discount_cents: Cents,
      }),
    )
    .optional(),
});
export type Order = z.infer<typeof Order>;

export const OrderIdParams = z.object({ orderId: z.string() });

/** GET /api/orders/{id}/license.pdf?beat_id=: which line's licence of a cart order. */
export const LicencePdfQuery = z.object({ beat_id: z.uuid('beat_id must be a beat id').optional() });

/** The local checkout page's banner: no real payment happens there. */
export const LOCAL_CHECKOUT_BANNER = 'Test payment, no money moves';

// ---------------------------------------------------------------------------------------------
// Saved payment methods
// ---------------------------------------------------------------------------------------------

export const PaymentMethod = z.object({
  id: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  card_brand: z.string().nullable(),
  card_last_four: z.string().nullable(),
  card_exp_month: z.number().int().nullable(),
  card_exp_year: z.number().int().nullable(),
  paypal_email: z.string().nullable(),
  is_default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodListResponse = z.array(PaymentMethod);
export const PaymentMethodIdParams = z.object({ id: z.string().min(1).max(255) });

/** POST /api/payment/apple-pay/validate */
export const ApplePayValidateBody = z.object({ validationURL: z.string().url() });
/**
 * Its answer with Stripe: Stripe's Payment Request validates the merchant in the browser, so the
 * client hands the sheet to Stripe.js. Without Stripe the call is a 400 "Apple Pay is not available".
 */
export const ApplePayValidateResponse = z.object({ provider: z.literal('stripe') });
/** POST /api/beats/{id}/purchase/apple-pay/complete: payment holds the wallet's payment method. */
export const ApplePayCompleteBody = z.object({
  payment: z.object({ payment_method: z.string().min(1).max(255) }).passthrough(),
  license_type: LicenseType,
  price_cents: Cents.min(0),
});
/** POST /api/beats/{id}/purchase/google-pay/complete */
export const GooglePayCompleteBody = z.object({
  payment_response: z.object({ payment_method: z.string().min(1).max(255) }).passthrough(),
  license_type: LicenseType,
  price_cents: Cents.min(0),
});

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

export const INVOICE_NUMBER_PATTERN = /^BR-\d{4}-\d{6,}$/;

/** BR-<year>-<six digits>: numbers run 1, 2, 3… within a year. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `BR-${year}-${String(sequence).padStart(6, '0')}`;
}

export const TRANSACTION_TYPES = ['beat_purchase', 'credits_purchase', 'subscription', 'promotion'] as const;

/** One line of an invoice: price before its discount; discount (cents off) when it had one. */
export const InvoiceItem = z.object({
  name: z.string(),
  quantity: z.number().int(),
  price: Cents,
  discount: Cents.optional(),
  /** Why it was discounted: a producer's bulk deal or their coupon. */
  discount_reason: z.enum(['deal', 'coupon']).optional(),
});
export type InvoiceItem = z.infer<typeof InvoiceItem>;

export const Invoice = z.object({
  id: z.string(),
  invoice_number: z.string(),
  /** JSON text of InvoiceItem[]: the API sends the list as text. */
  items: z.string(),
  payment_date: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  status: z.string(),
  payment_provider: z.string(),
  payment_method_type: z.enum([...PAYMENT_TYPES, 'credits']),
  currency: Currency,
  subtotal_cents: Cents,
  tax_cents: Cents,
  discount_cents: Cents,
  total_cents: Cents,
  /** Refunds of this invoice, each with its credit note (CN-<year>-<number>), oldest first. */
  credit_notes: z.array(
    z.object({
      credit_note_number: z.string(),
      issued_at: z.string(),
      total_cents: Cents,
      reason: z.string(),
    }),
  ),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.INVOICES),
});
export const InvoiceListResponse = z.object({
  invoices: z.array(Invoice),
  pagination: z.object({ page: z.number().int(), pages: z.number().int(), total: z.number().int() }),
});
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;
