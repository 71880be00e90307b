import { ErrorBody } from '@beatroom/shared/auth-contract';
import { storedFileResponses } from '@beatroom/shared/files-contract';
import {
  AddTakeBody,
  BeatVolumeBody,
  ChatBody,
  COLLAB_ERRORS,
  CollabChatMessage,
  CollabSession,
  CollabSessionData,
  CollabSessionState,
  CollabTake,
  CreateCollabSessionBody,
  JoinCollabSessionResponse,
  ParticipantsResponse,
  SessionCodeParams,
  StartTakeBody,
  TakeStart,
  TrackParams,
  TrackSettings,
  TrackSettingsBody,
  TransportBody,
} from '@beatroom/shared/collab-sessions-contract';
import {
  COLLAB_LIVE_FRAMES_PER_MINUTE,
  LiveTakeBody,
  MoveTakeBody,
  TakeParams,
} from '@beatroom/shared/collab-take-edits-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { signedInUser } from '../../../http/authenticate';
import { fileRequestOf, mediaRateLimit, sendFile } from '../../../http/file-answer';
import { idParams } from '../../../http/params';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 403, 404);
const params = idParams(COLLAB_ERRORS.notFound);
const base = '/api/collaborative-sessions';
const noStore = { 'cache-control': 'no-store' };

/**
 * Collaborative sessions. Thin: each route validates and hands the
 * signed-in caller to the service, which decides who may do what. The code lookup is open to
 * visitors (the page shows them 'Join Collaborative Session'); everything else needs a session.
 */
export const collabSessionsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { collabSessions } = app;
  const auth = { onRequest: app.authenticate };

  app.post(
    base,
    { ...auth, schema: { body: CreateCollabSessionBody, response: { 201: CollabSession, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await collabSessions.create(signedInUser(request), request.body)),
  );

  app.get(
    `${base}/code/:code`,
    { schema: { params: SessionCodeParams, response: { 200: CollabSession, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return collabSessions.byCode(request.params.code);
    },
  );

  app.post(
    `${base}/join/:code`,
    {
      ...auth,
      schema: {
        params: SessionCodeParams,
        response: { 200: JoinCollabSessionResponse, ...errors, 409: ErrorBody },
      },
    },
    async (request) => collabSessions.join(signedInUser(request), request.params.code),
  );

  app.get(
    `${base}/:id/participants`,
    { ...auth, schema: { params, response: { 200: ParticipantsResponse, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return collabSessions.participants(signedInUser(request), request.params.id);
    },
  );

  app.get(
    `${base}/:id/state`,
    { ...auth, schema: { params, response: { 200: CollabSessionState, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return collabSessions.state(signedInUser(request), request.params.id);
    },
  );

  app.post(
    `${base}/:id/transport`,
    { ...auth, schema: { params, body: TransportBody, response: { 200: CollabSessionData, ...errors } } },
    async (request) => collabSessions.transport(signedInUser(request), request.params.id, request.body),
  );

  app.patch(
    `${base}/:id/tracks/:track`,
    {
      ...auth,
      schema: {
        params: TrackParams.extend({ id: params.shape.id }),
        body: TrackSettingsBody,
        response: { 200: TrackSettings, ...errors },
      },
    },
    async (request) =>
      collabSessions.trackSettings(
        signedInUser(request),
        request.params.id,
        request.params.track,
        request.body,
      ),
  );

  app.patch(
    `${base}/:id/beat-volume`,
    { ...auth, schema: { params, body: BeatVolumeBody, response: { 200: CollabSessionData, ...errors } } },
    async (request) =>
      collabSessions.beatVolume(signedInUser(request), request.params.id, request.body.beat_volume),
  );

  app.post(
    `${base}/:id/chat`,
    { ...auth, schema: { params, body: ChatBody, response: { 201: CollabChatMessage, ...errors } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await collabSessions.chat(signedInUser(request), request.params.id, request.body.message)),
  );

  app.post(
    `${base}/:id/takes/start`,
    { ...auth, schema: { params, body: StartTakeBody, response: { 200: TakeStart, ...errors } } },
    async (request) => collabSessions.startTake(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    `${base}/:id/takes`,
    {
      ...auth,
      schema: { params, body: AddTakeBody, response: { 201: CollabTake, ...errors, 409: ErrorBody } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await collabSessions.addTake(signedInUser(request), request.params.id, request.body)),
  );

  app.delete(
    `${base}/:id/takes/start`,
    { ...auth, schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await collabSessions.cancelRecording(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/:id/takes/live`,
    {
      ...auth,
      // Its own budget per member, so a take in progress neither eats nor is stopped by the
      // general one; about five frames a second, where a recorder sends four.
      config: {
        rateLimit: {
          max: COLLAB_LIVE_FRAMES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) =>
            request.session ? `collab-live:${request.session.user.id}` : request.ip,
        },
      },
      schema: { params, body: LiveTakeBody, response: { 204: z.null(), ...errors, 429: ErrorBody } },
    },
    async (request, reply) => {
      await collabSessions.liveFrame(signedInUser(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    `${base}/:id/takes/:takeId`,
    {
      ...auth,
      schema: {
        params: TakeParams.extend({ id: params.shape.id }),
        body: MoveTakeBody,
        response: { 200: CollabTake, ...errors },
      },
    },
    async (request) =>
      collabSessions.moveTake(signedInUser(request), request.params.id, request.params.takeId, request.body),
  );

  app.delete(
    `${base}/:id/takes/:takeId`,
    {
      ...auth,
      schema: { params: TakeParams.extend({ id: params.shape.id }), response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await collabSessions.deleteTake(signedInUser(request), request.params.id, request.params.takeId);
      return reply.status(204).send(null);
    },
  );

  // Players fetch ranges while seeking; the session's members only (checked by the service).
  app.route({
    method: ['GET', 'HEAD'],
    url: `${base}/:id/takes/:takeId/audio`,
    // A player seeking through a take fetches many ranges: the media budget, like /api/files.
    config: { rateLimit: mediaRateLimit(config.rateLimitMax) },
    schema: {
      params: z.object({ id: params.shape.id, takeId: z.string() }),
      response: storedFileResponses('audio/*'),
    },
    handler: async (request, reply) => {
      const { id, takeId } = request.params as { id: string; takeId: string };
      if (!request.session) return reply.status(401).send({ error: 'Sign in required' });
      const answer = await collabSessions.takeAudio(request.session.user, id, takeId, fileRequestOf(request));
      return sendFile(reply, answer);
    },
  });

  app.delete(
    `${base}/:id/participants/:userId`,
    {
      ...auth,
      schema: {
        params: z.object({ id: params.shape.id, userId: z.string() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await collabSessions.removeParticipant(signedInUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/:id/leave`,
    { ...auth, schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await collabSessions.leave(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/:id/end`,
    { ...auth, schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await collabSessions.end(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
