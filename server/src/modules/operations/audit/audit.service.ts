import type { AdminLogsResponse } from '@beatroom/shared/admin-contract';
import type { Tx } from '../../../db/transaction';
import type { AuditEntry, AuditRepository } from './audit.repository';

/**
 * The admin audit log: every admin action (role change, delete, feature, setting,
 * ticket update, report resolution) records who did what to which target, with the fields
 * before and after, in the action's own transaction, so a rolled-back action leaves no row and
 * a committed one always has its row.
 */
export function createAuditService(deps: { repo: AuditRepository }) {
  const { repo } = deps;
  return {
    /** Writes one admin_logs row inside the caller's transaction. */
    record: (tx: Tx, entry: AuditEntry) => repo.insert(tx, entry),

    /** GET /api/admin/logs (the route's requireAdmin guard has checked the caller). */
    async page(page: number, limit: number): Promise<AdminLogsResponse> {
      const { rows, total } = await repo.page(page, limit);
      return { logs: rows, pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) } };
    },

    forTarget: repo.forTarget,
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
export type { AuditEntry };
