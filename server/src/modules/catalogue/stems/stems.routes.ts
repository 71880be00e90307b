import { StemsState } from '@beatroom/shared/stems-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { beatIdParams } from '../../../http/params';

/** The producer's stems of a beat: read, upload (the ZIP as the raw body), remove. */
export const stemsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The ZIP is streamed to storage as it arrives (its size is limited there), never parsed here.
  app.addContentTypeParser('application/zip', (_request, payload, done) => done(null, payload));
  const stems = app.stems;
  const errors = errorResponses(400, 401, 403, 404, 413);

  app.get(
    '/api/beats/:id/stems',
    {
      onRequest: app.authenticate,
      schema: { params: beatIdParams, response: { 200: StemsState, ...errors } },
    },
    async (request) => stems.state(signedInUser(request), request.params.id),
  );

  app.put(
    '/api/beats/:id/stems',
    {
      onRequest: app.authenticate,
      schema: { params: beatIdParams, response: { 200: StemsState, ...errors } },
    },
    async (request) => stems.upload(signedInUser(request), request.params.id, request.body as Readable),
  );

  app.delete(
    '/api/beats/:id/stems',
    {
      onRequest: app.authenticate,
      schema: { params: beatIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await stems.remove(signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
