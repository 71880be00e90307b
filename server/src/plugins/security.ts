import { NEXT_CURSOR_HEADER } from '@beatroom/shared/beat-list-contract';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { allowedOrigins, publicUrlForAlias } from '../http/origins';
import { SESSION_COOKIE } from '../modules/platform/auth/session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE_PRESENT = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=[^;\\s]`);

function tooManyRequests(retryInSeconds: number): Error {
  return Object.assign(new Error(`Too many requests: slow down and retry in ${retryInSeconds} s`), {
    statusCode: 429,
  });
}

type HelmetOptions = NonNullable<Parameters<typeof helmet>[1]>;

/**
 * The headers @fastify/helmet sets with `options`, found by asking it once: a private Fastify
 * instance with only helmet answers one request, and every header it has that the same answer
 * without helmet lacks is a security header. Nothing here depends on the request (no CSP
 * nonces), so these are the headers of every answer.
 */
export async function securityHeaders(options: HelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    try {
      return (await probe.inject({ method: 'GET', url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const [secured, plain] = await Promise.all([answer(true), answer(false)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured))
    if (!(name in plain) && value !== undefined) headers[name] = String(value);
  return headers;
}

/** What helmet sets: the CSP of the web app, and cross-origin reads of covers and audio. */
export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        // The purchase dialog asks Chromium whether Google Pay is available (PaymentRequest with
        // the https://google.com/pay method): the browser then fetches Google's payment method
        // manifest under this page's connect-src. Without these two, every check logs a CSP
        // violation in the console, and Google Pay is never offered.
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://google.com/pay', 'https://pay.google.com'],
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
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  };
}

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

    // Helmet's headers, fixed by these options, worked out once: @fastify/helmet builds a new
    // helmet middleware from its options on every request (~0.1 ms of CPU each, a tenth of a
    // catalogue page's), to set the very same headers.
    const headers = await securityHeaders(helmetOptions(opts.config));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
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
      errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
    });

    // Signed out: counted per address before anything else runs (the session lookup included).
    // With a session token: counted once the session is known (before the route's own hooks and
    // before the body is read), per user, so people behind one address (an
    // office, a mobile carrier) do not share one budget. A token that names no session counts
    // per address like any signed-out request, and an address past its budget is refused
    // before its tokens are looked up, so made-up tokens buy no fresh budget nor any SELECT.
    const byAddress = app.createRateLimit();
    const byUser = app.createRateLimit({ keyGenerator: (request) => `user:${request.session!.user.id}` });
    const ownLimit = (request: FastifyRequest) => request.routeOptions.config.rateLimit !== undefined;
    const refuse = (reply: FastifyReply, ttlMs: number) => {
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      reply.header('retry-after', String(seconds));
      return tooManyRequests(seconds);
    };
    app.addHook('onRequest', async (request, reply) => {
      // A route with its own limit (files, sign-in, uploads, the socket upgrade) or none (health, the web app) is the plugin's to handle.
      if (ownLimit(request)) return;
      // An unknown route has no route hooks to count it later: counted here, per address.
      if (carriesSessionToken(request) && !request.is404) {
        const spent = await byAddress(request, { increment: false });
        if (!spent.isAllowed && spent.remaining <= 0) throw refuse(reply, spent.ttl);
        return;
      }
      const counted = await byAddress(request);
      if (!counted.isAllowed && counted.isExceeded) throw refuse(reply, counted.ttl);
    });
    const countCredentialed = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!carriesSessionToken(request)) return;
      const counted = await (request.session ? byUser : byAddress)(request);
      if (!counted.isAllowed && counted.isExceeded) throw refuse(reply, counted.ttl);
    };
    // First of each route's own onRequest hooks: those run after every app-level one (so the
    // session is known) and before the route's guard (so a made-up token refused with 401 by
    // app.authenticate is counted too).
    app.addHook('onRoute', (route) => {
      if (route.config?.rateLimit !== undefined) return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [countCredentialed, ...own];
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
