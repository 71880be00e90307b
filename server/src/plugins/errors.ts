import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * One error handler for the whole API: every failure answers `{ "error": "..." }`; 4xx keep
 * their message (an HttpError from http/http-errors.ts, or Fastify's own), 5xx never show
 * internals (they are logged instead).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        // A path parameter that cannot be valid (a malformed id) names nothing: the same 404
        // as an id that does not exist, with the route's own message (see http/params.ts).
        if (error.validationContext === 'params') {
          return reply.status(404).send({ error: first?.message ?? 'Not found' });
        }
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
