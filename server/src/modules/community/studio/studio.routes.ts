import { storedFileResponses } from '@beatroom/shared/files-contract';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import {
  CreateStudioSessionBody,
  STUDIO_SESSION_NOT_FOUND,
  StudioBeat,
  StudioSession,
  StudioSessionsQuery,
  StudioSessionsResponse,
  UpdateStudioSessionBody,
} from '@beatroom/shared/studio-sessions-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { idParams } from '../../../http/params';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
const params = idParams(STUDIO_SESSION_NOT_FOUND);
const beatParams = z.object({ beatId: idParams(BEAT_NOT_FOUND).shape.id });

/** Studio sessions (own only) and the beat a take is recorded over. */
export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  const { studio } = app;
  const guarded = { onRequest: app.authenticate };

  app.get(
    '/api/studio/sessions',
    {
      ...guarded,
      schema: { querystring: StudioSessionsQuery, response: { 200: StudioSessionsResponse, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sessions: await studio.list(signedInUser(request), request.query.beat_id) };
    },
  );

  app.get(
    '/api/studio/sessions/:id',
    { ...guarded, schema: { params, response: { 200: StudioSession, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return studio.get(signedInUser(request), request.params.id);
    },
  );

  app.post(
    '/api/studio/sessions',
    { ...guarded, schema: { body: CreateStudioSessionBody, response: { 201: StudioSession, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await studio.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/studio/sessions/:id',
    {
      ...guarded,
      schema: { params, body: UpdateStudioSessionBody, response: { 200: StudioSession, ...errors } },
    },
    async (request) => studio.update(signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/studio/sessions/:id',
    { ...guarded, schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await studio.remove(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/studio/beats/:beatId',
    { ...guarded, schema: { params: beatParams, response: { 200: StudioBeat, ...errors } } },
    async (request, reply) => {
      // The source changes when the user buys a licence: never reuse an old answer.
      reply.header('cache-control', 'no-store');
      return studio.beat(signedInUser(request), request.params.beatId);
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/studio/beats/:beatId/audio',
    onRequest: app.authenticate,
    schema: { params: beatParams, response: storedFileResponses('audio/*') },
    handler: async (request, reply) => {
      const { headers } = request;
      const { answer, source } = await studio.beatAudio(signedInUser(request), request.params.beatId, {
        head: request.method === 'HEAD',
        range: headers.range,
        ifNoneMatch: headers['if-none-match'],
        ifRange: headers['if-range'],
      });
      reply.status(answer.status);
      reply.header('x-beat-audio-source', source);
      if (answer.status === 404) return reply.send({ error: answer.error });
      reply.headers(answer.headers);
      if (answer.status === 416) return reply.send({ error: answer.error });
      if (answer.status === 304) return reply.send();
      return reply.send(answer.body ?? undefined);
    },
  });
};
