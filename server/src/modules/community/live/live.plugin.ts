import fp from 'fastify-plugin';
import { createLiveRepository } from './live.repository';
import { liveRoutes } from './live.routes';
import { createLiveService, type LiveService } from './live.service';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveService;
  }
}

export const livePlugin = fp(
  async (app) => {
    const { realtime } = app;
    const live = createLiveService({
      repo: createLiveRepository(app.db.prisma),
      presence: () => realtime.presence(),
    });
    app.decorate('live', live);
    // Sockets coming and going push fresh live stats to everyone (no waiting for the 30 s refresh).
    realtime.setLiveStatsSource(live.stats);
    await app.register(liveRoutes);
  },
  { name: 'live', dependencies: ['db', 'realtime', 'auth'] },
);
