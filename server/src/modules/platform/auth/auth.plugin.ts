import cookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { authenticate } from '../../../http/authenticate';
import { createRequireAdmin } from '../../../http/require-admin';
import type { UserRecord } from '../users/user-record';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService, type SignedInSession } from './auth.service';
import { startLocalIssuer } from './local-issuer';
import { createOidcProvider, GOOGLE_ISSUER } from './oidc';
import {
  clearSessionCookie,
  SESSION_COOKIE,
  sessionToken,
  setSignedInCookie,
  SIGNED_IN_COOKIE,
} from './session-cookie';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** The issuer in use: Google's, or the local one's loopback URL. */
    issuerUrl: string;
    /** `{ onRequest: app.authenticate }`: 401 unless signed in (http/authenticate.ts). */
    authenticate: typeof authenticate;
    /** `{ onRequest: app.requireAdmin }`: 401 signed out, 403 unless an admin (http/require-admin.ts). */
    requireAdmin: ReturnType<typeof createRequireAdmin>;
  }
  interface FastifyRequest {
    /** The caller's session, resolved once per /api request; null when signed out. */
    session: SignedInSession | null;
    /** `session.user`, or null: a read-only view for routes open to everyone. */
    readonly user: UserRecord | null;
  }
  interface FastifyContextConfig {
    /**
     * false: the route never needs to know the caller, so no session is looked up (public file
     * reads: a media player seeking would otherwise cost one SELECT per range request).
     */
    sessionLookup?: boolean;
  }
}

/**
 * Sign-in and sessions. The identity provider is Google when its credentials are configured,
 * otherwise a local OpenID issuer on loopback (config validation refuses that in production).
 * Registered before every module with routes: its cookie parser and session hook must be in
 * place when their routes are built.
 */
export const authPlugin = fp(
  async (app, opts: { config: Config }) => {
    const { config } = opts;
    await app.register(cookie, { secret: config.sessionSecret });

    const redirectUri = `${config.publicUrl}/auth/callback`;
    let provider;
    if (config.google) {
      provider = createOidcProvider({ issuerUrl: GOOGLE_ISSUER, redirectUri, ...config.google });
      app.decorate('issuerUrl', GOOGLE_ISSUER);
    } else {
      const local = { clientId: 'beatroom-local', clientSecret: config.sessionSecret };
      const issuer = await startLocalIssuer({ ...local, redirectUris: [redirectUri] });
      app.addHook('onClose', () => issuer.close());
      app.log.info({ issuer: issuer.url }, 'no Google credentials: using the local sign-in issuer');
      provider = createOidcProvider({ issuerUrl: issuer.url, redirectUri, ...local });
      app.decorate('issuerUrl', issuer.url);
    }

    app.decorate(
      'auth',
      createAuthService({
        repo: createAuthRepository(app.db.prisma),
        users: app.users,
        oidc: provider,
        sessionSecret: config.sessionSecret,
        events: app.domainEvents,
        log: app.log,
      }),
    );
    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', createRequireAdmin(config.adminEmail));

    app.decorateRequest('session', null);
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        return this.session?.user ?? null;
      },
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.sessionLookup === false) return;
      const token = sessionToken(request);
      if (!token) return;
      request.session = await app.auth.resolveSession(token);
      // Keep the page's signed-in hint in step with the session cookie: sessions made before
      // the hint existed get it, an ended session's cookie goes with its hint.
      const fromCookie = request.cookies[SESSION_COOKIE] === token;
      if (fromCookie && request.session && request.cookies[SIGNED_IN_COOKIE] !== '1')
        setSignedInCookie(reply, config);
      if (fromCookie && !request.session) clearSessionCookie(reply, config);
    });

    await app.register(authRoutes, { config });

    const sweep = setInterval(() => {
      app.auth.sweepExpired().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    }, 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'auth', dependencies: ['db', 'domain-events', 'users'] },
);
