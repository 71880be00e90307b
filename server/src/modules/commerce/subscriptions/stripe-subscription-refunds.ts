import Stripe from 'stripe';

interface Log {
  warn(obj: object, msg: string): void;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Money a Stripe subscription took that Beatroom does not honour (its payer's account was
 * deleted, its checkout had been replaced by a newer one, its Beatroom subscription is gone):
 * the subscription is cancelled at Stripe so nothing more is billed, and each payment of the
 * invoice is refunded. A subscription's id is not a payment, so the invoice's PaymentIntents
 * are what is refunded; each refund is keyed by invoice and intent, so a retry refunds once.
 */
export function createStripeSubscriptionRefunds(deps: { stripe: Stripe; log: Log }) {
  const { stripe, log } = deps;
  return {
    async refund(subscriptionId: string | null, invoiceId: string | null, reason: string): Promise<void> {
      if (subscriptionId) {
        try {
          await stripe.subscriptions.cancel(subscriptionId);
        } catch (error) {
          // Already cancelled or unknown at Stripe: nothing is billed any more.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }
      if (!invoiceId) {
        log.warn(
          { subscription: subscriptionId },
          'refused subscription payment without an invoice to refund',
        );
        return;
      }
      const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
      for (const paid of invoice.payments?.data ?? []) {
        const intent = idOf(paid.payment.payment_intent);
        if (!intent) continue;
        await stripe.refunds.create(
          { payment_intent: intent, metadata: { invoice_id: invoiceId, reason: reason.slice(0, 500) } },
          { idempotencyKey: `refund-invoice-${invoiceId}-${intent}` },
        );
      }
    },
  };
}

export type StripeSubscriptionRefunds = ReturnType<typeof createStripeSubscriptionRefunds>;
