/** What Stripe says about a connected account. */
export interface PayoutAccountState {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

/**
 * The payout side of the payment provider, narrowed to what earnings need. Only Stripe pays
 * producers (Connect Express); without Stripe there is no gateway and payouts are unavailable.
 */
export interface PayoutsGateway {
  createAccount(user: { id: string; email: string }): Promise<{ accountId: string }>;
  onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string }>;
  account(accountId: string): Promise<PayoutAccountState>;
  /** Moves net earnings to the producer; the same idempotency key never pays twice. */
  transfer(input: {
    accountId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    orderId: string;
  }): Promise<{ transferId: string }>;
  /**
   * Takes back (part of) a transfer already made, when the sale behind it is refunded; the
   * same idempotency key never reverses twice.
   */
  reverseTransfer(input: {
    transferId: string;
    amountCents: number;
    idempotencyKey: string;
    orderId: string;
  }): Promise<{ reversalId: string }>;
}

/** A provider's subscription as subscriptions need it (Stripe's, read back). */
export interface RemoteSubscription {
  id: string;
  /** Ours for its state; null: leave ours as it is (not started yet). */
  status: 'active' | 'past_due' | 'ended' | null;
  /** Cancelled at the provider: nothing is billed any more. */
  canceled: boolean;
  cancelAtPeriodEnd: boolean;
  /** Our subscription's id and tier, from the metadata the checkout set (unchecked strings). */
  subscriptionId: string | null;
  tierId: string | null;
  latestInvoiceId: string | null;
  /** The one billed item: its price now and the period it is in. */
  item: { id: string; unitAmount: number | null; periodStart: Date; periodEnd: Date } | null;
}

/** The price a subscription item is billed at: an amount every month or year, under a product. */
export interface RecurringPrice {
  amountCents: number;
  interval: 'month' | 'year';
  productId: string;
}

/**
 * Recurring billing at the provider (Stripe Billing), narrowed to what subscriptions need.
 * Without Stripe there is none: local subscriptions are renewed by the job runner.
 */
export interface SubscriptionBilling {
  /** The subscription, or null when the provider does not know it (or refuses the id). */
  retrieve(id: string): Promise<RemoteSubscription | null>;
  /** Stops billing; one already cancelled or unknown is left as it is. */
  cancel(id: string): Promise<void>;
  /** Moves the item to a price: `always_invoice` bills the difference now, `none` at renewal. */
  setPrice(
    id: string,
    itemId: string,
    price: RecurringPrice,
    options: { proration: 'none' | 'always_invoice'; cancelAtPeriodEnd?: false; tierId?: string },
  ): Promise<void>;
  cancelAtPeriodEnd(id: string): Promise<void>;
  /** The product a tier's prices hang from, created once per tier (idempotent). */
  createProduct(tier: { id: string; name: string; description: string }): Promise<string>;
  /**
   * Money a subscription took that Beatroom does not honour: the subscription is cancelled and
   * each payment of the invoice refunded, once however often it is asked.
   */
  refuse(subscriptionId: string | null, invoiceId: string | null, reason: string): Promise<void>;
}

/** One refund of a payment, oldest first. */
export interface ProviderRefund {
  id: string;
  amount: number;
  reason: string | null;
}

/**
 * A provider's notification, verified and read into our terms. Ids of orders and account
 * payments are only set when they are our own UUIDs. Anything that needs another call to the
 * provider is a function, so an event already handled never calls it.
 */
export type ProviderEvent =
  | {
      type: 'checkout.paid';
      orderId: string | null;
      accountPaymentId: string | null;
      /** A checkout that started a subscription: its subscription and first invoice. */
      subscription: { id: string | null; invoiceId: string | null } | null;
      paymentId: string;
      amountCents: number;
    }
  | {
      type: 'payment.succeeded';
      orderId: string | null;
      accountPaymentId: string | null;
      paymentId: string;
      amountCents: number;
    }
  | { type: 'checkout.expired'; orderId: string | null; accountPaymentId: string | null }
  | {
      type: 'invoice.paid' | 'invoice.payment_failed';
      subscriptionId: string | null;
      invoiceId: string;
      amountPaid: number;
    }
  | { type: 'subscription.changed'; subscriptionId: string }
  | {
      type: 'charge.refunded';
      paymentId: string | null;
      orderId: string | null;
      accountPaymentId: string | null;
      refunds: () => Promise<ProviderRefund[]>;
      /** The subscription invoice the payment paid, when it paid one. */
      invoiceOfPayment: () => Promise<string | null>;
    }
  | { type: 'dispute.opened'; paymentId: string | null; disputeId: string }
  | { type: 'dispute.closed'; disputeId: string; won: boolean | null }
  | { type: 'account.updated'; accountId: string; state: PayoutAccountState }
  | { type: 'ignored' };

/** The provider's webhook: checks the signature on the raw body and reads the event. */
export interface WebhookEvents {
  /** Throws when the signature does not verify. */
  verify(rawBody: Buffer, signature: string): { id: string; type: string; event: ProviderEvent };
}
