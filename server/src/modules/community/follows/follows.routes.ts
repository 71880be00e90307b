import { ErrorBody } from '@beatroom/shared/auth-contract';
import { FollowStatus } from '@beatroom/shared/community-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { userIdParams } from '../../../http/params';

/** Follow, unfollow and follow status; all need a signed-in user. */
export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = {
    onRequest: app.authenticate,
    schema: {
      params: userIdParams,
      response: { 200: FollowStatus, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
    },
  };
  app.get('/api/users/:id/follow-status', options, async (request) =>
    app.follows.status(signedInUser(request), request.params.id),
  );
  app.post('/api/users/:id/follow', options, async (request) =>
    app.follows.follow(signedInUser(request), request.params.id),
  );
  app.delete('/api/users/:id/follow', options, async (request) =>
    app.follows.unfollow(signedInUser(request), request.params.id),
  );
};
