import { ErrorBody } from '@beatroom/shared/auth-contract';
import { UserIdParams } from '@beatroom/shared/community-contract';
import { Analytics } from '@beatroom/shared/realtime-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';

/** Runs before validation, so a signed-out caller gets 401 even with a bad id. */
const signedIn = async (request: FastifyRequest) => void requireUser(request);

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id/analytics',
    {
      onRequest: signedIn,
      schema: {
        params: UserIdParams,
        response: { 200: Analytics, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.analytics.forUser(requireUser(request), request.params.id);
    },
  );
};
