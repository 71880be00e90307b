import type Stripe from 'stripe';
import { badRequest } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { FulfilmentService } from '../orders/fulfilment.service';
import type { CheckoutRepository } from './checkout.repository';

export const INVALID_SIGNATURE = 'Invalid Stripe signature';

const paymentIdOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string'
    ? session.payment_intent
    : (session.payment_intent?.id ?? session.id);

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

/** What the webhook needs of account payments and subscriptions (looked up at call time). */
export interface AccountPaymentEvents {
  complete(paymentId: string, received: { paymentId: string; amountCents: number }): Promise<unknown>;
  checkoutExpired(paymentId: string): Promise<void>;
}
/** What the webhook needs of refunds and disputes (looked up at call time). */
export interface RefundEvents {
  orderIdByPayment(paymentId: string): Promise<string | null>;
  providerRefunded(
    orderId: string,
    refunds: { id: string; amount: number; reason: string | null }[],
  ): Promise<void>;
  disputeOpened(orderId: string, disputeId: string): Promise<void>;
  disputeClosed(disputeId: string, won: boolean): Promise<void>;
}
/** Refunds of account payments (credit packs, a subscription's first period). */
export interface AccountRefundEvents {
  providerRefunded(
    match: { accountPaymentId: string | null; paymentId: string },
    refunds: { id: string; amount: number; reason: string | null }[],
  ): Promise<boolean>;
  /** A subscription invoice (a renewal) refunded: the period it paid. */
  periodRefunded(
    invoiceRef: string,
    refunds: { id: string; amount: number; reason: string | null }[],
  ): Promise<void>;
}
export interface SubscriptionEvents {
  /** A Checkout in subscription mode was paid: the subscription starts. */
  stripeCheckoutCompleted(accountPaymentId: string, session: Stripe.Checkout.Session): Promise<void>;
  stripeInvoice(type: 'invoice.paid' | 'invoice.payment_failed', invoice: Stripe.Invoice): Promise<void>;
  stripeSubscriptionChanged(subscription: Stripe.Subscription): Promise<void>;
}

/**
 * Stripe's webhook: the signature is checked on the raw body (STRIPE_WEBHOOK_SECRET, Stripe's
 * 5-minute tolerance), each event id is recorded once, and the event is handed to fulfilment,
 * which is idempotent per order. Events may come in any order and any number of times: a
 * completed checkout and its payment_intent.succeeded fulfil once; an expiry after payment
 * changes nothing.
 */
