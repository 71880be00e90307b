import { ErrorBody } from '@beatroom/shared/auth-contract';
import {
  ApplePayCompleteBody,
  GooglePayCompleteBody,
  LicenseListResponse,
  Order,
  PriceMismatchBody,
  PurchaseBody,
  PurchaseResponse,
} from '@beatroom/shared/money-contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { beatIdParams, idParams } from '../../../http/params';
import { ORDER_NOT_FOUND } from './local-checkout.service';
import { PriceChangedError } from './orders.service';

/** A 409 is either a plain conflict or a stale price that carries the current one. */
const ConflictBody = ErrorBody.extend({ price_cents: PriceMismatchBody.shape.price_cents.optional() });
const errors = { ...errorResponses(400, 401, 402, 403, 404), 409: ConflictBody };
const orderIdParams = idParams(ORDER_NOT_FOUND);

/** Runs a purchase; a stale price answers 409 with the price the server asks now. */
async function purchasing<T>(reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof PriceChangedError)) throw error;
    return reply.status(409).send({ error: error.message, price_cents: error.priceCents });
  }
}

/** Licences, purchase and the local test checkout's order page. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, localCheckout } = app;

  app.get(
    '/api/beats/:id/licenses',
    { schema: { params: beatIdParams, response: { 200: LicenseListResponse, ...errorResponses(404) } } },
    async (request) => orders.licenses(request.params.id, request.user),
  );

  app.post(
    '/api/beats/:id/purchase',
    {
      onRequest: app.authenticate,
      schema: { params: beatIdParams, body: PurchaseBody, response: { 200: PurchaseResponse, ...errors } },
    },
    async (request, reply) =>
      purchasing(reply, () => orders.purchase(signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/beats/:id/purchase/apple-pay/complete',
    {
      onRequest: app.authenticate,
      schema: {
        params: beatIdParams,
        body: ApplePayCompleteBody,
        response: { 200: PurchaseResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { payment, ...body } = request.body;
      return purchasing(reply, () =>
        orders.completeWallet(
          signedInUser(request),
          request.params.id,
          'apple_pay',
          payment.payment_method,
          body,
        ),
      );
    },
  );

  app.post(
    '/api/beats/:id/purchase/google-pay/complete',
    {
      onRequest: app.authenticate,
      schema: {
        params: beatIdParams,
        body: GooglePayCompleteBody,
        response: { 200: PurchaseResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { payment_response: payment, ...body } = request.body;
      return purchasing(reply, () =>
        orders.completeWallet(
          signedInUser(request),
          request.params.id,
          'google_pay',
          payment.payment_method,
          body,
        ),
      );
    },
  );

  if (!localCheckout) return;
  const checkout = localCheckout;
  const schema = { params: orderIdParams, response: { 200: Order, ...errors } };
  app.get('/api/checkout/local/:id', { onRequest: app.authenticate, schema }, async (request) =>
    checkout.summary(signedInUser(request), request.params.id),
  );
  app.post('/api/checkout/local/:id/pay', { onRequest: app.authenticate, schema }, async (request) =>
    checkout.pay(signedInUser(request), request.params.id),
  );
  app.post('/api/checkout/local/:id/cancel', { onRequest: app.authenticate, schema }, async (request) =>
    checkout.cancel(signedInUser(request), request.params.id),
  );
};
