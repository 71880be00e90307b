import type { AdminReportRow, ReportTargetType } from '@beatroom/shared/admin-contract';
import { displayName } from '@beatroom/shared/format-names';
import type { Tx } from '../../../db/transaction';
import { displayNameOf, userNameSelect } from '../../../db/user-columns';
import type { PrismaClient } from '../../../generated/prisma/client';

/** What a report points at: whose it is, and a readable label for the queue. */
export interface ReportTarget {
  ownerId: string;
  label: string;
}

type ReportStatus = AdminReportRow['status'];

/** content_reports, and the moderation removals of reviews and profiles' public content. */
export function createReportsRepository(prisma: PrismaClient) {
  async function target(type: ReportTargetType, id: string): Promise<ReportTarget | null> {
    if (type === 'beat') {
      const beat = await prisma.beat.findUnique({ where: { id }, select: { userId: true, title: true } });
      return beat && { ownerId: beat.userId, label: beat.title };
    }
    if (type === 'review') {
      const review = await prisma.beatReview.findUnique({
        where: { id },
        select: { userId: true, rating: true, review: true, beat: { select: { title: true } } },
      });
      return (
        review && {
          ownerId: review.userId,
          label: `${review.rating}★ on "${review.beat.title}"${review.review ? `: ${review.review.slice(0, 80)}` : ''}`,
        }
      );
    }
    const user = await prisma.user.findFirst({
      where: { id, deletedAt: null },
      select: { id: true, ...userNameSelect },
    });
    return user && { ownerId: user.id, label: displayName(displayNameOf(user), user.id) };
  }

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, { maxWait: 30_000, timeout: 30_000 });
    },

    target,

    /** The new report's id, or null when this member reported this target already. */
    async create(reporterId: string, type: ReportTargetType, targetId: string, reason: string) {
      const [row] = await prisma.$queryRaw<{ id: string }[]>`
        INSERT INTO content_reports (reporter_id, target_type, target_id, reason)
        VALUES (${reporterId}::uuid, ${type}, ${targetId}::uuid, ${reason})
        ON CONFLICT (reporter_id, target_type, target_id) DO NOTHING
        RETURNING id::text`;
      return row?.id ?? null;
    },

    /** The queue: newest first, in one status. */
    async page(status: ReportStatus, page: number, limit: number) {
      const where = { status };
      const [rows, total] = await Promise.all([
        prisma.contentReport.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * limit,
          take: limit,
          include: { reporter: { select: userNameSelect }, resolver: { select: userNameSelect } },
        }),
        prisma.contentReport.count({ where }),
      ]);
      const reports: AdminReportRow[] = [];
      for (const r of rows) {
        const type = r.targetType as ReportTargetType;
        const found = await target(type, r.targetId);
        reports.push({
          id: r.id,
          target_type: type,
          target_id: r.targetId,
          target_label: found?.label ?? '(removed)',
          reason: r.reason,
          status: r.status as ReportStatus,
          reporter_name: displayName(displayNameOf(r.reporter), r.reporterId),
          resolved_by_name:
            r.resolver && r.resolvedBy ? displayName(displayNameOf(r.resolver), r.resolvedBy) : null,
          resolved_at: r.resolvedAt?.toISOString() ?? null,
          created_at: r.createdAt.toISOString(),
        });
      }
      return { reports, total };
    },

    /** The report, locked until the transaction ends (two admins resolving it queue up). */
    async lock(tx: Tx, id: string) {
      const [row] = await tx.$queryRaw<
        { target_type: ReportTargetType; target_id: string; status: ReportStatus }[]
      >`
        SELECT target_type, target_id::text, status FROM content_reports WHERE id = ${id}::uuid FOR UPDATE`;
      return row ?? null;
    },

    /** Closes every open report of the target (other members' reports of it too); answers how many. */
    async resolveTarget(
      tx: Tx,
      type: ReportTargetType,
      targetId: string,
      status: ReportStatus,
      adminId: string,
    ) {
      const { count } = await tx.contentReport.updateMany({
        where: { targetType: type, targetId, status: 'open' },
        data: { status, resolvedBy: adminId, resolvedAt: new Date() },
      });
      return count;
    },

    async deleteReview(tx: Tx, id: string): Promise<boolean> {
      const { count } = await tx.beatReview.deleteMany({ where: { id } });
      return count > 0;
    },

    /**
     * A reported profile's removal: its public words and pictures go (bio, location, links,
     * images); the account, its beats and purchases stay. Answers the cleared image keys.
     */
    async clearProfile(tx: Tx, userId: string): Promise<string[] | null> {
      const profile = await tx.profile.findUnique({
        where: { userId },
        select: { coverImageKey: true, profileImageKey: true },
      });
      if (!profile) return null;
      await tx.profile.update({
        where: { userId },
        data: {
          bio: null,
          location: null,
          websiteUrl: null,
          twitterHandle: null,
          instagramHandle: null,
          tiktokHandle: null,
          spotifyUrl: null,
          soundcloudUrl: null,
          coverImageKey: null,
          profileImageKey: null,
        },
      });
      return [profile.coverImageKey, profile.profileImageKey].filter((k): k is string => !!k);
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
