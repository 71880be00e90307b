import multipart from '@fastify/multipart';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import { storedFileResponses } from '@beatroom/shared/files-contract';
import { RECORDING_MAX_BYTES } from '@beatroom/shared/recordings-contract';
import {
  STUDIO_TAKE_UPLOAD_FIELD,
  StudioTakeFile,
  StudioTakeIdParams,
  StudioTakeUploadQuery,
} from '@beatroom/shared/studio-takes-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { fileRequestOf, mediaRateLimit, sendFile } from '../../../http/file-answer';
import { isParsableMultipart } from '../../../http/multipart';
import { badRequest } from '../../../http/http-errors';
import { uploadRateLimit } from '../../../http/upload-rate-limit';

const errors = errorResponses(400, 401, 403, 404);
const uploadErrors = errorResponses(400, 401, 403, 404, 409);
const NOT_MULTIPART = `Send the take as multipart/form-data in the field "${STUDIO_TAKE_UPLOAD_FIELD}"`;

/**
 * The timeline's take files: upload (as soon as a take is recorded), the owner's audio, delete.
 * Multipart is registered here, scoped to these routes, with a take's limits.
 */
export const studioTakesRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(multipart);
  const { studioTakes } = app;

  app.post(
    '/api/studio/takes',
    {
      onRequest: app.authenticate,
      // Every take of a session is one upload: ten times the other uploads' hourly budget.
      config: { rateLimit: uploadRateLimit('studio-take', config.uploadRateLimitMax * 10) },
      schema: {
        querystring: StudioTakeUploadQuery,
        response: { 201: StudioTakeFile, ...uploadErrors, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!isParsableMultipart(request)) {
        throw badRequest(NOT_MULTIPART);
      }
      const parts = request.parts({
        // A stray field is answered 400 below, not as a limit reached.
        limits: { fileSize: RECORDING_MAX_BYTES + 1, files: 1, fields: 4, parts: 5 },
      });
      for await (const part of parts) {
        if (part.type !== 'file' || part.fieldname !== STUDIO_TAKE_UPLOAD_FIELD) {
          if (part.type === 'file') part.file.resume();
          throw badRequest(NOT_MULTIPART);
        }
        return reply.status(201).send(await studioTakes.upload(user, part.file, request.query.id));
      }
      throw badRequest(NOT_MULTIPART);
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/studio/takes/:id/audio',
    onRequest: app.authenticate,
    config: { rateLimit: mediaRateLimit(config.rateLimitMax) },
    schema: { params: StudioTakeIdParams, response: storedFileResponses('audio/*') },
    handler: async (request, reply) =>
      sendFile(
        reply,
        await studioTakes.audio(signedInUser(request), request.params.id, fileRequestOf(request)),
      ),
  });

  app.delete(
    '/api/studio/takes/:id',
    {
      onRequest: app.authenticate,
      schema: { params: StudioTakeIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await studioTakes.remove(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
