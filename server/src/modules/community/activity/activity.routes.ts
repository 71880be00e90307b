import { ErrorBody } from '@beatroom/shared/auth-contract';
import { ActivityListResponse, ActivityQuery } from '@beatroom/shared/community-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';

/** The /activity page's tabs (global, following, mine); signed-in only. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activity',
    {
      onRequest: app.authenticate,
      schema: {
        querystring: ActivityQuery,
        response: { 200: ActivityListResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => app.activity.list(signedInUser(request), request.query),
  );
};
