import type { PaymentMethod } from '@beatroom/shared/money-contract';
import Stripe from 'stripe';
import type { CheckoutProvider, CheckoutRequest, RecurringCharge, SavedCharge } from './checkout-provider';
import type { PaymentsRepository } from './payments.repository';
import { toMethod } from './stripe-client';

const PROVIDER = 'stripe';
/** Stripe wants a Checkout Session to live at least 30 minutes; ours closes a minute after the order's time. */
const SESSION_MARGIN_SECONDS = 60;

/** A subscription's price: the request's amount every month or year, under the tier's product. */
function recurringPrice(request: CheckoutRequest, recurring: RecurringCharge) {
  if (!recurring.productId) throw new Error("A Stripe subscription needs the tier's product id");
  return {
    currency: request.currency.toLowerCase(),
    unit_amount: request.amountCents,
    product: recurring.productId,
    recurring: { interval: recurring.interval },
  };
}

/** Carried on the Stripe subscription, so its invoices and updates find our subscription. */
const subscriptionMetadata = (request: CheckoutRequest, recurring: RecurringCharge) => ({
  kind: 'subscription',
  account_payment_id: request.orderId,
  subscription_id: recurring.subscriptionId,
  tier_id: recurring.tierId,
});

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * Payments through Stripe: a Customer per user, Checkout Sessions for new cards and PayPal
 * (Apple Pay and Google Pay appear there on devices that offer them), off-session
 * PaymentIntents for saved methods, destination charges for producers with a connected
 * account. Every creating call carries an idempotency key derived from the order, so a retry
 * never charges twice.
 */
