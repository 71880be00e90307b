import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createEarningsRepository } from './earnings.repository';
import { earningsRoutes } from './earnings.routes';
import { createEarningsService, type EarningsService } from './earnings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Producer earnings and payouts. Payments calls `app.earnings.onAccountUpdated(accountId, state)` on
     * Stripe's account.updated webhook; analytics reads `app.earnings.revenue(producerId)`.
     */
    earnings: EarningsService;
  }
}

/** Builds the earnings service (ledger reads, Stripe Connect payouts when configured) and its routes. */
export const earningsPlugin = fp(
  async (app, opts: { config: Config }) => {
    app.decorate(
      'earnings',
      createEarningsService({
        repo: createEarningsRepository(app.db.prisma),
        // The payments module's client: one Stripe configuration for the whole server.
        payouts: app.payments.gateways?.payouts ?? null,
        publicUrl: opts.config.publicUrl,
        log: app.log,
        // Subscriptions register after earnings: looked up when the chart is asked for.
        analyticsAccess: async (userId) => (await app.subscriptions.activeTier(userId)).analytics_access,
      }),
    );
    await app.register(earningsRoutes);
  },
  { name: 'earnings', dependencies: ['db', 'auth', 'payments'] },
);
