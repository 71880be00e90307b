import type { AdminBeatRow, AdminUserRow, DashboardStats } from '@beatroom/shared/admin-contract';
import { displayName } from '@beatroom/shared/format-names';
import { lockOwners } from '../../../db/owners-lock';
import type { Tx } from '../../../db/transaction';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { AccountRole } from '@beatroom/shared/permissions';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the role matrix reads of a user, read under the owners' lock. */
export interface RoleRow {
  id: string;
  email: string;
  isAdmin: boolean;
  isOwner: boolean;
  role: AccountRole;
}

const roleSelect = { id: true, email: true, isAdmin: true, isOwner: true, role: true } as const;

function pageOf(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

/** The admin panel's reads and the role changes (users table, beats' featured flag). */
export function createAdminRepository(prisma: PrismaClient) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, { maxWait: 30_000, timeout: 30_000 });
    },

    lockOwners,

    /** An undeleted user's roles, null when unknown or deleted. */
    async roleOf(tx: Tx, id: string): Promise<RoleRow | null> {
      return tx.user.findFirst({ where: { id, deletedAt: null }, select: roleSelect });
    },

    /** Owners now (undeleted); an account whose role column says owner counts too. */
    ownerCount(tx: Tx): Promise<number> {
      return tx.user.count({ where: { deletedAt: null, OR: [{ isOwner: true }, { role: 'owner' }] } });
    },

    async setRoles(tx: Tx, id: string, data: Partial<Pick<RoleRow, 'isAdmin' | 'isOwner' | 'role'>>) {
      await tx.user.update({ where: { id }, data });
    },

    async dashboard(now: Date): Promise<DashboardStats> {
      const since = new Date(now.getTime() - 30 * DAY_MS);
      const [totalUsers, beats, sales] = await Promise.all([
        prisma.user.count({ where: { deletedAt: null } }),
        prisma.beat.aggregate({ _count: { _all: true }, _sum: { playCount: true, downloadCount: true } }),
        prisma.order.aggregate({
          where: { status: 'paid', paidAt: { gte: since } },
          _count: { _all: true },
          _sum: { amountCents: true },
        }),
      ]);
      return {
        totalUsers,
        totalBeats: beats._count._all,
        totalPlays: beats._sum.playCount ?? 0,
        totalDownloads: beats._sum.downloadCount ?? 0,
        salesLast30Days: sales._count._all,
        revenueLast30DaysCents: sales._sum.amountCents ?? 0,
      };
    },

    /** The Users tab: newest first, searched by display name, account name or e-mail. */
    async users(page: number, limit: number, search: string | undefined) {
      const where: Prisma.UserWhereInput = { deletedAt: null };
      if (search) {
        where.OR = [
          { profile: { displayName: { contains: search, mode: 'insensitive' } } },
          { name: { contains: search, mode: 'insensitive' } },
          { email: { contains: search, mode: 'insensitive' } },
        ];
      }
      const [rows, total] = await Promise.all([
        prisma.user.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * limit,
          take: limit,
          select: {
            ...roleSelect,
            name: true,
            createdAt: true,
            profile: { select: { displayName: true, verified: true } },
            _count: { select: { beats: true, followers: true } },
          },
        }),
        prisma.user.count({ where }),
      ]);
      return {
        rows: rows.map((u): AdminUserRow & { role: AccountRole } => ({
          user_id: u.id,
          display_name: displayName(u.profile?.displayName ?? u.name, u.id),
          email: u.email,
          beat_count: u._count.beats,
          follower_count: u._count.followers,
          is_admin: u.isAdmin,
          is_owner: u.isOwner,
          verified: u.profile?.verified ?? false,
          created_at: u.createdAt.toISOString(),
          role: u.role,
        })),
        pagination: pageOf(page, limit, total),
      };
    },

    /** The Beats tab: newest first, searched by title or producer. */
    async beats(page: number, limit: number, search: string | undefined) {
      const where: Prisma.BeatWhereInput = search
        ? {
            OR: [
              { title: { contains: search, mode: 'insensitive' } },
              { producerName: { contains: search, mode: 'insensitive' } },
            ],
          }
        : {};
      const [rows, total] = await Promise.all([
        prisma.beat.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * limit,
          take: limit,
        }),
        prisma.beat.count({ where }),
      ]);
      return {
        rows: rows.map((b): AdminBeatRow => ({
          id: b.id,
          title: b.title,
          producer_name: b.producerName,
          play_count: b.playCount,
          download_count: b.downloadCount,
          is_featured: b.isFeatured,
          description: b.description,
          bpm: b.bpm,
          key_signature: b.keySignature,
          genre: b.genre,
          mood: b.mood,
          price_cents: b.priceCents,
          is_free: b.isFree,
          audio_file_key: b.audioFileKey,
          cover_image_key: b.coverImageKey,
          user_id: b.userId,
          created_at: b.createdAt.toISOString(),
        })),
        pagination: pageOf(page, limit, total),
      };
    },

    /** The beat's featured flag and title, locked until the transaction ends; null when missing. */
    async lockBeat(
      tx: Tx,
      id: string,
    ): Promise<{ title: string; isFeatured: boolean; userId: string } | null> {
      const [row] = await tx.$queryRaw<{ title: string; is_featured: boolean; user_id: string }[]>`
        SELECT title, is_featured, user_id::text FROM beats WHERE id = ${id}::uuid FOR UPDATE`;
      return row ? { title: row.title, isFeatured: row.is_featured, userId: row.user_id } : null;
    },

    async setFeatured(tx: Tx, id: string, isFeatured: boolean) {
      await tx.beat.update({ where: { id }, data: { isFeatured } });
    },

    findBeat(id: string) {
      return prisma.beat.findUnique({ where: { id }, select: { id: true, title: true, userId: true } });
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
