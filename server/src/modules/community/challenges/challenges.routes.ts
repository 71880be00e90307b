import { storedFileResponses } from '@beatroom/shared/files-contract';
import {
  CHALLENGE_TEXTS,
  Challenge,
  ChallengeDetail,
  ChallengeListQuery,
  ChallengeListResponse,
  CreateChallengeBody,
  EnterChallengeBody,
  VoteBody,
} from '@beatroom/shared/challenges-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { signedInUser } from '../../../http/authenticate';
import { fileRequestOf, mediaRateLimit, sendFile } from '../../../http/file-answer';
import { idParams } from '../../../http/params';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 402, 403, 404, 409);
const params = idParams(CHALLENGE_TEXTS.NOT_FOUND);
const entryParams = z.object({
  id: params.shape.id,
  entryId: idParams(CHALLENGE_TEXTS.ENTRY_NOT_FOUND).shape.id,
});

/**
 * Challenges: anyone may list and look; signed-in members create,
 * enter and vote. Every answer reads the server's clock, so none is cached.
 */
export const challengesRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { challenges } = app;

  app.get(
    '/api/challenges',
    { schema: { querystring: ChallengeListQuery, response: { 200: ChallengeListResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return challenges.list(request.session?.user ?? null, request.query);
    },
  );

  app.get(
    '/api/challenges/:id',
    { schema: { params, response: { 200: ChallengeDetail, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return challenges.detail(request.session?.user ?? null, request.params.id);
    },
  );

  app.post(
    '/api/challenges',
    {
      onRequest: app.authenticate,
      schema: { body: CreateChallengeBody, response: { 201: Challenge, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await challenges.create(signedInUser(request), request.body)),
  );

  app.post(
    '/api/challenges/:id/entries',
    {
      onRequest: app.authenticate,
      schema: { params, body: EnterChallengeBody, response: { 201: ChallengeDetail, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await challenges.enter(signedInUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/challenges/:id/votes',
    {
      onRequest: app.authenticate,
      schema: { params, body: VoteBody, response: { 200: ChallengeDetail, ...errors } },
    },
    async (request) => challenges.vote(signedInUser(request), request.params.id, request.body),
  );

  // An entry plays for anyone, like a public take: the entrant published it to the challenge.
  // A player seeking through it fetches many ranges: the media budget, like /api/files.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/challenges/:id/entries/:entryId/audio',
    config: { rateLimit: mediaRateLimit(config.rateLimitMax) },
    schema: { params: entryParams, response: storedFileResponses('audio/*') },
    handler: async (request, reply) => {
      const { id, entryId } = request.params as z.infer<typeof entryParams>;
      return sendFile(reply, await challenges.entryAudio(id, entryId, fileRequestOf(request)));
    },
  });
};
