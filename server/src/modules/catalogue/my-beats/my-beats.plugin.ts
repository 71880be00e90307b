import fp from 'fastify-plugin';
import { createMyBeatsRepository } from './my-beats.repository';
import { myBeatsRoutes } from './my-beats.routes';
import { createMyBeatsService, type MyBeatsService } from './my-beats.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The "My beats" dashboard: a producer's own beats with plays, sales and promotions. */
    myBeats: MyBeatsService;
  }
}

/** Builds the "My beats" service (reads beats, the sales ledger and promotions) and its route. */
export const myBeatsPlugin = fp(
  async (app) => {
    app.decorate('myBeats', createMyBeatsService({ repo: createMyBeatsRepository(app.db.prisma) }));
    await app.register(myBeatsRoutes);
  },
  { name: 'my-beats', dependencies: ['db', 'auth'] },
);
