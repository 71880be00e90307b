import { ErrorBody } from '@beatroom/shared/auth-contract';
import {
  ProfileIdParams,
  ProfileResponse,
  ProfileUpdateBody,
  UserBeatsQuery,
  UserBeatsResponse,
  UserFavoritesResponse,
  UserIdParams,
  UserReviewsResponse,
} from '@beatroom/shared/community-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Runs before validation, so a signed-out caller gets 401 even with a bad body. */
const signedIn = async (request: FastifyRequest) => void requireUser(request);

/** Profiles and the public lists of a user's beats, favorites and reviews (platform.md §7). */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id/profile',
    { schema: { params: ProfileIdParams, response: { 200: ProfileResponse, ...errors } } },
    async (request) => app.profiles.getProfile(request.params.id),
  );

  app.put(
    '/api/profile',
    {
      onRequest: signedIn,
      schema: { body: ProfileUpdateBody, response: { 200: ProfileResponse, ...errors } },
    },
    async (request) => app.profiles.updateProfile(requireUser(request), request.body),
  );

  app.get(
    '/api/users/:id/beats',
    {
      schema: {
        params: UserIdParams,
        querystring: UserBeatsQuery,
        response: { 200: UserBeatsResponse, ...errors },
      },
    },
    async (request) => app.profiles.listBeats(request.params.id, request.query.sort),
  );

  app.get(
    '/api/users/:id/favorites',
    { schema: { params: UserIdParams, response: { 200: UserFavoritesResponse, ...errors } } },
    async (request) => app.profiles.listFavorites(request.user, request.params.id),
  );

  app.get(
    '/api/users/:id/reviews',
    { schema: { params: UserIdParams, response: { 200: UserReviewsResponse, ...errors } } },
    async (request) => app.profiles.listReviews(request.params.id),
  );
};
