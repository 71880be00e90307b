import {
  BulkDeal,
  BulkDealBody,
  COUPON_ERRORS,
  Coupon,
  CouponListResponse,
  CreateCouponBody,
  UpdateCouponBody,
} from '@beatroom/shared/coupons-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { idParams, userIdParams } from '../../../http/params';

const couponParams = idParams(COUPON_ERRORS.NOT_FOUND);

/** A producer's coupons (their own only) and bulk deal; anyone may read a producer's deal. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { coupons } = app;

  app.get(
    '/api/coupons',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: CouponListResponse, ...errorResponses(401) } },
    },
    async (request) => coupons.list(signedInUser(request)),
  );

  app.post(
    '/api/coupons',
    {
      onRequest: app.authenticate,
      schema: { body: CreateCouponBody, response: { 201: Coupon, ...errorResponses(400, 401, 403, 409) } },
    },
    async (request, reply) =>
      reply.status(201).send(await coupons.create(signedInUser(request), request.body)),
  );

  app.patch(
    '/api/coupons/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: couponParams,
        body: UpdateCouponBody,
        response: { 200: Coupon, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => coupons.update(signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/coupons/:id',
    {
      onRequest: app.authenticate,
      schema: { params: couponParams, response: { 204: z.null(), ...errorResponses(401, 404) } },
    },
    async (request, reply) => {
      await coupons.remove(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:id/deal',
    { schema: { params: userIdParams, response: { 200: BulkDeal, ...errorResponses(404) } } },
    async (request) => coupons.deal(request.params.id),
  );

  app.put(
    '/api/deals',
    {
      onRequest: app.authenticate,
      schema: { body: BulkDealBody, response: { 200: BulkDeal, ...errorResponses(400, 401) } },
    },
    async (request) => coupons.putDeal(signedInUser(request), request.body),
  );

  app.delete(
    '/api/deals',
    { onRequest: app.authenticate, schema: { response: { 200: BulkDeal, ...errorResponses(401) } } },
    async (request) => coupons.removeDeal(signedInUser(request)),
  );
};
