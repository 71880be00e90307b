import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error whose message is safe and meant for the person using the app. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Sign in required') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * One error handler for the whole API: every failure answers `{ "error": "..." }`; 4xx keep
 * their message, 5xx never show internals (they are logged instead).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
        const message = first?.message ?? 'Invalid request';
        return reply.status(400).send({ error: where ? `${where}: ${message}` : message });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.status(500).send({ error: 'Internal server error' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send({ error: 'Internal server error' });
      }
      // Fastify's own 4xx (bad JSON, body too large, rate limit) have readable messages.
      return reply.status(status).send({ error: error.message });
    });
  },
  { name: 'errors' },
);
