import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config';
import { SESSION_ABSOLUTE_MS } from './auth.service';

export const SESSION_COOKIE = 'beatroom_session';
/**
 * Readable by the page (the session cookie is httpOnly): says a session cookie is there, so a
 * signed-out visitor's page does not ask /api/users/me only to be told 401 (a console error on
 * every public page). It holds no secret; the session cookie alone signs in.
 */
export const SIGNED_IN_COOKIE = 'beatroom_signed_in';

/** The session token a request carries: the desktop app's Bearer header, else the cookie. */
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
  setSignedInCookie(reply, config);
}

/** The page-readable companion of a session cookie (see SIGNED_IN_COOKIE). */
export function setSignedInCookie(reply: FastifyReply, config: Config) {
  reply.setCookie(SIGNED_IN_COOKIE, '1', {
    path: '/',
    httpOnly: false,
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
  reply.clearCookie(SIGNED_IN_COOKIE, {
    path: '/',
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
  });
}
