import {
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminRefundBody,
  AdminRefundResponse,
  REFUND_ERRORS,
} from '@beatroom/shared/refunds-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { idParams } from '../../../http/params';
import { ProviderRefundError } from './refunds.service';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/**
 * The admin panel's Orders tab: search paid orders, refund one. requireAdmin runs first (401
 * signed out, 403 for anyone but admins and owners) before the input is read.
 */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: app.requireAdmin };

  app.get(
    '/api/admin/orders',
    {
      ...guard,
      schema: { querystring: AdminOrdersQuery, response: { 200: AdminOrdersResponse, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.refunds.search(request.query.q);
    },
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      ...guard,
      schema: {
        params: idParams(REFUND_ERRORS.ORDER_NOT_FOUND),
        body: AdminRefundBody,
        response: { 200: AdminRefundResponse, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return await app.refunds.adminRefund(signedInUser(request), request.params.id, request.body.reason);
      } catch (error) {
        if (!(error instanceof ProviderRefundError)) throw error;
        return reply.status(502).send({ error: error.message });
      }
    },
  );
};
