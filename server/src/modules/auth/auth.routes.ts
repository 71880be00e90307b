import {
  CreateDesktopSessionBody,
  CreateSessionBody,
  CreateSessionResponse,
  DesktopSessionResponse,
  ErrorBody,
  LogoutResponse,
  RedirectUrlQuery,
  RedirectUrlResponse,
  SessionUser,
} from '@beatroom/shared/auth-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { signedInUser } from '../../http/authenticate';
import type { UserRecord } from '../users/user-record';
import { toSessionUser } from './auth.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

/**
 * Binds a sign-in to the browser that started it, so a code+state captured elsewhere cannot be
 * replayed into a victim's browser (login CSRF). Lives only as long as a sign-in may take.
 */
const LOGIN_STATE_COOKIE = 'beatroom_login_state';

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const cookieBase = {
    path: '/api/sessions',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };
  const sessionUserOf = async (user: UserRecord) =>
    toSessionUser(user, config.adminEmail, await app.users.findProfileFace(user.id));

  app.get(
    '/api/oauth/google/redirect_url',
    { schema: { querystring: RedirectUrlQuery, response: { 200: RedirectUrlResponse, 400: ErrorBody } } },
    async (request, reply) => {
      const desktopChallenge = request.query.desktop_challenge;
      const { redirectUrl, state } = await app.auth.beginSignIn({ desktopChallenge });
      // A desktop sign-in is bound to the app by its verifier; the browser that happens to
      // finish it gets no cookie of ours at any step.
      if (!desktopChallenge) reply.setCookie(LOGIN_STATE_COOKIE, state, { ...cookieBase, maxAge: 600 });
      reply.header('cache-control', 'no-store');
      return { redirectUrl };
    },
  );

  app.post(
    '/api/sessions',
    { schema: { body: CreateSessionBody, response: { 200: CreateSessionResponse, 400: ErrorBody } } },
    async (request, reply) => {
      const boundState = request.cookies[LOGIN_STATE_COOKIE];
      if (boundState !== undefined) reply.clearCookie(LOGIN_STATE_COOKIE, cookieBase);
      const result = await app.auth.completeSignIn(
        request.body,
        request.headers['user-agent'] ?? null,
        boundState,
      );
      reply.header('cache-control', 'no-store');
      if (result.kind === 'desktop') return { desktopHandoff: result.handoff };
      setSessionCookie(reply, config, result.token);
      return sessionUserOf(result.user);
    },
  );

  /**
   * The desktop app trades the handoff code from its deep link, plus the verifier only it
   * holds, for a session token it sends as `Authorization: Bearer`. No cookie: the caller is
   * the app, not a browser.
   */
  app.post(
    '/api/sessions/desktop',
    { schema: { body: CreateDesktopSessionBody, response: { 200: DesktopSessionResponse, 400: ErrorBody } } },
    async (request, reply) => {
      const { token, user } = await app.auth.redeemDesktopHandoff(
        request.body,
        request.headers['user-agent'] ?? null,
      );
      reply.header('cache-control', 'no-store');
      return { token, user: await sessionUserOf(user) };
    },
  );

  app.get('/api/logout', { schema: { response: { 200: LogoutResponse } } }, async (request, reply) => {
    if (request.session) await app.auth.endSession(request.session.tokenHash);
    clearSessionCookie(reply, config);
    reply.header('cache-control', 'no-store');
    return { ok: true as const };
  });

  /** Who is signed in: the session's user, as the web app and the desktop app show them. */
  app.get(
    '/api/users/me',
    { onRequest: app.authenticate, schema: { response: { 200: SessionUser, 401: ErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sessionUserOf(signedInUser(request));
    },
  );
};