export function createStripeWebhookService(deps: {
  stripe: Stripe;
  webhookSecret: string;
  repo: CheckoutRepository;
  fulfilment: FulfilmentService;
  /** A producer's Connect account changed (payouts enabled): earnings waiting for it are sent. */
  onAccountUpdated: (account: Stripe.Account) => Promise<void>;
  /** Payments tagged with metadata kind + account_payment_id go here instead of fulfilment. */
  accountPayments: () => AccountPaymentEvents;
  subscriptions: () => SubscriptionEvents;
  refunds: () => RefundEvents;
  accountRefunds: () => AccountRefundEvents | null;
}) {
  const { stripe, webhookSecret, repo, fulfilment } = deps;

  /** Every refund of a charge, oldest first (an event's charge may not carry the list). */
  async function refundsOf(charge: Stripe.Charge) {
    const list = charge.refunds?.data ?? (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data;
    // Stripe lists newest first; refunds made in the same second keep that order, reversed.
    return [...list]
      .reverse()
      .filter((r) => r.status === 'succeeded' || r.status === 'pending')
      .sort((a, b) => a.created - b.created)
      .map((r) => ({ id: r.id, amount: r.amount, reason: r.metadata?.reason ?? null }));
  }

  const intentOf = (value: string | { id: string } | null) =>
    typeof value === 'string' ? value : (value?.id ?? null);

  async function chargeRefunded(charge: Stripe.Charge): Promise<void> {
    const paymentId = intentOf(charge.payment_intent);
    if (!paymentId) return;
    const refunds = await refundsOf(charge);
    const accountPaymentId = accountPaymentIdOf(charge);
    const accountRefunds = deps.accountRefunds();
    if (accountRefunds && (await accountRefunds.providerRefunded({ accountPaymentId, paymentId }, refunds)))
      return;
    const orderId = orderIdOf(charge) ?? (await deps.refunds().orderIdByPayment(paymentId));
    if (orderId) {
      await deps.refunds().providerRefunded(orderId, refunds);
      return;
    }
    // Neither: a subscription's invoice paid by this PaymentIntent (a period it paid).
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentId },
      limit: 1,
    });
    const invoice = payments.data[0]?.invoice;
    const invoiceRef = typeof invoice === 'string' ? invoice : invoice?.id;
    if (invoiceRef && accountRefunds) await accountRefunds.periodRefunded(invoiceRef, refunds);
  }

  async function dispatch(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A delayed method (bank debit) completes the session unpaid; its success comes later.
        if (session.payment_status !== 'paid') return;
        const accountPaymentId = accountPaymentIdOf(session);
        if (accountPaymentId) {
          if (session.mode === 'subscription') {
            await deps.subscriptions().stripeCheckoutCompleted(accountPaymentId, session);
          } else {
            await deps.accountPayments().complete(accountPaymentId, {
              paymentId: paymentIdOf(session),
              amountCents: session.amount_total ?? 0,
            });
          }
          return;
        }
        const orderId = orderIdOf(session);
        if (!orderId) return;
        await fulfilment.fulfil(orderId, {
          paymentId: paymentIdOf(session),
          amountCents: session.amount_total ?? 0,
        });
        return;
      }
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const accountPaymentId = accountPaymentIdOf(intent);
        if (accountPaymentId) {
          await deps.accountPayments().complete(accountPaymentId, {
            paymentId: intent.id,
            amountCents: intent.amount_received || intent.amount,
          });
          return;
        }
        const orderId = orderIdOf(intent);
        if (!orderId) return;
        await fulfilment.fulfil(orderId, {
          paymentId: intent.id,
          amountCents: intent.amount_received || intent.amount,
        });
        return;
      }
      case 'checkout.session.expired': {
        const accountPaymentId = accountPaymentIdOf(event.data.object);
        if (accountPaymentId) {
          await deps.accountPayments().checkoutExpired(accountPaymentId);
          return;
        }
        const orderId = orderIdOf(event.data.object);
        if (orderId) await fulfilment.checkoutExpired(orderId);
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed':
        await deps.subscriptions().stripeInvoice(event.type, event.data.object);
        return;
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await deps.subscriptions().stripeSubscriptionChanged(event.data.object);
        return;
      case 'charge.refunded':
        await chargeRefunded(event.data.object);
        return;
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const paymentId = intentOf(dispute.payment_intent);
        const orderId = paymentId ? await deps.refunds().orderIdByPayment(paymentId) : null;
        if (orderId) await deps.refunds().disputeOpened(orderId, dispute.id);
        return;
      }
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        // warning_closed: an inquiry that never became a chargeback; the money stayed.
        if (dispute.status === 'lost') await deps.refunds().disputeClosed(dispute.id, false);
        else if (dispute.status === 'won' || dispute.status === 'warning_closed') {
          await deps.refunds().disputeClosed(dispute.id, true);
        }
        return;
      }
      case 'account.updated':
        await deps.onAccountUpdated(event.data.object);
        return;
      default:
        // Everything else Stripe may send is of no interest to a sale.
        return;
    }
  }

  return {
    /** Answers `duplicate: true` for an event already received; throws 400 for a bad signature. */
    async handle(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; duplicate?: true }> {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no signature');
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw badRequest(INVALID_SIGNATURE);
      }
      if (!(await repo.recordEvent(event.id, event.type))) return { received: true, duplicate: true };
      try {
        await dispatch(event);
      } catch (error) {
        // Not handled: let Stripe deliver it again.
        await repo.forgetEvent(event.id);
        throw error;
      }
      return { received: true };
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
