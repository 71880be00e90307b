import fp from 'fastify-plugin';
import { createCreditsRepository } from './credits.repository';
import { creditsRoutes } from './credits.routes';
import { createCreditsService, type CreditsService } from './credits.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The credits ledger. Other modules grant and spend inside their own transaction:
     * `app.credits.grant(tx, {...})` (false when its key was used already) and
     * `app.credits.spend(tx, {...})` (402 "Insufficient credits (need N)" when short).
     */
    credits: CreditsService;
  }
}

export const creditsPlugin = fp(
  async (app) => {
    app.decorate('credits', createCreditsService({ repo: createCreditsRepository(app.db.prisma) }));
    await app.register(creditsRoutes);
  },
  { name: 'credits', dependencies: ['db', 'auth'] },
);
