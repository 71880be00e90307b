import { ErrorBody, HealthResponse } from '@beatroom/shared/auth-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const READY_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. Never touches the database.
  app.get(
    '/api/health',
    { config: { rateLimit: false }, schema: { response: { 200: HealthResponse } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  // Readiness: the database answers within a short time.
  app.get(
    '/api/ready',
    { config: { rateLimit: false }, schema: { response: { 200: HealthResponse, 503: ErrorBody } } },
    async (request, reply) => {
      try {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database check timed out')), READY_TIMEOUT_MS);
        });
        await Promise.race([app.db.ping(), timeout]).finally(() => clearTimeout(timer));
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ error: 'Database unreachable' });
      }
    },
  );
};
