import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { allowedOrigins } from '../http/origins';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, CORS for the allow-listed origins, a global rate limit that leaves the
 * WebSocket upgrade alone (a socket is one long request, not a burst), and the cross-site
 * check: a state-changing request whose Origin names another site is refused.
 */
export const securityPlugin = fp(
  async (app, opts: { config: Config }) => {
    const origins = allowedOrigins(opts.config);

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // Covers and audio are fetched by the desktop app from another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.config.publicUrl.startsWith('https:'),
    });

    await app.register(cors, {
      credentials: true,
      origin: (origin, cb) => cb(null, !origin || origins.has(origin)),
    });

    await app.register(rateLimit, {
      global: true,
      max: opts.config.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (request) => request.headers.upgrade?.toLowerCase() === 'websocket',
      // Thrown as an error, so the shared error handler shapes it like every other failure.
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`Too many requests: slow down and retry in ${Math.ceil(context.ttl / 1000)} s`),
          {
            statusCode: 429,
          },
        ),
    });

    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin && origin !== 'null' && !origins.has(origin)) {
        return reply.status(403).send({ error: 'Cross-site request refused' });
      }
      if (origin === 'null') return reply.status(403).send({ error: 'Cross-site request refused' });
    });
  },
  { name: 'security' },
);
