import { badRequest } from '../../../http/http-errors';
import type { FulfilmentService } from '../orders/fulfilment.service';
import type {
  PayoutAccountState,
  ProviderEvent,
  ProviderRefund,
  WebhookEvents,
} from '../payments/payment-gateways';
import type { CheckoutRepository } from './checkout.repository';

export const INVALID_SIGNATURE = 'Invalid Stripe signature';

/** What the webhook needs of account payments and subscriptions (looked up at call time). */
export interface AccountPaymentEvents {
  complete(paymentId: string, received: { paymentId: string; amountCents: number }): Promise<unknown>;
  checkoutExpired(paymentId: string): Promise<void>;
}
/** What the webhook needs of refunds and disputes (looked up at call time). */
export interface RefundEvents {
  orderIdByPayment(paymentId: string): Promise<string | null>;
  providerRefunded(orderId: string, refunds: ProviderRefund[]): Promise<void>;
  disputeOpened(orderId: string, disputeId: string): Promise<void>;
  disputeClosed(disputeId: string, won: boolean): Promise<void>;
}
/** Refunds of account payments (credit packs, a subscription's first period). */
export interface AccountRefundEvents {
  providerRefunded(
    match: { accountPaymentId: string | null; paymentId: string },
    refunds: ProviderRefund[],
  ): Promise<boolean>;
  /** A subscription invoice (a renewal) refunded: the period it paid. */
  periodRefunded(invoiceRef: string, refunds: ProviderRefund[]): Promise<void>;
}
export interface SubscriptionEvents {
  /** A Checkout in subscription mode was paid: the subscription starts. */
  stripeCheckoutCompleted(
    accountPaymentId: string,
    checkout: { subscriptionId: string | null; invoiceId: string | null; amountCents: number },
  ): Promise<void>;
  stripeInvoice(
    type: 'invoice.paid' | 'invoice.payment_failed',
    invoice: { subscriptionId: string | null; invoiceId: string; amountPaid: number },
  ): Promise<void>;
  stripeSubscriptionChanged(subscriptionId: string): Promise<void>;
}

/**
 * Stripe's webhook: the payments module checks the signature on the raw body and reads the
 * event into our terms, each event id is recorded once, and the event is handed to
 * fulfilment, which is idempotent per order. Events may come in any order and any number of
 * times: a completed checkout and its payment_intent.succeeded fulfil once; an expiry after
 * payment changes nothing.
 */
export function createStripeWebhookService(deps: {
  events: WebhookEvents;
  repo: CheckoutRepository;
  fulfilment: FulfilmentService;
  /** A producer's Connect account changed (payouts enabled): earnings waiting for it are sent. */
  onAccountUpdated: (accountId: string, state: PayoutAccountState) => Promise<void>;
  /** Payments tagged with metadata kind + account_payment_id go here instead of fulfilment. */
  accountPayments: () => AccountPaymentEvents;
  subscriptions: () => SubscriptionEvents;
  refunds: () => RefundEvents;
  accountRefunds: () => AccountRefundEvents | null;
}) {
  const { events, repo, fulfilment } = deps;

  async function chargeRefunded(event: Extract<ProviderEvent, { type: 'charge.refunded' }>): Promise<void> {
    const { paymentId, accountPaymentId } = event;
    if (!paymentId) return;
    const refunds = await event.refunds();
    const accountRefunds = deps.accountRefunds();
    if (accountRefunds && (await accountRefunds.providerRefunded({ accountPaymentId, paymentId }, refunds)))
      return;
    const orderId = event.orderId ?? (await deps.refunds().orderIdByPayment(paymentId));
    if (orderId) {
      await deps.refunds().providerRefunded(orderId, refunds);
      return;
    }
    // Neither: a subscription's invoice paid by this PaymentIntent (a period it paid).
    const invoiceRef = await event.invoiceOfPayment();
    if (invoiceRef && accountRefunds) await accountRefunds.periodRefunded(invoiceRef, refunds);
  }

  async function dispatch(event: ProviderEvent): Promise<void> {
    switch (event.type) {
      case 'checkout.paid': {
        const received = { paymentId: event.paymentId, amountCents: event.amountCents };
        if (event.accountPaymentId) {
          if (event.subscription) {
            await deps.subscriptions().stripeCheckoutCompleted(event.accountPaymentId, {
              subscriptionId: event.subscription.id,
              invoiceId: event.subscription.invoiceId,
              amountCents: event.amountCents,
            });
          } else {
            await deps.accountPayments().complete(event.accountPaymentId, received);
          }
          return;
        }
        if (event.orderId) await fulfilment.fulfil(event.orderId, received);
        return;
      }
      case 'payment.succeeded': {
        const received = { paymentId: event.paymentId, amountCents: event.amountCents };
        if (event.accountPaymentId) {
          await deps.accountPayments().complete(event.accountPaymentId, received);
          return;
        }
        if (event.orderId) await fulfilment.fulfil(event.orderId, received);
        return;
      }
      case 'checkout.expired':
        if (event.accountPaymentId) {
          await deps.accountPayments().checkoutExpired(event.accountPaymentId);
          return;
        }
        if (event.orderId) await fulfilment.checkoutExpired(event.orderId);
        return;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        await deps.subscriptions().stripeInvoice(event.type, event);
        return;
      case 'subscription.changed':
        await deps.subscriptions().stripeSubscriptionChanged(event.subscriptionId);
        return;
      case 'charge.refunded':
        await chargeRefunded(event);
        return;
      case 'dispute.opened': {
        const orderId = event.paymentId ? await deps.refunds().orderIdByPayment(event.paymentId) : null;
        if (orderId) await deps.refunds().disputeOpened(orderId, event.disputeId);
        return;
      }
      case 'dispute.closed':
        if (event.won !== null) await deps.refunds().disputeClosed(event.disputeId, event.won);
        return;
      case 'account.updated':
        await deps.onAccountUpdated(event.accountId, event.state);
        return;
      case 'ignored':
        return;
    }
  }

  return {
    /** Answers `duplicate: true` for an event already received; throws 400 for a bad signature. */
    async handle(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; duplicate?: true }> {
      let verified: ReturnType<WebhookEvents['verify']>;
      try {
        if (!signature) throw new Error('no signature');
        verified = events.verify(rawBody, signature);
      } catch {
        throw badRequest(INVALID_SIGNATURE);
      }
      if (!(await repo.recordEvent(verified.id, verified.type))) return { received: true, duplicate: true };
      try {
        await dispatch(verified.event);
      } catch (error) {
        // Not handled: let Stripe deliver it again.
        await repo.forgetEvent(verified.id);
        throw error;
      }
      return { received: true };
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
