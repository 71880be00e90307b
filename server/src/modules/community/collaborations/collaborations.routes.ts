import { ErrorBody } from '@beatroom/shared/auth-contract';
import {
  AcceptResponseResult,
  COLLABORATION_TEXTS,
  CollaborationListQuery,
  CollaborationListResponse,
  CollaborationRequest,
  CollaborationResponse,
  CollaborationResponsesResponse,
  CreateCollaborationBody,
  RespondBody,
} from '@beatroom/shared/collaborations-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { idParams } from '../../../http/params';
import { errorResponses } from '../../../http/error-responses';

const RequestParams = idParams(COLLABORATION_TEXTS.NOT_FOUND);
const ResponseParams = RequestParams.extend({
  responseId: idParams(COLLABORATION_TEXTS.RESPONSE_NOT_FOUND).shape.id,
});
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The collaboration board. Reading
 * is open to visitors; posting, responding, accepting and closing need a session.
 */
export const collaborationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { collaborations } = app;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/api/collaborations',
    {
      schema: {
        querystring: CollaborationListQuery,
        response: { 200: CollaborationListResponse, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      // Carries the caller's own response ids, so never from a shared cache.
      reply.headers(noStore);
      return collaborations.list(request.session?.user ?? null, request.query);
    },
  );

  app.get(
    '/api/collaborations/:id',
    { schema: { params: RequestParams, response: { 200: CollaborationRequest, 404: ErrorBody } } },
    async (request, reply) => {
      reply.headers(noStore);
      return collaborations.get(request.session?.user ?? null, request.params.id);
    },
  );

  app.post(
    '/api/collaborations',
    {
      onRequest: app.authenticate,
      schema: { body: CreateCollaborationBody, response: { 201: CollaborationRequest, ...errors } },
    },
    async (request, reply) => {
      reply.status(201);
      return collaborations.create(signedInUser(request), request.body);
    },
  );

  app.post(
    '/api/collaborations/:id/responses',
    {
      onRequest: app.authenticate,
      schema: {
        params: RequestParams,
        body: RespondBody,
        response: { 201: CollaborationResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return collaborations.respond(signedInUser(request), request.params.id, request.body);
    },
  );

  app.get(
    '/api/collaborations/:id/responses',
    {
      onRequest: app.authenticate,
      schema: { params: RequestParams, response: { 200: CollaborationResponsesResponse, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return collaborations.responses(signedInUser(request), request.params.id);
    },
  );

  app.post(
    '/api/collaborations/:id/responses/:responseId/accept',
    {
      onRequest: app.authenticate,
      schema: { params: ResponseParams, response: { 200: AcceptResponseResult, ...errors } },
    },
    async (request) =>
      collaborations.accept(signedInUser(request), request.params.id, request.params.responseId),
  );

  app.post(
    '/api/collaborations/:id/close',
    {
      onRequest: app.authenticate,
      schema: { params: RequestParams, response: { 200: CollaborationRequest, ...errors } },
    },
    async (request) => collaborations.close(signedInUser(request), request.params.id),
  );
};
