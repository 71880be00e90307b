import { ErrorBody } from '@beatroom/shared/auth-contract';
import { UserSettings, UserSettingsBody } from '@beatroom/shared/settings-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';

/** The caller's own settings; signed-in only, nobody else's are reachable. */
export const userSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: UserSettings, 400: ErrorBody, 401: ErrorBody };

  app.get(
    '/api/user-settings',
    { onRequest: app.authenticate, schema: { response } },
    async (request, reply) => {
      // Private to the session: a shared cache must never hand one user's settings to another.
      reply.header('cache-control', 'no-store');
      return app.userSettings.get(signedInUser(request));
    },
  );

  app.put(
    '/api/user-settings',
    { onRequest: app.authenticate, schema: { body: UserSettingsBody, response } },
    async (request) => app.userSettings.put(signedInUser(request), request.body),
  );
};
