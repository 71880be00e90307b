import { ChartQuery, ListenerChartResponse } from '@beatroom/shared/analytics-charts-contract';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import { Analytics } from '@beatroom/shared/realtime-objects-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { userIdParams } from '../../../http/params';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id/analytics',
    {
      onRequest: app.authenticate,
      schema: {
        params: userIdParams,
        response: { 200: Analytics, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.analytics.forUser(signedInUser(request), request.params.id);
    },
  );

  app.get(
    '/api/users/:id/analytics/listeners',
    {
      onRequest: app.authenticate,
      schema: {
        params: userIdParams,
        querystring: ChartQuery,
        response: {
          200: ListenerChartResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.analytics.listeners(signedInUser(request), request.params.id, request.query.days);
    },
  );
};
