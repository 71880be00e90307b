import type { FastifyRequest } from 'fastify';

/**
 * The hourly limit on a kind of upload, per signed-in user (per address before sign-in):
 * attempts count, failed ones included, because each costs a decode or a scan. `scope` keeps
 * each kind's count apart (`upload`, `recording-upload`, `support-upload`).
 */
export function uploadRateLimit(scope: string, maxPerHour: number) {
  return {
    max: maxPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) =>
      request.session ? `${scope}:${request.session.user.id}` : request.ip,
  };
}
