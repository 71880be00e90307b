import type Stripe from 'stripe';
import { isUuid } from '../../../http/params';
import type { ProviderEvent, ProviderRefund, WebhookEvents } from './payment-gateways';
import { stateOf } from './stripe-payouts';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const paymentIdOf = (session: Stripe.Checkout.Session) => idOf(session.payment_intent) ?? session.id;

/** The order an object belongs to; only our own UUIDs are believed. */
function orderIdOf(object: { metadata?: Stripe.Metadata | null; client_reference_id?: string | null }) {
  const id = object.metadata?.order_id ?? object.client_reference_id ?? null;
  return id && isUuid(id) ? id : null;
}

/** The account payment (credits pack, promotion, subscription) an object belongs to. */
function accountPaymentIdOf(object: { metadata?: Stripe.Metadata | null }) {
  const id = object.metadata?.account_payment_id ?? null;
  return id && isUuid(id) ? id : null;
}

/**
 * Stripe's webhook events read into ProviderEvent: the signature is checked on the raw body
 * (the webhook secret, Stripe's 5-minute tolerance) by the SDK.
 */
export function createStripeWebhookEvents(deps: { stripe: Stripe; webhookSecret: string }): WebhookEvents {
  const { stripe, webhookSecret } = deps;

  /** Every refund of a charge, oldest first (an event's charge may not carry the list). */
  async function refundsOf(charge: Stripe.Charge): Promise<ProviderRefund[]> {
    const list = charge.refunds?.data ?? (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data;
    // Stripe lists newest first; refunds made in the same second keep that order, reversed.
    return [...list]
      .reverse()
      .filter((r) => r.status === 'succeeded' || r.status === 'pending')
      .sort((a, b) => a.created - b.created)
      .map((r) => ({ id: r.id, amount: r.amount, reason: r.metadata?.reason ?? null }));
  }

  /** The invoice a PaymentIntent paid (a subscription's period), if any. */
  async function invoiceOfPayment(paymentId: string): Promise<string | null> {
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentId },
      limit: 1,
    });
    return idOf(payments.data[0]?.invoice);
  }

  function read(event: Stripe.Event): ProviderEvent {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A delayed method (bank debit) completes the session unpaid; its success comes later.
        if (session.payment_status !== 'paid') return { type: 'ignored' };
        return {
          type: 'checkout.paid',
          orderId: orderIdOf(session),
          accountPaymentId: accountPaymentIdOf(session),
          subscription:
            session.mode === 'subscription'
              ? { id: idOf(session.subscription), invoiceId: idOf(session.invoice) }
              : null,
          paymentId: paymentIdOf(session),
          amountCents: session.amount_total ?? 0,
        };
      }
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        return {
          type: 'payment.succeeded',
          orderId: orderIdOf(intent),
          accountPaymentId: accountPaymentIdOf(intent),
          paymentId: intent.id,
          amountCents: intent.amount_received || intent.amount,
        };
      }
      case 'checkout.session.expired':
        return {
          type: 'checkout.expired',
          orderId: orderIdOf(event.data.object),
          accountPaymentId: accountPaymentIdOf(event.data.object),
        };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        return {
          type: event.type,
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          invoiceId: invoice.id!,
          amountPaid: invoice.amount_paid,
        };
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { type: 'subscription.changed', subscriptionId: event.data.object.id };
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentId = idOf(charge.payment_intent);
        return {
          type: 'charge.refunded',
          paymentId,
          orderId: orderIdOf(charge),
          accountPaymentId: accountPaymentIdOf(charge),
          refunds: () => refundsOf(charge),
          invoiceOfPayment: async () => (paymentId ? invoiceOfPayment(paymentId) : null),
        };
      }
      case 'charge.dispute.created':
        return {
          type: 'dispute.opened',
          paymentId: idOf(event.data.object.payment_intent),
          disputeId: event.data.object.id,
        };
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        // warning_closed: an inquiry that never became a chargeback; the money stayed.
        const won =
          dispute.status === 'lost'
            ? false
            : dispute.status === 'won' || dispute.status === 'warning_closed'
              ? true
              : null;
        return { type: 'dispute.closed', disputeId: dispute.id, won };
      }
      case 'account.updated':
        return {
          type: 'account.updated',
          accountId: event.data.object.id,
          state: stateOf(event.data.object),
        };
      default:
        // Everything else Stripe may send is of no interest to a sale.
        return { type: 'ignored' };
    }
  }

  return {
    verify(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      return { id: event.id, type: event.type, event: read(event) };
    },
  };
}
