import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import { displayNameOf, userNameSelect } from '../../../db/user-columns';
import { usersOpenTo } from '../../../db/user-privacy';

const activitySelect = {
  id: true,
  type: true,
  userId: true,
  targetId: true,
  targetName: true,
  metadata: true,
  createdAt: true,
  user: {
    select: { name: true, picture: true, profile: { select: { displayName: true, profileImageKey: true } } },
  },
} as const satisfies Prisma.ActivitySelect;

export type ActivityRow = Prisma.ActivityGetPayload<{ select: typeof activitySelect }>;

export interface NewActivity {
  type: string;
  userId: string;
  targetId: string | null;
  targetName: string | null;
  metadata: Record<string, number | string>;
  /** The domain event it comes from: unique, so a redelivered event adds no second item. */
  eventId?: string | null;
}

/**
 * Items `viewerId` (null: everyone, signed out) may see: a followers-only or private actor's
 * items only by who may see their profile, and who they follow only if they show it.
 */
function visibleTo(viewerId: string | null): Prisma.ActivityWhereInput {
  return {
    user: usersOpenTo(viewerId),
    OR: [{ type: { not: 'user_followed' } }, { user: usersOpenTo(viewerId, 'showFollowing') }],
  };
}

export function createActivityRepository(prisma: PrismaClient) {
  return {
    /** The stored item, or null when its event already made one (a redelivery). */
    async create(item: NewActivity): Promise<ActivityRow | null> {
      if (!item.eventId) return prisma.activity.create({ data: item, select: activitySelect });
      const { count } = await prisma.activity.createMany({ data: [item], skipDuplicates: true });
      if (!count) return null;
      return prisma.activity.findUnique({ where: { eventId: item.eventId }, select: activitySelect });
    },

    /** Newest first. `followedBy`: only actors that user follows; `userId`: only that actor. */
    list(
      filter: { followedBy?: string; userId?: string; type?: string | undefined; viewerId: string | null },
      take: number,
    ) {
      const where: Prisma.ActivityWhereInput = {};
      if (filter.userId) where.userId = filter.userId;
      if (filter.followedBy) where.user = { followers: { some: { followerId: filter.followedBy } } };
      if (filter.type) where.type = filter.type;
      return prisma.activity.findMany({
        where: { AND: [where, visibleTo(filter.viewerId)] },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
        select: activitySelect,
      });
    },

    /** Whether everyone may see this item (only those are broadcast to every socket). */
    async isPublic(id: string): Promise<boolean> {
      return (await prisma.activity.count({ where: { id, ...visibleTo(null) } })) > 0;
    },

    /** A deleted beat's items would link nowhere. */
    async deleteForTarget(targetId: string): Promise<void> {
      await prisma.activity.deleteMany({ where: { targetId } });
    },

    async nameOf(userId: string): Promise<string | null> {
      const row = await prisma.user.findUnique({
        where: { id: userId },
        select: userNameSelect,
      });
      return row ? displayNameOf(row) : null;
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
