import {
  BeatPromotionsResponse,
  PromoteBody,
  PromoteResponse,
  PromotionOptionsResponse,
} from '@beatroom/shared/promotions-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { beatIdParams } from '../../../http/params';

const errors = errorResponses(400, 401, 402, 403, 404, 409);

/** Promotion options, promoting a beat, and a beat's promotions for its owner. */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/promotion-options',
    { schema: { response: { 200: PromotionOptionsResponse } } },
    async (request, reply) => {
      // Prices depend on the caller's tier: never cached for someone else.
      reply.header('cache-control', 'private, no-store');
      return app.promotions.options(request.user);
    },
  );

  app.post(
    '/api/beats/:id/promote',
    {
      onRequest: app.authenticate,
      schema: { params: beatIdParams, body: PromoteBody, response: { 200: PromoteResponse, ...errors } },
    },
    async (request) => app.promotions.promote(signedInUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/beats/:id/promotions',
    {
      onRequest: app.authenticate,
      schema: { params: beatIdParams, response: { 200: BeatPromotionsResponse, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.promotions.forBeat(signedInUser(request), request.params.id);
    },
  );
};
