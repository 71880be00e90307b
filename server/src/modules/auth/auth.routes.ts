import {
  CreateSessionBody,
  ErrorBody,
  LogoutResponse,
  RedirectUrlResponse,
  SessionUser,
} from '@beatroom/shared/auth-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import { badRequest } from '../../plugins/errors';
import { SIGN_IN_EXPIRED, toSessionUser } from './auth.service';

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

  app.get(
    '/api/oauth/google/redirect_url',
    { schema: { response: { 200: RedirectUrlResponse } } },
    async (_request, reply) => {
      const { redirectUrl, state } = await app.auth.beginSignIn();
      reply.setCookie(LOGIN_STATE_COOKIE, state, { ...cookieBase, maxAge: 600 });
      reply.header('cache-control', 'no-store');
      return { redirectUrl };
    },
  );

  app.post(
    '/api/sessions',
    { schema: { body: CreateSessionBody, response: { 200: SessionUser, 400: ErrorBody } } },
    async (request, reply) => {
      const boundState = request.cookies[LOGIN_STATE_COOKIE];
      reply.clearCookie(LOGIN_STATE_COOKIE, cookieBase);
      if (!boundState || boundState !== request.body.state) throw badRequest(SIGN_IN_EXPIRED);
      const { token, user } = await app.auth.completeSignIn(
        request.body,
        request.headers['user-agent'] ?? null,
      );
      setSessionCookie(reply, config, token);
      return toSessionUser(user, config.adminEmail);
    },
  );

  app.get('/api/logout', { schema: { response: { 200: LogoutResponse } } }, async (request, reply) => {
    if (request.sessionToken) await app.auth.endSession(request.sessionToken);
    clearSessionCookie(reply, config);
    reply.header('cache-control', 'no-store');
    return { ok: true as const };
  });
};
