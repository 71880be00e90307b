import fp from 'fastify-plugin';
import { createReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';
import { createReportsService, type ReportsService } from './reports.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Moderation reports: members file them, admins resolve them (audited). */
    reports: ReportsService;
  }
}

export const reportsPlugin = fp(
  async (app) => {
    app.decorate(
      'reports',
      createReportsService({
        repo: createReportsRepository(app.db.prisma),
        audit: app.audit,
        removeBeat: (beatId, also) => app.beats.removeAsAdmin(beatId, also),
        afterProfileCleared: async () => app.beats.forgetListPages(),
      }),
    );
    await app.register(reportsRoutes);
  },
  { name: 'reports', dependencies: ['db', 'auth', 'audit', 'beats'] },
);
