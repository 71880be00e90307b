import { ErrorBody } from '@beatroom/shared/auth-contract';
import { MyBeatsQuery, MyBeatsResponse } from '@beatroom/shared/my-beats-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';

/** The producer's own beats with their numbers ("My beats", /dashboard). */
export const myBeatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/beats',
    {
      onRequest: app.authenticate,
      schema: {
        querystring: MyBeatsQuery,
        response: { 200: MyBeatsResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.myBeats.list(signedInUser(request), request.query.sort, request.query.order);
    },
  );
};
