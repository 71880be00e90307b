import type { PaymentMethod, PaymentType } from '@beatroom/shared/money-contract';

/** What kind of account thing a payment is for (credits pack, promotion, subscription). */
export type AccountPaymentKind = 'credits' | 'promotion' | 'subscription';

/** A subscription's first period, paid through a checkout that starts the subscription. */
export interface RecurringCharge {
  interval: 'month' | 'year';
  /** Our subscription's id and tier, carried in the provider's subscription metadata. */
  subscriptionId: string;
  tierId: string;
  /** The provider's product the recurring price hangs from (Stripe Product id; local: unused). */
  productId: string | null;
}

/** What a provider needs to take payment for one order, or one account payment. */
export interface CheckoutRequest {
  /** The order's id, or the account payment's id when `account` is set. */
  orderId: string;
  /**
   * Set for an account payment (not a beat order): the provider tags the payment with its kind
   * and id instead of an order id, the local page is the account one, and `recurring` makes it
   * a subscription (Stripe Checkout in subscription mode; a saved method starts the subscription).
   */
  account?: { kind: AccountPaymentKind; recurring?: RecurringCharge };
  buyer: { id: string; email: string; name: string | null };
  /** One line on the provider's page and statement: "<beat title> (Premium licence)". */
  description: string;
  amountCents: number;
  /**
   * A cart order's lines, one line item each on the provider's page (their amounts sum to
   * amountCents); absent: one item, the description at amountCents.
   */
  lines?: { description: string; amountCents: number }[];
  currency: 'USD' | 'EUR';
  paymentType: PaymentType;
  /** Keep the method for later purchases ("save payment method" ticked). */
  saveMethod: boolean;
  /** The checkout closes (and an exclusive's reservation ends) at this time. */
  expiresAt: Date;
  /** A producer's connected payout account, paid directly minus feeCents; null: the platform. */
  destination: { accountId: string; feeCents: number } | null;
  /** Where the provider's page sends the buyer after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
}

/** A payment the provider reports as taken. */
export interface PaymentReceived {
  /**
   * The provider's payment id (Stripe PaymentIntent, or a local test id); for a subscription
   * started with a saved method at Stripe, the Stripe subscription's id.
   */
  paymentId: string;
  amountCents: number;
}

/**
 * Money to give back for one payment. Idempotent per `idempotencyKey` (default `refund-<id>`),
 * so retrying after a failure is safe and never refunds twice. A destination charge also takes
 * back the producer's transfer and the platform fee. Through Stripe it is a Refund of the
 * PaymentIntent; the local provider moves no money and answers a local id (the caller keeps the
 * record).
 */
export interface RefundRequest {
  /** The order's (or account payment's) id: Stripe's refund metadata and the default key. */
  id: string;
  paymentId: string | null;
  amountCents: number;
  destinationCharge: boolean;
  /** Why, kept in the provider's refund metadata (e.g. the admin's reason). */
  reason?: string;
  /** A key of its own when one payment may be refunded more than once (partial refunds). */
  idempotencyKey?: string;
  /** What the id names, for the provider's metadata: an order (default) or an account payment. */
  kind?: 'order' | 'account_payment';
}

export type SavedCharge = ({ status: 'paid' } & PaymentReceived) | { status: 'failed'; message: string };

/**
 * A way to take money: Stripe when configured, otherwise the local test provider. Both send
 * the buyer to a checkout_url and end in the same fulfilment function; the order service never
 * knows which one it talks to.
 */
export interface CheckoutProvider {
  readonly name: 'local' | 'stripe';
  /** Opens a checkout the buyer's browser is sent to. sessionId identifies it at the provider. */
  startCheckout(request: CheckoutRequest): Promise<{ url: string; sessionId: string | null }>;
  /**
   * Charges a saved method now, without the buyer present. The caller checked nothing about
   * the method: the provider answers null when it is not the buyer's.
   */
  chargeSaved(request: CheckoutRequest, methodId: string): Promise<SavedCharge | null>;
  /** Charges a payment method a wallet sheet (Apple Pay, Google Pay) just produced. */
  chargeWallet(request: CheckoutRequest, paymentMethodId: string): Promise<SavedCharge>;
  /** Gives money back; see RefundRequest. */
  refund(order: RefundRequest): Promise<{ refundId: string }>;
  /** Ends an open checkout early (the buyer cancelled, or started a new one). */
  cancelCheckout(sessionId: string): Promise<void>;
  listMethods(userId: string): Promise<PaymentMethod[]>;
  /** Removes the user's method; false when it is not theirs (or unknown). */
  deleteMethod(userId: string, methodId: string): Promise<boolean>;
  /** Wallet payments (Apple Pay, Google Pay) are only possible through Stripe. */
  readonly walletsAvailable: boolean;
}
