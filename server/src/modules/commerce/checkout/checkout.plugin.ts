import { ErrorBody } from '@beatroom/shared/auth-contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCheckoutRepository } from './checkout.repository';
import { createStripeWebhookService, type StripeWebhookService } from './stripe-webhook.service';

const WebhookAnswer = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * POST /api/stripe/webhook in a scope of its own: here, and only here, a JSON body stays the raw
 * bytes, because Stripe signs exactly those bytes.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod<{ webhook: StripeWebhookService }> = async (app, opts) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/stripe/webhook',
    {
      config: { sessionLookup: false },
      schema: { response: { 200: WebhookAnswer, 400: ErrorBody } },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return opts.webhook.handle(body, typeof signature === 'string' ? signature : undefined);
    },
  );
};

/** Stripe's notifications of payments; registered only when Stripe is configured. */
export const checkoutPlugin = fp(
  async (app) => {
    const { gateways } = app.payments;
    if (!gateways) return;
    const webhook = createStripeWebhookService({
      events: gateways.webhookEvents,
      repo: createCheckoutRepository(app.db.prisma),
      fulfilment: app.fulfilment,
      // Looked up at call time: earnings registers after checkout.
      onAccountUpdated: async (accountId, state) => {
        await app.earnings.onAccountUpdated(accountId, state);
      },
      accountPayments: () => app.accountCheckout,
      subscriptions: () => app.subscriptions,
      refunds: () => app.refunds,
      accountRefunds: () => app.accountRefunds,
    });
    await app.register(stripeWebhookRoutes, { webhook });
  },
  { name: 'checkout', dependencies: ['db', 'payments', 'orders'] },
);