export function createStripeProvider(deps: { stripe: Stripe; repo: PaymentsRepository }): CheckoutProvider {
  const { stripe, repo } = deps;

  async function customerFor(buyer: CheckoutRequest['buyer']): Promise<string> {
    const known = await repo.customerId(buyer.id, PROVIDER);
    if (known) return known;
    const customer = await stripe.customers.create(
      { email: buyer.email, ...(buyer.name ? { name: buyer.name } : {}), metadata: { user_id: buyer.id } },
      { idempotencyKey: `customer-${buyer.id}` },
    );
    return repo.saveCustomerId(buyer.id, PROVIDER, customer.id);
  }

  /**
   * What the payment is for, as Stripe metadata: an order (order_id) or an account payment (its
   * kind and account_payment_id); the webhook dispatches on these.
   */
  const tag = (request: CheckoutRequest): Record<string, string> =>
    request.account
      ? { kind: request.account.kind, account_payment_id: request.orderId }
      : { order_id: request.orderId };

  /** Destination charge: Stripe pays the producer directly, keeping the platform fee. */
  const destination = (request: CheckoutRequest) =>
    request.destination
      ? {
          application_fee_amount: request.destination.feeCents,
          transfer_data: { destination: request.destination.accountId },
        }
      : {};

  async function charge(
    request: CheckoutRequest,
    paymentMethod: string,
    customer: string | null,
    offSession: boolean,
  ): Promise<SavedCharge> {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          payment_method: paymentMethod,
          ...(customer ? { customer } : {}),
          confirm: true,
          ...(offSession ? { off_session: true } : {}),
          description: request.description,
          metadata: tag(request),
          ...destination(request),
        },
        { idempotencyKey: `charge-${request.orderId}` },
      );
      if (intent.status === 'succeeded') {
        return { status: 'paid', paymentId: intent.id, amountCents: intent.amount_received || intent.amount };
      }
      return { status: 'failed', message: 'Your bank asks you to confirm this payment: pay with a new card' };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'failed', message: error.message || 'Your card was declined' };
      }
      throw error;
    }
  }

  /**
   * Starts a subscription charged to a saved method now (off-session): paid when Stripe says
   * the subscription is active, i.e. its first invoice was paid.
   */
  async function subscribeSaved(
    request: CheckoutRequest,
    recurring: RecurringCharge,
    paymentMethod: string,
    customer: string,
  ): Promise<SavedCharge> {
    try {
      const subscription = await stripe.subscriptions.create(
        {
          customer,
          items: [{ price_data: recurringPrice(request, recurring) }],
          default_payment_method: paymentMethod,
          payment_behavior: 'error_if_incomplete',
          off_session: true,
          description: request.description,
          metadata: subscriptionMetadata(request, recurring),
        },
        { idempotencyKey: `subscribe-${request.orderId}` },
      );
      if (subscription.status === 'active') {
        return { status: 'paid', paymentId: subscription.id, amountCents: request.amountCents };
      }
      return { status: 'failed', message: 'Your bank asks you to confirm this payment: pay with a new card' };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'failed', message: error.message || 'Your card was declined' };
      }
      throw error;
    }
  }

  /** The user's saved method, or null when it is not theirs (or unknown). */
  async function ownMethod(userId: string, methodId: string): Promise<Stripe.PaymentMethod | null> {
    const customer = await repo.customerId(userId, PROVIDER);
    if (!customer) return null;
    try {
      const pm = await stripe.paymentMethods.retrieve(methodId);
      const owner = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
      return owner === customer ? pm : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',
    walletsAvailable: true,

    async startCheckout(request) {
      const customer = await customerFor(request.buyer);
      const recurring = request.account?.recurring;
      if (recurring) {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer,
            client_reference_id: request.orderId,
            line_items: [{ quantity: 1, price_data: recurringPrice(request, recurring) }],
            allowed_payment_method_types: [request.paymentType === 'paypal' ? 'paypal' : 'card'],
            expires_at: Math.floor(request.expiresAt.getTime() / 1000) + SESSION_MARGIN_SECONDS,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata: tag(request),
            subscription_data: {
              description: request.description,
              metadata: subscriptionMetadata(request, recurring),
            },
          },
          { idempotencyKey: `checkout-${request.orderId}` },
        );
        if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
        return { url: session.url, sessionId: session.id };
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer,
          client_reference_id: request.orderId,
          line_items: (request.lines ?? [request]).map((line) => ({
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: line.amountCents,
              product_data: { name: line.description },
            },
          })),
          allowed_payment_method_types: [request.paymentType === 'paypal' ? 'paypal' : 'card'],
          expires_at: Math.floor(request.expiresAt.getTime() / 1000) + SESSION_MARGIN_SECONDS,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: tag(request),
          payment_intent_data: {
            metadata: tag(request),
            description: request.description,
            ...(request.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
            ...destination(request),
          },
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { url: session.url, sessionId: session.id };
    },

    async chargeSaved(request, methodId) {
      const method = await ownMethod(request.buyer.id, methodId);
      if (!method) return null;
      const customer = await customerFor(request.buyer);
      const recurring = request.account?.recurring;
      if (recurring) return subscribeSaved(request, recurring, method.id, customer);
      return charge(request, method.id, customer, true);
    },

    chargeWallet(request, paymentMethodId) {
      return charge(request, paymentMethodId, null, false);
    },

    async refund(order) {
      if (!order.paymentId) throw new Error(`order ${order.id} has no payment to refund`);
      const metadata: Record<string, string> =
        order.kind === 'account_payment' ? { account_payment_id: order.id } : { order_id: order.id };
      // Stripe keeps a refund's metadata to 500 characters a value.
      if (order.reason) metadata.reason = order.reason.slice(0, 500);
      const refund = await stripe.refunds.create(
        {
          payment_intent: order.paymentId,
          amount: order.amountCents,
          metadata,
          ...(order.destinationCharge ? { reverse_transfer: true, refund_application_fee: true } : {}),
        },
        { idempotencyKey: order.idempotencyKey ?? `refund-${order.id}` },
      );
      return { refundId: refund.id };
    },

    async cancelCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already completed or expired: there is nothing left to close.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async listMethods(userId) {
      const customerId = await repo.customerId(userId, PROVIDER);
      if (!customerId) return [];
      const customer = await stripe.customers.retrieve(customerId);
      const preferred =
        'deleted' in customer && customer.deleted ? null : customer.invoice_settings?.default_payment_method;
      const defaultId = typeof preferred === 'string' ? preferred : (preferred?.id ?? null);
      const list = await stripe.customers.listPaymentMethods(customerId, { limit: 100 });
      return list.data.map((pm) => toMethod(pm, defaultId)).filter((m): m is PaymentMethod => m !== null);
    },

    async deleteMethod(userId, methodId) {
      const method = await ownMethod(userId, methodId);
      if (!method) return false;
      await stripe.paymentMethods.detach(method.id);
      return true;
    },
  };
}
