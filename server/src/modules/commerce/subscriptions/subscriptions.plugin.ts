import fp from 'fastify-plugin';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-runner';
import { createSubscriptionsRepository } from './subscriptions.repository';
import { subscriptionsRoutes } from './subscriptions.routes';
import { createSubscriptionsService, type SubscriptionsService } from './subscriptions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Producer tiers and subscriptions. `activeTier(userId, tx?)` is the tier whose powers apply
     * now (the Free tier without a live subscription); `removeAll(tx, userId)` for account
     * deletion (cancels at the provider too).
     */
    subscriptions: SubscriptionsService;
  }
}

/** A local subscription whose period ends now is renewed (or ended, if cancelled). */
export const RENEW_SUBSCRIPTION = defineJob(
  'subscriptions.renew',
  z.object({ subscriptionId: z.string().uuid() }),
  { retryLimit: 5, retryDelaySeconds: 30 },
);
/** Every ten minutes, whatever a lost job missed (a restore, a restart mid-renewal). */
export const RENEW_DUE_SUBSCRIPTIONS = defineJob('subscriptions.renew-due', z.object({}), {
  retryLimit: 0,
  expireInSeconds: 300,
  policy: 'stately',
});

/** After an admin changes a tier's price: its Stripe-billed subscriptions renew at the new one. */
export const REPRICE_TIER = defineJob('subscriptions.reprice-tier', z.object({ tierId: z.string().uuid() }), {
  retryLimit: 5,
  retryDelaySeconds: 60,
  policy: 'stately',
});

export const subscriptionsPlugin = fp(
  async (app) => {
    const jobs = app.hasDecorator('jobs') ? app.jobs : null;
    const service = createSubscriptionsService({
      repo: createSubscriptionsRepository(app.db.prisma),
      payments: app.accountCheckout,
      // Looked up at call time: credits may register after this plugin.
      credits: () => app.credits,
      billing: app.payments.gateways?.billing ?? null,
      log: app.log,
      scheduleRenewal: async (subscriptionId, at) => {
        if (!jobs) return;
        const seconds = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));
        await jobs.send(RENEW_SUBSCRIPTION, { subscriptionId }, { startAfterSeconds: seconds });
      },
      // Without a job runner (some tests) the repricing runs at once.
      scheduleReprice: async (tierId) => {
        if (jobs) await jobs.send(REPRICE_TIER, { tierId }, { singletonKey: tierId });
        else await service.repriceStripe(tierId);
      },
    });
    app.accountCheckout.handle('subscription', service.handler);
    app.decorate('subscriptions', service);
    await app.register(subscriptionsRoutes);
    if (jobs) {
      await jobs.work(RENEW_SUBSCRIPTION, async ({ subscriptionId }) => {
        await service.renewDue(new Date(), subscriptionId);
      });
      await jobs.work(RENEW_DUE_SUBSCRIPTIONS, async () => {
        await service.renewDue();
      });
      await jobs.schedule(RENEW_DUE_SUBSCRIPTIONS, '*/10 * * * *', {});
      await jobs.work(REPRICE_TIER, async ({ tierId }) => {
        await service.repriceStripe(tierId);
      });
    }
  },
  { name: 'subscriptions', dependencies: ['db', 'auth', 'payments', 'account-payments'] },
);
