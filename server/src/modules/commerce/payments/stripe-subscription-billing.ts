import Stripe from 'stripe';
import type { RemoteSubscription, SubscriptionBilling } from './payment-gateways';

interface Log {
  warn(obj: object, msg: string): void;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's subscription states as ours; null: leave ours as it is (not started yet). */
function statusOf(status: Stripe.Subscription.Status): RemoteSubscription['status'] {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'ended';
  return null;
}

function toRemote(remote: Stripe.Subscription): RemoteSubscription {
  const item = remote.items.data[0];
  return {
    id: remote.id,
    status: statusOf(remote.status),
    canceled: remote.status === 'canceled',
    cancelAtPeriodEnd: remote.cancel_at_period_end,
    subscriptionId: remote.metadata?.subscription_id ?? null,
    tierId: remote.metadata?.tier_id ?? null,
    latestInvoiceId: idOf(remote.latest_invoice),
    item: item
      ? {
          id: item.id,
          unitAmount: item.price.unit_amount,
          periodStart: new Date(item.current_period_start * 1000),
          periodEnd: new Date(item.current_period_end * 1000),
        }
      : null,
  };
}

/** Stripe Billing subscriptions with the real SDK. */
export function createStripeSubscriptionBilling(deps: { stripe: Stripe; log: Log }): SubscriptionBilling {
  const { stripe, log } = deps;

  async function cancel(id: string) {
    try {
      await stripe.subscriptions.cancel(id);
    } catch (error) {
      // Already cancelled or unknown at Stripe: nothing is billed any more.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }

  return {
    async retrieve(id) {
      try {
        return toRemote(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },

    cancel,

    async setPrice(id, itemId, price, options) {
      await stripe.subscriptions.update(id, {
        items: [
          {
            id: itemId,
            price_data: {
              currency: 'usd',
              unit_amount: price.amountCents,
              product: price.productId,
              recurring: { interval: price.interval },
            },
          },
        ],
        proration_behavior: options.proration,
        ...(options.cancelAtPeriodEnd === false ? { cancel_at_period_end: false } : {}),
        ...(options.tierId ? { metadata: { tier_id: options.tierId } } : {}),
      });
    },

    async cancelAtPeriodEnd(id) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    },

    async createProduct(tier) {
      const product = await stripe.products.create(
        { name: tier.name, description: tier.description, metadata: { tier_id: tier.id } },
        { idempotencyKey: `tier-product-${tier.id}` },
      );
      return product.id;
    },

    /**
     * A subscription's id is not a payment, so the invoice's PaymentIntents are what is
     * refunded; each refund is keyed by invoice and intent, so a retry refunds once.
     */
    async refuse(subscriptionId, invoiceId, reason) {
      if (subscriptionId) await cancel(subscriptionId);
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
