import multipart from '@fastify/multipart';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import { storedFileResponses } from '@beatroom/shared/files-contract';
import { PublicRecordingList } from '@beatroom/shared/beat-social-contract';
import {
  RECORDING_MAX_BYTES,
  RECORDING_NOT_FOUND,
  RECORDING_UPLOAD_FIELDS,
  Recording,
  RecordingsResponse,
  UpdateRecordingBody,
} from '@beatroom/shared/recordings-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { signedInUser } from '../../../http/authenticate';
import { fileRequestOf, mediaRateLimit, sendFile } from '../../../http/file-answer';
import { isParsableMultipart } from '../../../http/multipart';
import { badRequest, tooLarge } from '../../../http/http-errors';
import { beatIdParams, idParams } from '../../../http/params';
import type { StoredTake } from './recording-upload';
import { errorResponses } from '../../../http/error-responses';
import { uploadRateLimit } from '../../../http/upload-rate-limit';

const errors = errorResponses(400, 401, 403, 404);
const params = idParams(RECORDING_NOT_FOUND);
const NOT_MULTIPART = `Send the recording as multipart/form-data in the field "${RECORDING_UPLOAD_FIELDS.recording}"`;
/** The fields the studio sends before the file; with them the upload is checked before it is read. */
const LEADING_FIELDS = [
  RECORDING_UPLOAD_FIELDS.beatId,
  RECORDING_UPLOAD_FIELDS.recordingName,
  RECORDING_UPLOAD_FIELDS.isPublic,
];
const TEXT_FIELDS = new Set<string>([...LEADING_FIELDS, RECORDING_UPLOAD_FIELDS.idempotencyKey]);

/**
 * Recordings: upload, the caller's list, delete, the audio of a take, plays, and a
 * beat's public takes. Multipart is registered here, scoped to these routes, with their limits.
 */
export const recordingsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(multipart);
  const { recordings, uploads } = app;

  app.post(
    '/api/recordings/upload',
    {
      onRequest: app.authenticate,
      config: {
        // Each attempt costs an Opus decode: the uploads' hourly limit, per user.
        rateLimit: uploadRateLimit('recording-upload', config.uploadRateLimitMax),
      },
      schema: { response: { 200: Recording, 201: Recording, ...errors, 413: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!isParsableMultipart(request)) {
        throw badRequest(NOT_MULTIPART);
      }
      // Takes count against the same storage quota and daily allowance as other uploads.
      const allowance = await uploads.allowance(user.id);
      if (allowance.bytes <= 0) throw tooLarge(allowance.message);

      const fields: Record<string, string> = {};
      let take: StoredTake | null = null;
      try {
        const parts = request.parts({
          limits: { fileSize: RECORDING_MAX_BYTES + 1, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (TEXT_FIELDS.has(part.fieldname)) fields[part.fieldname] = String(part.value);
            continue;
          }
          if (part.fieldname !== RECORDING_UPLOAD_FIELDS.recording || take) {
            part.file.resume();
            throw badRequest(NOT_MULTIPART);
          }
          // Fields sent before the file are checked before a byte of it is stored, and a retry
          // of a take already saved is answered without storing it again.
          if (LEADING_FIELDS.every((name) => name in fields)) {
            const early = recordings.parseFields(fields);
            const saved = await recordings.saved(user, early.idempotency_key);
            if (saved) {
              part.file.resume();
              return reply.status(200).send(saved);
            }
          }
          take = await recordings.receive(part.file, allowance);
        }
        if (!take) throw badRequest('Please select a recording');
        const parsed = recordings.parseFields(fields);
        const stored = take;
        take = null; // record() owns the file from here: it discards it on failure
        const saved = await recordings.saved(user, parsed.idempotency_key);
        if (saved) {
          await recordings.discard(stored.key);
          return reply.status(200).send(saved);
        }
        const { recording, created } = await recordings.record(user, stored, parsed);
        return reply.status(created ? 201 : 200).send(recording);
      } catch (error) {
        if (take) await recordings.discard(take.key);
        throw error;
      }
    },
  );

  app.get(
    '/api/recordings',
    { onRequest: app.authenticate, schema: { response: { 200: RecordingsResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { recordings: await recordings.listOwn(signedInUser(request)) };
    },
  );

  app.patch(
    '/api/recordings/:id',
    {
      onRequest: app.authenticate,
      schema: { params, body: UpdateRecordingBody, response: { 200: Recording, ...errors } },
    },
    async (request) => recordings.setPublic(signedInUser(request), request.params.id, request.body.is_public),
  );

  app.delete(
    '/api/recordings/:id',
    { onRequest: app.authenticate, schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await recordings.remove(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Players fetch ranges while seeking: the files route's larger limit. A private take is
  // checked against the session, so this route looks it up (unlike /api/files).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/recordings/:id/audio',
    config: { rateLimit: mediaRateLimit(config.rateLimitMax) },
    schema: { response: storedFileResponses('audio/*') },
    handler: async (request, reply) => {
      const answer = await recordings.audio(
        request.session?.user ?? null,
        (request.params as { id: string }).id,
        fileRequestOf(request),
      );
      return sendFile(reply, answer);
    },
  });

  // Fire and forget for the cover list: counts a play of a take the caller may hear.
  app.post(
    '/api/recordings/:id/play',
    { schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await recordings.countPlay(request.session?.user ?? null, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/beats/:id/public-recordings',
    { schema: { params: beatIdParams, response: { 200: PublicRecordingList, ...errors } } },
    async (request) => recordings.publicOfBeat(request.params.id),
  );
};
