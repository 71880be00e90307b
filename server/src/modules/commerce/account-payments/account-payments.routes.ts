import { CreditPurchaseBody } from '@beatroom/shared/credits-contract';
import { AccountCheckoutResponse, AccountPayment } from '@beatroom/shared/subscriptions-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { idParams } from '../../../http/params';
import type { AccountPaymentRecord } from './account-payments.repository';
import { ACCOUNT_PAYMENT_NOT_FOUND } from './account-local-checkout';
import type { AccountPaymentsService } from './account-payments.service';
import type { createCreditPacks } from './credit-packs';

const errors = errorResponses(400, 401, 402, 403, 404, 409);

/** Only the contract's fields leave the server. */
const toPayment = (p: AccountPaymentRecord): AccountPayment => ({
  id: p.id,
  kind: p.kind,
  description: p.description,
  amount_cents: p.amount_cents,
  currency: p.currency,
  status: p.status,
  provider: p.provider,
  payment_method_type: p.payment_method_type,
  created_at: p.created_at,
  expires_at: p.expires_at,
  paid_at: p.paid_at,
  return_path: p.return_path,
});

/** Buying a credit pack and the local test checkout page of account payments. */
export const accountPaymentsRoutes: FastifyPluginAsyncZod<{
  payments: AccountPaymentsService;
  packs: ReturnType<typeof createCreditPacks>;
}> = async (app, opts) => {
  const { payments, packs } = opts;

  app.post(
    '/api/user/credits/purchase',
    {
      onRequest: app.authenticate,
      schema: { body: CreditPurchaseBody, response: { 200: AccountCheckoutResponse, ...errors } },
    },
    async (request) => packs.purchase(signedInUser(request), request.body),
  );

  const local = payments.local;
  if (!local) return;
  const schema = {
    params: idParams(ACCOUNT_PAYMENT_NOT_FOUND),
    response: { 200: AccountPayment, ...errors },
  };
  app.get('/api/checkout/local/account/:id', { onRequest: app.authenticate, schema }, async (request) =>
    toPayment(await local.summary(signedInUser(request), request.params.id)),
  );
  app.post('/api/checkout/local/account/:id/pay', { onRequest: app.authenticate, schema }, async (request) =>
    toPayment(await local.pay(signedInUser(request), request.params.id)),
  );
  app.post(
    '/api/checkout/local/account/:id/cancel',
    { onRequest: app.authenticate, schema },
    async (request) => toPayment(await local.cancel(signedInUser(request), request.params.id)),
  );
};
