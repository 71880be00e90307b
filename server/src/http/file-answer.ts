import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileAnswer, FileRequest } from '../modules/files/files.service';

/** The headers of a GET/HEAD that shape a stored file's answer (ETag, Range, If-Range). */
export function fileRequestOf(request: FastifyRequest): FileRequest {
  const { headers } = request;
  return {
    head: request.method === 'HEAD',
    range: headers.range,
    ifNoneMatch: headers['if-none-match'],
    ifRange: headers['if-range'],
  };
}

/** Copies a files-service answer onto the reply: errors as `{ error }`, 304 and HEAD without a body. */
export function sendFile(reply: FastifyReply, answer: FileAnswer) {
  reply.status(answer.status);
  if (answer.status === 404) return reply.send({ error: answer.error });
  reply.headers(answer.headers);
  if (answer.status === 416) return reply.send({ error: answer.error });
  if (answer.status === 304) return reply.send();
  return reply.send(answer.body ?? undefined);
}

/**
 * The rate limit of a route that streams stored audio: a media player fetches many ranges while
 * it seeks, so these routes get ten times the general budget (RATE_LIMIT_MAX), at least 6000 a
 * minute, instead of sharing the general one with the page's API calls.
 */
export function mediaRateLimit(rateLimitMax: number) {
  return { max: Math.max(rateLimitMax * 10, 6000), timeWindow: '1 minute' };
}
