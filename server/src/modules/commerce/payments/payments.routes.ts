import {
  ApplePayValidateBody,
  ApplePayValidateResponse,
  PaymentMethodIdParams,
  PaymentMethodListResponse,
} from '@beatroom/shared/money-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 404);

/** Saved payment methods, own only, and Apple Pay merchant validation. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app;
  app.get(
    '/api/payment/methods',
    { onRequest: app.authenticate, schema: { response: { 200: PaymentMethodListResponse, ...errors } } },
    async (request) => payments.listMethods(signedInUser(request)),
  );

  app.delete(
    '/api/payment/methods/:id',
    {
      onRequest: app.authenticate,
      schema: { params: PaymentMethodIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await payments.deleteMethod(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/payment/apple-pay/validate',
    {
      onRequest: app.authenticate,
      schema: { body: ApplePayValidateBody, response: { 200: ApplePayValidateResponse, ...errors } },
    },
    async () => payments.applePayValidate(),
  );
};
