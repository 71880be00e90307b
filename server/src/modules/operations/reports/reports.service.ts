import {
  REPORT_TEXTS,
  type AdminReportsResponse,
  type CreateReportBody,
  type ResolveReportBody,
} from '@beatroom/shared/admin-contract';
import type { Tx } from '../../../db/transaction';
import { conflict, forbidden, notFound } from '../../../http/http-errors';
import type { AuditService } from '../audit/audit.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { ReportsRepository } from './reports.repository';

export const REPORT_NOT_FOUND = 'Report not found';
export const REPORT_OWN_CONTENT = 'You cannot report your own content';
export const REPORT_ALREADY_RESOLVED = 'This report has already been resolved';

/**
 * Moderation: members report a beat, a review or a profile once each, with a
 * reason; admins resolve a report by removing the content (every open report of it closes) or
 * dismissing it, audited like every admin action.
 */
export function createReportsService(deps: {
  repo: ReportsRepository;
  audit: Pick<AuditService, 'record'>;
  /** The catalogue's deletion of a beat with its files, our work in its transaction. */
  removeBeat: (beatId: string, alsoInTransaction: (tx: Tx) => Promise<void>) => Promise<boolean>;
  /** A profile's name and picture show on cached pages and beats. */
  afterProfileCleared: (userId: string) => Promise<void>;
}) {
  const { repo, audit } = deps;
  return {
    /** POST /api/reports. */
    async create(user: UserRecord, body: CreateReportBody): Promise<{ id: string }> {
      const target = await repo.target(body.targetType, body.targetId);
      if (!target) throw notFound(REPORT_TEXTS.missing);
      if (target.ownerId === user.id) throw forbidden(REPORT_OWN_CONTENT);
      const id = await repo.create(user.id, body.targetType, body.targetId, body.reason);
      if (!id) throw conflict(REPORT_TEXTS.duplicate);
      return { id };
    },

    /** GET /api/admin/reports (behind requireAdmin). */
    async list(status: AdminReportsResponse['reports'][number]['status'], page: number, limit: number) {
      const { reports, total } = await repo.page(status, page, limit);
      return { reports, pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) } };
    },

    /** POST /api/admin/reports/{id}/resolve. */
    async resolve(admin: UserRecord, id: string, { resolution }: ResolveReportBody): Promise<{ ok: true }> {
      const status = resolution === 'remove' ? 'removed' : 'dismissed';
      // Closes the target's open reports and writes the audit row, in the caller's transaction.
      const close = async (tx: Tx) => {
        const report = await repo.lock(tx, id);
        if (!report) throw notFound(REPORT_NOT_FOUND);
        if (report.status !== 'open') throw conflict(REPORT_ALREADY_RESOLVED);
        const closed = await repo.resolveTarget(tx, report.target_type, report.target_id, status, admin.id);
        await audit.record(tx, {
          adminId: admin.id,
          action: `report.${resolution}`,
          targetType: report.target_type,
          targetId: report.target_id,
          before: { report_id: id, status: 'open' },
          after: { status, reports_closed: closed },
        });
        return report;
      };

      const peek = await repo.transaction((tx) => repo.lock(tx, id));
      if (!peek) throw notFound(REPORT_NOT_FOUND);
      if (peek.status !== 'open') throw conflict(REPORT_ALREADY_RESOLVED);

      if (resolution === 'remove' && peek.target_type === 'beat') {
        // The beat goes with its files; a beat already gone just closes its reports.
        const removed = await deps.removeBeat(peek.target_id, async (tx) => void (await close(tx)));
        if (!removed) await repo.transaction(close);
        return { ok: true };
      }
      let clearedProfile: string | null = null;
      await repo.transaction(async (tx) => {
        const report = await close(tx);
        if (resolution !== 'remove') return;
        if (report.target_type === 'review') await repo.deleteReview(tx, report.target_id);
        if (report.target_type === 'profile' && (await repo.clearProfile(tx, report.target_id))) {
          clearedProfile = report.target_id;
        }
      });
      if (clearedProfile) await deps.afterProfileCleared(clearedProfile);
      return { ok: true };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
