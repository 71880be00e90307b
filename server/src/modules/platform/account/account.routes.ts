import { AccountSummary, DeleteAccountBody, DeleteAccountResponse } from '@beatroom/shared/account-contract';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { signedInUser } from '../../../http/authenticate';
import { clearSessionCookie } from '../auth/session-cookie';

/** The account section of /settings: what it shows, and deleting the account. */
export const accountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/account',
    { onRequest: app.authenticate, schema: { response: { 200: AccountSummary, 401: ErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.account.summary(signedInUser(request));
    },
  );

  app.delete(
    '/api/account/delete',
    {
      onRequest: app.authenticate,
      schema: {
        body: DeleteAccountBody,
        response: { 200: DeleteAccountResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await app.account.remove(signedInUser(request));
      // The session is gone with the account; the browser forgets its cookie too.
      clearSessionCookie(reply, config);
      reply.header('cache-control', 'no-store');
      return result;
    },
  );
};
