import { storedFileResponses } from '@beatroom/shared/files-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../../config';
import { fileRequestOf, mediaRateLimit, sendFile } from '../../../http/file-answer';

/**
 * GET and HEAD /api/files/{key}: stored audio and images (files.service.ts decides the answer:
 * ETag/304, Range, 416, 404). Media players fetch many ranges while seeking, so this route has
 * its own, larger rate limit.
 */
export const filesRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/*',
    config: {
      rateLimit: mediaRateLimit(config.rateLimitMax),
      // Public reads: no session lookup (a SELECT per range request while a player seeks).
      sessionLookup: false,
    },
    schema: { response: storedFileResponses('*/*') },
    handler: async (request, reply) => {
      const answer = await app.files.read((request.params as { '*': string })['*'], fileRequestOf(request));
      return sendFile(reply, answer);
    },
  });
};
