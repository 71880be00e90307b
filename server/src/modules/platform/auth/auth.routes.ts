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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { signedInUser } from '../../../http/authenticate';
import { allowedOrigins } from '../../../http/origins';
import type { UserRecord } from '../users/user-record';
import { toSessionUser } from './auth.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

/**
 * Binds a sign-in to the browser that started it, so a code+state captured elsewhere cannot be
 * replayed into a victim's browser (login CSRF). Lives only as long as a sign-in may take.
 */
const LOGIN_STATE_COOKIE = 'beatroom_login_state';

export const CROSS_SITE_LOGOUT = 'Sign-out refused: the request came from another site';

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const cookieBase = {
    path: '/api/sessions',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };
  const origins = allowedOrigins(config);
  // Each sign-in start costs a state row and each exchange a call to the issuer: per address,
  // whatever session the caller has (429 past it, from the security plugin's rate limiter).
  const signInLimit = { max: config.signInRateLimitMax, timeWindow: '1 minute' };
  const sessionUserOf = async (user: UserRecord) =>
    toSessionUser(user, config.adminEmail, await app.users.findProfileFace(user.id));

  app.get(
    '/api/oauth/google/redirect_url',
    {
      config: { rateLimit: signInLimit },
      schema: { querystring: RedirectUrlQuery, response: { 200: RedirectUrlResponse, 400: ErrorBody } },
    },
    async (request, reply) => {
      const desktopChallenge = request.query.desktop_challenge;
      const { redirectUrl, state } = await app.auth.beginSignIn({
        desktopChallenge,
        returnTo: request.query.return_to,
      });
      // A desktop sign-in is bound to the app by its verifier; the browser that happens to
      // finish it gets no cookie of ours at any step.
      if (!desktopChallenge) reply.setCookie(LOGIN_STATE_COOKIE, state, { ...cookieBase, maxAge: 600 });
      reply.header('cache-control', 'no-store');
      return { redirectUrl };
    },
  );

  app.post(
    '/api/sessions',
    {
      config: { rateLimit: signInLimit },
      schema: { body: CreateSessionBody, response: { 200: CreateSessionResponse, 400: ErrorBody } },
    },
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
      const user = await sessionUserOf(result.user);
      return result.returnTo ? { ...user, returnTo: result.returnTo } : user;
    },
  );

  /**
   * The desktop app trades the handoff code from its deep link, plus the verifier only it
   * holds, for a session token it sends as `Authorization: Bearer`. No cookie: the caller is
   * the app, not a browser.
   */
  app.post(
    '/api/sessions/desktop',
    {
      config: { rateLimit: signInLimit },
      schema: { body: CreateDesktopSessionBody, response: { 200: DesktopSessionResponse, 400: ErrorBody } },
    },
    async (request, reply) => {
      const { token, user } = await app.auth.redeemDesktopHandoff(
        request.body,
        request.headers['user-agent'] ?? null,
      );
      reply.header('cache-control', 'no-store');
      return { token, user: await sessionUserOf(user) };
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await app.auth.endSession(request.session.tokenHash);
    clearSessionCookie(reply, config);
    reply.header('cache-control', 'no-store');
    return { ok: true as const };
  };
  const logoutResponses = { 200: LogoutResponse, 403: ErrorBody };

  /**
   * GET is the documented call, and a GET is what a link or an <img> on another site can make the
   * browser send with our cookie: such a request (Fetch metadata says cross-site, or its Origin
   * is not ours) is refused, so nobody is signed out by visiting a page. Non-browser callers
   * (the desktop app's main process) send neither header.
   */
  app.get('/api/logout', { schema: { response: logoutResponses } }, async (request, reply) => {
    const origin = request.headers.origin;
    const ours = origin !== undefined && origins.has(origin);
    if (!ours && (origin !== undefined || request.headers['sec-fetch-site'] === 'cross-site')) {
      return reply.status(403).send({ error: CROSS_SITE_LOGOUT });
    }
    return logout(request, reply);
  });

  /** The web app signs out with POST (the security plugin refuses a foreign Origin on it). */
  app.post('/api/logout', { schema: { response: logoutResponses } }, logout);

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
