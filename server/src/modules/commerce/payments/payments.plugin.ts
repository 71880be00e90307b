import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Config } from '../../../config';
import type { CheckoutProvider } from './checkout-provider';
import { createLocalProvider, type LocalProvider } from './local-provider';
import type { PayoutsGateway, SubscriptionBilling, WebhookEvents } from './payment-gateways';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { createStripeClient } from './stripe-client';
import { createStripeProvider } from './stripe-provider';
import { createStripePayouts } from './stripe-payouts';
import { createStripeSubscriptionBilling } from './stripe-subscription-billing';
import { createStripeWebhookEvents } from './stripe-webhook-events';

/**
 * What only Stripe offers, behind interfaces of our own: every other module reaches Stripe
 * through these (the `stripe` package is imported here and nowhere else).
 */
export interface StripeGateways {
  payouts: PayoutsGateway;
  billing: SubscriptionBilling;
  webhookEvents: WebhookEvents;
  /** Deleting the Stripe customer deletes its saved cards and ends its subscriptions there. */
  deleteCustomer(customerId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * How money is taken: `provider` is Stripe when STRIPE_SECRET_KEY is set, else the local
     * test checkout (`local`, null under Stripe). `gateways` are Stripe's payouts, billing and
     * webhook events (null without Stripe). `stripe` is the configured SDK client, for tests
     * that look at what reached the fake Stripe.
     */
    payments: PaymentsService & {
      provider: CheckoutProvider;
      local: LocalProvider | null;
      gateways: StripeGateways | null;
      stripe: Stripe | null;
    };
  }
}

export const paymentsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const repo = createPaymentsRepository(app.db.prisma);
    const config = opts.config.stripe;
    const stripe = config ? createStripeClient(config) : null;
    const local = stripe ? null : createLocalProvider({ repo, publicUrl: opts.config.publicUrl });
    const provider = stripe ? createStripeProvider({ stripe, repo }) : local!;
    const gateways: StripeGateways | null =
      stripe && config
        ? {
            payouts: createStripePayouts(stripe),
            billing: createStripeSubscriptionBilling({ stripe, log: app.log }),
            webhookEvents: createStripeWebhookEvents({ stripe, webhookSecret: config.webhookSecret }),
            deleteCustomer: async (customerId) => {
              await stripe.customers.del(customerId);
            },
          }
        : null;
    app.decorate('payments', { ...createPaymentsService({ provider }), provider, local, gateways, stripe });
    await app.register(paymentsRoutes);
  },
  { name: 'payments', dependencies: ['db', 'auth'] },
);
