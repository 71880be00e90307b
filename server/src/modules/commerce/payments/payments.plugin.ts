import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Config } from '../../../config';
import type { CheckoutProvider } from './checkout-provider';
import { createLocalProvider, type LocalProvider } from './local-provider';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { createStripeClient, createStripeProvider } from './stripe-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * How money is taken: `provider` is Stripe when STRIPE_SECRET_KEY is set, else the local
     * test checkout (`local`, null under Stripe). `stripe` is the configured SDK client (null
     * without Stripe) for features that talk to Stripe themselves (payouts).
     */
    payments: PaymentsService & {
      provider: CheckoutProvider;
      local: LocalProvider | null;
      stripe: Stripe | null;
    };
  }
}

export const paymentsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const repo = createPaymentsRepository(app.db.prisma);
    const stripe = opts.config.stripe ? createStripeClient(opts.config.stripe) : null;
    const local = stripe ? null : createLocalProvider({ repo, publicUrl: opts.config.publicUrl });
    const provider = stripe ? createStripeProvider({ stripe, repo }) : local!;
    app.decorate('payments', { ...createPaymentsService({ provider }), provider, local, stripe });
    await app.register(paymentsRoutes);
  },
  { name: 'payments', dependencies: ['db', 'auth'] },
);
