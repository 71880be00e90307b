import { ErrorBody } from '@beatroom/shared/auth-contract';
import { ActivityListResponse, ActivityQuery } from '@beatroom/shared/community-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';

/** Runs before validation, so a signed-out caller gets 401 even with bad input. */
const signedIn = async (request: FastifyRequest) => void requireUser(request);

/** The /activity page's tabs (community.md "Activity"); signed-in only. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activity',
    {
      onRequest: signedIn,
      schema: {
        querystring: ActivityQuery,
        response: { 200: ActivityListResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => app.activity.list(requireUser(request), request.query),
  );
};
