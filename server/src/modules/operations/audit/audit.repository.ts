import type { AdminLogRow } from '@beatroom/shared/admin-contract';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';

/** One audit entry as the caller describes it; written as one admin_logs row. */
export interface AuditEntry {
  adminId: string;
  /** What was done, dotted: `user.admin.grant`, `beat.featured`, `setting.update`, `ticket.update`. */
  action: string;
  /** What it was done to: user, beat, setting, ticket, report. */
  targetType: string;
  targetId: string | null;
  /** The changed fields as they were and as they became (null when created or removed). */
  before: unknown;
  after: unknown;
}

export function createAuditRepository(prisma: PrismaClient) {
  return {
    async insert(tx: Tx, entry: AuditEntry): Promise<void> {
      await tx.adminLog.create({
        data: {
          adminId: entry.adminId,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          // Absent, not JSON null: SQL NULL says "nothing there" (a creation has no before).
          ...(entry.before == null ? {} : { before: entry.before as Prisma.InputJsonValue }),
          ...(entry.after == null ? {} : { after: entry.after as Prisma.InputJsonValue }),
        },
      });
    },

    /** Newest first, with the admin's display name (profile name, then issuer name, then e-mail). */
    async page(page: number, limit: number): Promise<{ rows: AdminLogRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        prisma.adminLog.findMany({
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * limit,
          take: limit,
          include: {
            admin: { select: { name: true, email: true, profile: { select: { displayName: true } } } },
          },
        }),
        prisma.adminLog.count(),
      ]);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          admin_id: r.adminId,
          admin_name: r.admin?.profile?.displayName ?? r.admin?.name ?? r.admin?.email ?? 'Deleted admin',
          action: r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          before: (r.before ?? null) as AdminLogRow['before'],
          after: (r.after ?? null) as AdminLogRow['after'],
          details: describe(r.targetType, r.targetId, r.before, r.after),
          created_at: r.createdAt.toISOString(),
        })),
        total,
      };
    },

    /** Audit rows of one target, oldest first (tests and support's ticket history). */
    forTarget(targetType: string, targetId: string) {
      return prisma.adminLog.findMany({
        where: { targetType, targetId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
    },
  };
}

/** The Logs tab's "details" column: the target and what changed, readable without the JSON. */
function describe(targetType: string, targetId: string | null, before: unknown, after: unknown) {
  const target = targetId ? `${targetType} ${targetId}` : targetType;
  const changes: string[] = [];
  if (after && typeof after === 'object') {
    const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(after as Record<string, unknown>)) {
      changes.push(`${k}: ${JSON.stringify(b[k] ?? null)} → ${JSON.stringify(v)}`);
    }
  } else if (before && typeof before === 'object') {
    changes.push('removed');
  }
  return changes.length ? `${target} (${changes.join(', ')})` : target;
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
