import { ErrorBody } from '@beatroom/shared/auth-contract';
import { LiveStats } from '@beatroom/shared/realtime-objects-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Home's live stats tiles are for signed-in users only. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/live/stats',
    { onRequest: app.authenticate, schema: { response: { 200: LiveStats, 401: ErrorBody } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.live.stats();
    },
  );
};
