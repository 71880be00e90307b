import { ErrorBody, SessionUser } from '@beatroom/shared/auth-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { requireUser } from '../../plugins/auth';
import { toSessionUser } from '../auth/auth.service';

export const usersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/users/me',
    { schema: { response: { 200: SessionUser, 401: ErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toSessionUser(requireUser(request), config.adminEmail);
    },
  );
};
