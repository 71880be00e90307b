import {
  ProducerTierListResponse,
  SubscribeBody,
  SubscribeResponse,
  SubscriptionResponse,
} from '@beatroom/shared/subscriptions-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 402, 404, 409);

/** Producer tiers and the signed-in user's subscription. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { subscriptions } = app;

  app.get('/api/producer-tiers', { schema: { response: { 200: ProducerTierListResponse } } }, async () =>
    subscriptions.tiers(),
  );

  app.get(
    '/api/user/subscription',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: SubscriptionResponse, ...errorResponses(401) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return subscriptions.get(signedInUser(request));
    },
  );

  app.post(
    '/api/user/subscribe',
    {
      onRequest: app.authenticate,
      schema: { body: SubscribeBody, response: { 200: SubscribeResponse, ...errors } },
    },
    async (request) => subscriptions.subscribe(signedInUser(request), request.body),
  );

  app.post(
    '/api/user/subscription/cancel',
    { onRequest: app.authenticate, schema: { response: { 200: SubscriptionResponse, ...errors } } },
    async (request) => subscriptions.cancel(signedInUser(request)),
  );
};
