import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request headers that shape the answer, and whether it is a HEAD (no body, no read). */
export interface FileRequest {
  head: boolean;
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
  /** Repeated (an array), it names no single version: the whole file is sent. */
  ifRange?: string | string[] | undefined;
}

export type FileHeaders = Record<string, string | number>;

/** What the files service answers for a stored file; `sendFile` copies it onto the reply. */
export type FileAnswer =
  | { status: 404; error: string }
  | { status: 304; headers: FileHeaders }
  | { status: 416; headers: FileHeaders; error: string }
  /** body is null for HEAD: storage is not read at all. */
  | { status: 200 | 206; headers: FileHeaders; body: Readable | null };

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
