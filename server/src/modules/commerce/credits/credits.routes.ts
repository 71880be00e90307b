import { CreditsQuery, CreditsResponse } from '@beatroom/shared/credits-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';

/** The signed-in user's credits: balance and newest transactions. */
export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/credits',
    {
      onRequest: app.authenticate,
      schema: {
        querystring: CreditsQuery,
        response: { 200: CreditsResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.credits.forUser(signedInUser(request), request.query.limit);
    },
  );
};
