import {
  ProfileResponse,
  ProfileUpdateBody,
  UserBeatsQuery,
  UserBeatsResponse,
  UserFavoritesResponse,
  UserReviewsResponse,
} from '@beatroom/shared/community-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { idParams, userIdParams } from '../../../http/params';
import { PROFILE_NOT_FOUND } from './profiles.service';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 403, 404);
const profileParams = idParams(PROFILE_NOT_FOUND);

/**
 * Profiles and the lists of a user's beats, favorites and reviews: open to
 * anyone unless the owner's privacy settings close them (checked in the service).
 */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id/profile',
    { schema: { params: profileParams, response: { 200: ProfileResponse, ...errors } } },
    async (request) => app.profiles.getProfile(request.user, request.params.id),
  );

  app.put(
    '/api/profile',
    {
      onRequest: app.authenticate,
      schema: { body: ProfileUpdateBody, response: { 200: ProfileResponse, ...errors } },
    },
    async (request) => app.profiles.updateProfile(signedInUser(request), request.body),
  );

  app.get(
    '/api/users/:id/beats',
    {
      schema: {
        params: userIdParams,
        querystring: UserBeatsQuery,
        response: { 200: UserBeatsResponse, ...errors },
      },
    },
    async (request) => app.profiles.listBeats(request.user, request.params.id, request.query.sort),
  );

  app.get(
    '/api/users/:id/favorites',
    { schema: { params: userIdParams, response: { 200: UserFavoritesResponse, ...errors } } },
    async (request) => app.profiles.listFavorites(request.user, request.params.id),
  );

  app.get(
    '/api/users/:id/reviews',
    { schema: { params: userIdParams, response: { 200: UserReviewsResponse, ...errors } } },
    async (request) => app.profiles.listReviews(request.user, request.params.id),
  );
};
