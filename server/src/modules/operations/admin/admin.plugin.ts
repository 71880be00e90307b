import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createAdminRepository } from './admin.repository';
import { adminRoutes } from './admin.routes';
import { createAdminService, type AdminService } from './admin.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin panel: dashboard, users and their roles, beats. */
    admin: AdminService;
  }
}

/** Registered after account: deleting a user is the account module's deletion. */
export const adminPlugin = fp(
  async (app, opts: { config: Config }) => {
    app.decorate(
      'admin',
      createAdminService({
        repo: createAdminRepository(app.db.prisma),
        audit: app.audit,
        adminEmail: opts.config.adminEmail,
        removeUser: (userId, also) => app.account.removeUser(userId, also),
        removeBeat: (beatId, also) => app.beats.removeAsAdmin(beatId, also),
        forgetListPages: () => app.beats.forgetListPages(),
      }),
    );
    await app.register(adminRoutes);
  },
  { name: 'admin', dependencies: ['db', 'auth', 'audit', 'admin-settings', 'beats', 'account'] },
);
