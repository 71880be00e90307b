import type { FastifyRequest } from 'fastify';
import { unauthorized } from './http-errors';

/**
 * The caller the session names, as the auth module resolved it into `request.session` (its
 * type is declared there): http/ stands below the modules, so it names the type through the
 * request instead of importing the users module.
 */
export type SignedInUser = NonNullable<FastifyRequest['session']>['user'];

/**
 * The hook a route declares when only a signed-in caller may use it: `{ onRequest:
 * app.authenticate }`. It runs before the input is validated, so a signed-out caller gets 401
 * whatever they sent. The session itself was resolved once, earlier, by the auth plugin.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  if (!request.session) throw unauthorized();
}

/**
 * The signed-in caller, in a handler of a route that declares `app.authenticate`. Without the
 * hook this is a wiring mistake, not a signed-out caller: it fails loudly (500) instead of
 * quietly answering 401, so the route's signed-out test catches the missing guard.
 */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.session) {
    throw new Error(
      `${request.method} ${request.routeOptions.url} reads the signed-in user without onRequest: app.authenticate`,
    );
  }
  return request.session.user;
}
