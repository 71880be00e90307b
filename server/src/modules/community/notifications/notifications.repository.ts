import type { Currency } from '@beatroom/shared/money-constants';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import { displayNameOf, userNameSelect } from '../../../db/user-columns';

const notificationSelect = {
  id: true,
  userId: true,
  type: true,
  title: true,
  message: true,
  data: true,
  readAt: true,
  createdAt: true,
} as const satisfies Prisma.NotificationSelect;

export type NotificationRow = Prisma.NotificationGetPayload<{ select: typeof notificationSelect }>;

/** The UserSettings switch behind each notification type. */
export type NotificationSetting = 'newFollowerNotifications' | 'newBeatNotifications' | 'reviewNotifications';

export interface NewNotification {
  userId: string;
  type: string;
  title: string;
  message: string;
  data: Record<string, string>;
  /** The domain event it comes from: unique per recipient, so a redelivery adds none. */
  eventId?: string | null;
}

export function createNotificationsRepository(prisma: PrismaClient) {
  /** A user without a settings row has the defaults, where every switch is on. */
  const wants = (setting: NotificationSetting): Prisma.UserWhereInput => ({
    OR: [{ settings: { is: null } }, { settings: { is: { [setting]: true } } }],
  });

  return {
    /** Of these users, the ones whose settings allow this kind of notification. */
    async recipientsAllowing(userIds: string[], setting: NotificationSetting): Promise<string[]> {
      if (!userIds.length) return [];
      const rows = await prisma.user.findMany({
        // A deleted account (no settings row left) gets nothing.
        where: { id: { in: userIds }, deletedAt: null, ...wants(setting) },
        select: { id: true },
      });
      return rows.map((r) => r.id);
    },

    /** Followers of a producer whose settings allow this kind of notification. */
    async followersAllowing(followedId: string, setting: NotificationSetting): Promise<string[]> {
      const rows = await prisma.follow.findMany({
        where: { followedId, follower: wants(setting) },
        select: { followerId: true },
      });
      return rows.map((r) => r.followerId);
    },

    /** The rows stored; those an earlier delivery of the same event stored are skipped. */
    createMany(items: NewNotification[]): Promise<NotificationRow[]> {
      return prisma.notification.createManyAndReturn({
        data: items,
        select: notificationSelect,
        skipDuplicates: true,
      });
    },

    /** One page, newest first, plus whether a further page exists. */
    async list(
      userId: string,
      filter: { read: 'all' | 'read' | 'unread'; type?: string | undefined },
      skip: number,
      take: number,
    ) {
      const where: Prisma.NotificationWhereInput = { userId };
      if (filter.read === 'read') where.readAt = { not: null };
      if (filter.read === 'unread') where.readAt = null;
      if (filter.type) where.type = filter.type;
      const rows = await prisma.notification.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip,
        take: take + 1,
        select: notificationSelect,
      });
      return { rows: rows.slice(0, take), hasMore: rows.length > take };
    },

    unreadCount(userId: string): Promise<number> {
      return prisma.notification.count({ where: { userId, readAt: null } });
    },

    async unreadCounts(userIds: string[]): Promise<Map<string, number>> {
      const rows = await prisma.notification.groupBy({
        by: ['userId'],
        where: { userId: { in: userIds }, readAt: null },
        _count: { _all: true },
      });
      return new Map(rows.map((r) => [r.userId, r._count._all]));
    },

    /** Marks one of the user's notifications read; false when the user has no such notification. */
    async markRead(userId: string, id: string, at: Date): Promise<boolean> {
      const found = await prisma.notification.findFirst({ where: { id, userId }, select: { readAt: true } });
      if (!found) return false;
      if (!found.readAt)
        await prisma.notification.updateMany({ where: { id, userId, readAt: null }, data: { readAt: at } });
      return true;
    },

    async markAllRead(userId: string, at: Date): Promise<void> {
      await prisma.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: at } });
    },

    /** Display names for notification texts, keyed by user id. */
    async names(userIds: string[]): Promise<Map<string, string | null>> {
      const rows = await prisma.user.findMany({
        where: { id: { in: userIds } },
        select: { id: true, ...userNameSelect },
      });
      return new Map(rows.map((r) => [r.id, displayNameOf(r)]));
    },

    /** The user's preferredCurrency setting (USD when unset), for amounts in notification texts. */
    async preferredCurrency(userId: string): Promise<Currency> {
      const row = await prisma.userSettings.findUnique({
        where: { userId },
        select: { preferredCurrency: true },
      });
      return row?.preferredCurrency === 'EUR' ? 'EUR' : 'USD';
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
