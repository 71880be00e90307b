import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';

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
      rateLimit: { max: Math.max(config.rateLimitMax * 10, 6000), timeWindow: '1 minute' },
      // Public reads: no session lookup (a SELECT per range request while a player seeks).
      sessionLookup: false,
    },
    handler: async (request, reply) => {
      const { headers } = request;
      const answer = await app.files.read((request.params as { '*': string })['*'], {
        head: request.method === 'HEAD',
        range: headers.range,
        ifNoneMatch: headers['if-none-match'],
        ifRange: headers['if-range'],
      });
      reply.status(answer.status);
      if (answer.status === 404) return reply.send({ error: answer.error });
      reply.headers(answer.headers);
      if (answer.status === 416) return reply.send({ error: answer.error });
      if (answer.status === 304) return reply.send();
      return reply.send(answer.body ?? undefined);
    },
  });
};
