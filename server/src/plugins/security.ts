import { NEXT_CURSOR_HEADER } from '@beatroom/shared/beat-list-contract';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { allowedOrigins, publicUrlForAlias } from '../http/origins';
import { SESSION_COOKIE } from '../modules/auth/session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE_PRESENT = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=[^;\\s]`);

/** A Bearer header or a session cookie, read from the raw headers (cookies are parsed later). */
function carriesSessionToken(request: FastifyRequest): boolean {
  if (request.headers.authorization?.startsWith('Bearer ')) return true;
  return SESSION_COOKIE_PRESENT.test(request.headers.cookie ?? '');
}

/**
 * Security headers, CORS for the allow-listed origins, a global rate limit (per address when
 * signed out, per user when signed in; routes with their own limit: sign-in, uploads, the
 * socket upgrade, files), and the cross-site check: a state-changing request whose Origin
 * names another site is refused.
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
      // The next page's cursor of GET /api/beats, readable by the desktop app's origin too.
      exposedHeaders: [NEXT_CURSOR_HEADER],
      origin: (origin, cb) => cb(null, !origin || origins.has(origin)),
    });

    await app.register(rateLimit, {
      // Applied below as an app-level hook, not per route: the plugin's per-route hook would run
      // after the app's own onRequest hooks (the session lookup) and a route's (app.authenticate),
      // leaving signed-out calls to guarded routes, and the session SELECT, uncounted.
      global: false,
      max: opts.config.rateLimitMax,
      timeWindow: '1 minute',
      // Thrown as an error, so the shared error handler shapes it like every other failure.
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`Too many requests: slow down and retry in ${Math.ceil(context.ttl / 1000)} s`),
          {
            statusCode: 429,
          },
        ),
    });

    // Signed out: counted per address before anything else runs (the session lookup included).
    // With a session token: counted once the session is known (preParsing runs after every
    // onRequest hook, before the body is read), per user, so people behind one address (an
    // office, a mobile carrier) do not share one budget; a token that names no session is
    // counted per address like any other signed-out request.
    const byAddress = app.rateLimit();
    const byUser = app.rateLimit({
      keyGenerator: (request) => (request.session ? `user:${request.session.user.id}` : request.ip),
    });
    const ownLimit = (request: FastifyRequest) => request.routeOptions.config.rateLimit !== undefined;
    app.addHook('onRequest', async (request, reply) => {
      // A route with its own limit (files, sign-in, uploads) or none (health, the web app) is the plugin's to handle.
      if (ownLimit(request) || carriesSessionToken(request)) return;
      await byAddress.call(app, request, reply);
    });
    app.addHook('preParsing', async (request, reply) => {
      if (ownLimit(request) || !carriesSessionToken(request)) return;
      await byUser.call(app, request, reply);
    });

    // Outside production, a page opened under another loopback name of PUBLIC_URL's host (the
    // address the log prints) moves to PUBLIC_URL's host, where sign-in and its cookies live.
    app.addHook('onRequest', async (request, reply) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/api/')) return;
      const target = publicUrlForAlias(opts.config, request.host, request.url);
      if (target) return reply.redirect(target, 307);
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
