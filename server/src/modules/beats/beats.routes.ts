import { ErrorBody } from '@beatroom/shared/auth-contract';
import { BeatList, BeatListQuery } from '@beatroom/shared/beat-list-contract';
import {
  Beat,
  BeatDetail,
  BeatWaveform,
  CreateBeatBody,
  CreatedId,
  EditBeatBody,
  IdempotencyKey,
} from '@beatroom/shared/beats-contract';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../http/authenticate';
import { beatIdParams } from '../../http/params';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const CreateHeaders = z.object({ 'idempotency-key': IdempotencyKey.optional() });

/**
 * Writes a page of beats as JSON, validated against the contract, and remembers the JSON of
 * each page object: a page served from the list cache is the same frozen array, so its JSON is
 * reused instead of being validated and stringified again (most of a cached request's cost).
 */
function pageSerializer() {
  const serialize = serializerCompiler({
    schema: BeatList,
    method: 'GET',
    url: '/api/beats',
    httpStatus: '200',
  });
  const written = new WeakMap<object, string>();
  return (page: unknown): string => {
    if (typeof page !== 'object' || page === null || !Object.isFrozen(page)) return serialize(page);
    let json = written.get(page);
    if (json === undefined) {
      json = serialize(page);
      written.set(page, json);
    }
    return json;
  };
}

/** Browse, read, create, edit and delete beats (platform.md §7 "Beats and files"). */
export const beatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { beats } = app;
  const writePage = pageSerializer();
  app.get(
    '/api/beats',
    { schema: { querystring: BeatListQuery, response: { 200: BeatList, 400: ErrorBody } } },
    async (request, reply) => {
      const page = await beats.list(request.query);
      reply.serializer(writePage);
      return page;
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
