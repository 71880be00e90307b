import type { FastifyRequest } from 'fastify';
import { isAdminUser } from '@beatroom/shared/permissions';
import { forbidden, unauthorized } from './http-errors';

/**
 * The hook of every admin route: `{ onRequest: app.requireAdmin }`. Signed out → 401, signed in
 * without admin rights → 403, both before the input is validated or any data is read (the
 * dashboard answers 403 to non-admins and the client then goes home). The allow-list
 * address counts as admin here exactly as it does in /api/users/me.
 */
export function createRequireAdmin(adminEmail: string) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    if (!request.session) throw unauthorized();
    if (!isAdminUser(request.session.user, adminEmail)) throw forbidden('Admin access required');
  };
}
