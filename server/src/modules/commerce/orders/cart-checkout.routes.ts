import { CartCheckoutBody, CartCheckoutConflict } from '@beatroom/shared/cart-contract';
import { PurchaseResponse } from '@beatroom/shared/money-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { CartLineError } from './cart-checkout.service';

/** POST /api/cart/checkout: the signed-in user's cart as one order, answered like a purchase. */
export const cartCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/cart/checkout',
    {
      onRequest: app.authenticate,
      schema: {
        body: CartCheckoutBody,
        response: {
          200: PurchaseResponse,
          ...errorResponses(400, 401, 402, 403, 404),
          409: CartCheckoutConflict,
        },
      },
    },
    async (request, reply) => {
      try {
        return await app.cartCheckout.checkout(signedInUser(request), request.body);
      } catch (error) {
        if (!(error instanceof CartLineError)) throw error;
        // The line at fault is named: its beat, and its price now when that is what changed.
        const { message, beatId, priceCents } = error;
        return reply
          .status(error.statusCode as 400 | 403 | 404 | 409)
          .send({ error: message, beat_id: beatId, price_cents: priceCents });
      }
    },
  );
};
