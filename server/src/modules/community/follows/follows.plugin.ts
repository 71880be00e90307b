import fp from 'fastify-plugin';
import { createFollowsRepository } from './follows.repository';
import { followsRoutes } from './follows.routes';
import { createFollowsService, type FollowsService } from './follows.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who follows whom; a new follow is told as the `user.followed` domain event. */
    follows: FollowsService;
  }
}

export const followsPlugin = fp(
  async (app) => {
    app.decorate(
      'follows',
      createFollowsService({ repo: createFollowsRepository(app.db.prisma), events: app.domainEvents }),
    );
    await app.register(followsRoutes);
  },
  { name: 'follows', dependencies: ['db', 'domain-events', 'auth'] },
);
