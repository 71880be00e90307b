import { ErrorBody } from '@beatroom/shared/auth-contract';
import { BeatList, BeatListQuery, NEXT_CURSOR_HEADER } from '@beatroom/shared/beat-list-contract';
import {
  Beat,
  BeatDetail,
  BeatWaveform,
  CreateBeatBody,
  CreatedId,
  EditBeatBody,
  IdempotencyKey,
} from '@beatroom/shared/beats-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { compressedAnswers } from '../../../http/compressed-answer';
import { beatIdParams } from '../../../http/params';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
const CreateHeaders = z.object({ 'idempotency-key': IdempotencyKey.optional() });

/** Browse, read, create, edit and delete beats. */
export const beatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { beats } = app;
  const sendCompressed = compressedAnswers();
  app.get(
    '/api/beats',
    { schema: { querystring: BeatListQuery, response: { 200: BeatList, 400: ErrorBody } } },
    async (request, reply) => {
      const page = await beats.list(request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      // Browsers accept Brotli: a page from the list cache goes out as the bytes compressed
      // the first time it was served.
      if (await sendCompressed(request, reply, page, () => page.json)) return reply;
      // Already the JSON of a BeatList, written by the database: Fastify sends a string with a
      // JSON content type as it is, without running the response serializer over it again.
      return reply.type('application/json; charset=utf-8').send(page.json as unknown as BeatList);
    },
  );

  app.get(
    '/api/beats/:id',
    { schema: { params: beatIdParams, response: { 200: BeatDetail, 404: ErrorBody } } },
    async (request) => beats.get(request.params.id),
  );

  app.get(
    '/api/beats/:id/waveform',
    { schema: { params: beatIdParams, response: { 200: BeatWaveform, 404: ErrorBody } } },
    async (request) => beats.waveform(request.params.id),
  );

  app.post(
    '/api/beats',
    {
      onRequest: app.authenticate,
      schema: { body: CreateBeatBody, headers: CreateHeaders, response: { 200: CreatedId, ...errors } },
    },
    async (request) => beats.create(signedInUser(request), request.body, request.headers['idempotency-key']),
  );

  app.put(
    '/api/beats/:id/edit',
    {
      onRequest: app.authenticate,
      schema: { params: beatIdParams, body: EditBeatBody, response: { 200: Beat, ...errors } },
    },
    async (request) => beats.edit(signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/beats/:id',
    { onRequest: app.authenticate, schema: { params: beatIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await beats.remove(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
