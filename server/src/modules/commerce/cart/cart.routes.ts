import { AddToCartBody, CART_ERRORS, CartQuery, CartResponse } from '@beatroom/shared/cart-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { idParams } from '../../../http/params';

const lineParams = idParams(CART_ERRORS.LINE_NOT_FOUND).shape.id;

/** The signed-in user's cart: read, add (or change a line's licence), remove. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart } = app;

  app.get(
    '/api/cart',
    {
      onRequest: app.authenticate,
      schema: { querystring: CartQuery, response: { 200: CartResponse, ...errorResponses(400, 401) } },
    },
    async (request) => cart.get(signedInUser(request), request.query.coupon_code),
  );

  app.post(
    '/api/cart',
    {
      onRequest: app.authenticate,
      schema: {
        body: AddToCartBody,
        response: { 200: CartResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cart.add(signedInUser(request), request.body),
  );

  app.delete(
    '/api/cart/:lineId',
    {
      onRequest: app.authenticate,
      schema: {
        params: z.object({ lineId: lineParams }),
        response: { 200: CartResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => cart.remove(signedInUser(request), request.params.lineId),
  );
};
