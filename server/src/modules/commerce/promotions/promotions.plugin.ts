import fp from 'fastify-plugin';
import { createPromotionsRepository } from './promotions.repository';
import { promotionsRoutes } from './promotions.routes';
import { createPromotionsService, type PromotionsService } from './promotions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Promotions of beats. Account payments call `app.promotions.activatePaid(tx, id, paid)`
     * when a card payment for a pending promotion completes, `cancelPending(tx, id)` when its
     * checkout ends unpaid.
     */
    promotions: PromotionsService;
  }
}

export const promotionsPlugin = fp(
  async (app) => {
    app.decorate(
      'promotions',
      createPromotionsService({
        repo: createPromotionsRepository(app.db.prisma),
        activeTier: (userId) => app.subscriptions.activeTier(userId),
        credits: app.credits,
        checkout: app.accountCheckout,
        catalogue: app.beats,
      }),
    );
    await app.register(promotionsRoutes);
  },
  {
    name: 'promotions',
    dependencies: ['db', 'auth', 'beats', 'credits', 'account-payments', 'subscriptions'],
  },
);
