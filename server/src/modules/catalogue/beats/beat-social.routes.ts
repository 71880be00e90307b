import {
  BeatAnalytics,
  BeatReviewsQuery,
  BeatReviewsResponse,
  FavoriteBeatIds,
  FavoriteStatus,
  RateBeatBody,
  RatingSummary,
  UserRating,
} from '@beatroom/shared/beat-social-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { beatIdParams as params } from '../../../http/params';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Plays, favourites, ratings, reviews and analytics of one beat. Its vocal covers
 * (GET /api/beats/{id}/public-recordings) are served by the recordings module.
 */
export const beatSocialRoutes: FastifyPluginAsyncZod = async (app) => {
  const social = app.beatSocial;
  // Fire and forget for the player: 204 whether or not this play was counted.
  app.post(
    '/api/beats/:id/play',
    { schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await social.play(request.params.id, { userId: request.user?.id ?? null, ip: request.ip });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/beats/:id/favorite-status',
    { onRequest: app.authenticate, schema: { params, response: { 200: FavoriteStatus, ...errors } } },
    async (request) => social.favoriteStatus(signedInUser(request), request.params.id),
  );

  // One request for a whole grid's hearts, instead of favorite-status per card.
  app.get(
    '/api/users/me/favorite-beat-ids',
    { onRequest: app.authenticate, schema: { response: { 200: FavoriteBeatIds, ...errors } } },
    async (request, reply) => {
      // Per user: no shared cache may keep it, and the browser asks again after a toggle.
      reply.header('cache-control', 'no-store');
      return social.favoriteBeatIds(signedInUser(request));
    },
  );

  app.post(
    '/api/beats/:id/favorite',
    { onRequest: app.authenticate, schema: { params, response: { 200: FavoriteStatus, ...errors } } },
    async (request) => social.toggleFavorite(signedInUser(request), request.params.id),
  );

  app.post(
    '/api/beats/:id/rate',
    {
      onRequest: app.authenticate,
      schema: { params, body: RateBeatBody, response: { 200: RatingSummary, ...errors } },
    },
    async (request) => social.rate(signedInUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/beats/:id/rating-summary',
    { schema: { params, response: { 200: RatingSummary, ...errors } } },
    async (request) => social.ratingSummary(request.params.id),
  );

  app.get(
    '/api/beats/:id/reviews',
    { schema: { params, querystring: BeatReviewsQuery, response: { 200: BeatReviewsResponse, ...errors } } },
    async (request) => social.reviews(request.params.id, request.query),
  );

  app.get(
    '/api/beats/:id/user-rating',
    { onRequest: app.authenticate, schema: { params, response: { 200: UserRating, ...errors } } },
    async (request) => social.userRating(signedInUser(request), request.params.id),
  );

  app.get(
    '/api/beats/:id/analytics',
    { onRequest: app.authenticate, schema: { params, response: { 200: BeatAnalytics, ...errors } } },
    async (request) => social.analytics(signedInUser(request), request.params.id),
  );
};
