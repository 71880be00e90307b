import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createAuthService, SESSION_ABSOLUTE_MS, type AuthService } from '../modules/auth/auth.service';
import { startLocalIssuer } from '../modules/auth/local-issuer';
import { createOidcProvider, GOOGLE_ISSUER } from '../modules/auth/oidc';
import { createUsersRepository, type UserRecord } from '../modules/users/users.repository';
import { unauthorized } from './errors';

export const SESSION_COOKIE = 'beatroom_session';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** The issuer in use: Google's, or the local one's loopback URL. */
    issuerUrl: string;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved once per /api request from the cookie or a Bearer token. */
    user: UserRecord | null;
    sessionToken: string | null;
  }
}

/** The signed-in user, or a 401. Services receive this, never a user id from the client. */
export function requireUser(request: FastifyRequest): UserRecord {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
  });
}

/**
 * Sessions and the identity provider. Google when its credentials are configured; otherwise a
 * local OpenID issuer on loopback (config validation already refuses that in production).
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

    const service = createAuthService({
      repo: createAuthRepository(app.db.prisma),
      users: createUsersRepository(app.db.prisma),
      oidc: provider,
      sessionSecret: config.sessionSecret,
      events: app.domainEvents,
      log: app.log,
    });
    app.decorate('auth', service);

    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = sessionToken(request);
      if (!token) return;
      request.sessionToken = token;
      request.user = await service.resolveSession(token);
    });

    const sweep = setInterval(() => {
      service.sweepExpired().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    }, 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'auth', dependencies: ['db', 'domain-events'] },
);
