import fp from 'fastify-plugin';
import { createAuditRepository } from './audit.repository';
import { createAuditService, type AuditService } from './audit.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The admin audit log. Every admin action writes its row in its own transaction:
     * `await app.audit.record(tx, { adminId, action, targetType, targetId, before, after })`.
     */
    audit: AuditService;
  }
}

/** Registered before every module whose admin actions are audited (admin, reports, support). */
export const auditPlugin = fp(
  async (app) => {
    app.decorate('audit', createAuditService({ repo: createAuditRepository(app.db.prisma) }));
  },
  { name: 'audit', dependencies: ['db'] },
);
