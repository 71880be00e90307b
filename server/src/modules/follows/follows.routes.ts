import { ErrorBody } from '@beatroom/shared/auth-contract';
import { FollowStatus, UserIdParams } from '@beatroom/shared/community-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';

const schema = {
  params: UserIdParams,
  response: { 200: FollowStatus, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
};

/** Runs before validation, so a signed-out caller gets 401 even with a bad id. */
const signedIn = async (request: FastifyRequest) => void requireUser(request);

/** Follow, unfollow and follow status; all need a signed-in user (platform.md §5). */
export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/users/:id/follow-status', { onRequest: signedIn, schema }, async (request) =>
    app.follows.status(requireUser(request), request.params.id),
  );
  app.post('/api/users/:id/follow', { onRequest: signedIn, schema }, async (request) =>
    app.follows.follow(requireUser(request), request.params.id),
  );
  app.delete('/api/users/:id/follow', { onRequest: signedIn, schema }, async (request) =>
    app.follows.unfollow(requireUser(request), request.params.id),
  );
};
