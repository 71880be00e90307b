import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../../../config';
import { defineJob } from '../../platform/jobs/job-runner';
import { createAccountPaymentsRepository } from './account-payments.repository';
import { accountPaymentsRoutes } from './account-payments.routes';
import { createAccountPaymentsService, type AccountPaymentsService } from './account-payments.service';
import { createCreditPacks } from './credit-packs';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Paying for account things (credits packs, promotions by card, subscriptions) through the
     * checkout providers of beat orders: `start` answers a checkout_url or charges a saved
     * method at once; `complete` is the one idempotent completion (local page, Stripe webhook);
     * `recordInvoice(tx, …)` writes a paid thing's invoice once.
     */
    accountCheckout: AccountPaymentsService;
  }
}

/** Every minute: close account checkouts whose 30 minutes are over (a pending promotion ends). */
export const EXPIRE_ACCOUNT_PAYMENTS = defineJob('account-payments.expire', z.object({}), {
  retryLimit: 0,
  expireInSeconds: 120,
  policy: 'stately',
});

export const accountPaymentsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const { provider, local } = app.payments;
    const service = createAccountPaymentsService({
      repo: createAccountPaymentsRepository(app.db.prisma),
      provider,
      local,
      publicUrl: opts.config.publicUrl,
      log: app.log,
    });
    // Looked up at call time: credits and promotions register after this plugin.
    const packs = createCreditPacks({ payments: service, credits: () => app.credits });
    service.handle('credits', packs.handler);
    service.handle('promotion', {
      async paid(tx, payment, _received, at) {
        await app.promotions.activatePaid(tx, payment.ref_id, {
          paymentProvider: payment.provider,
          paymentMethodType: payment.payment_method_type,
        });
        await service.recordInvoice(tx, {
          userId: payment.user_id,
          sourceKey: `account-payment:${payment.id}`,
          transactionType: 'promotion',
          items: [{ name: payment.description, quantity: 1, price: payment.amount_cents }],
          paymentProvider: payment.provider,
          paymentMethodType: payment.payment_method_type,
          subtotalCents: payment.amount_cents,
          totalCents: payment.amount_cents,
          paymentDate: at,
        });
      },
      async closed(tx, payment) {
        await app.promotions.cancelPending(tx, payment.ref_id);
      },
    });
    app.decorate('accountCheckout', service);
    await app.register(accountPaymentsRoutes, { payments: service, packs });
    if (app.hasDecorator('jobs')) {
      await app.jobs.work(EXPIRE_ACCOUNT_PAYMENTS, async () => {
        await service.expireDue();
      });
      await app.jobs.schedule(EXPIRE_ACCOUNT_PAYMENTS, '* * * * *', {});
    }
  },
  { name: 'account-payments', dependencies: ['db', 'auth', 'payments'] },
);
