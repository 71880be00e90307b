import { ChartQuery, EarningsByDayResponse } from '@beatroom/shared/analytics-charts-contract';
import { EarningsResponse, PayoutOnboardingResponse } from '@beatroom/shared/earnings-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(401, 409);

/** A producer's earnings page and payout onboarding; always the caller's own. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/me/earnings',
    { onRequest: app.authenticate, schema: { response: { 200: EarningsResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.earnings.earnings(signedInUser(request));
    },
  );

  app.get(
    '/api/users/me/earnings/by-day',
    {
      onRequest: app.authenticate,
      schema: {
        querystring: ChartQuery,
        response: { 200: EarningsByDayResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.earnings.earningsByDay(signedInUser(request), request.query.days);
    },
  );

  app.post(
    '/api/payouts/onboarding',
    { onRequest: app.authenticate, schema: { response: { 200: PayoutOnboardingResponse, ...errors } } },
    async (request) => app.earnings.onboarding(signedInUser(request)),
  );
};
