import type { UserSettings } from '@beatroom/shared/settings-contract';
import type { PrismaClient } from '../../../generated/prisma/client';

/** Every settings column the contract names (not the key or the change time). */
const settingsSelect = {
  autoPlay: true,
  defaultVolume: true,
  audioQuality: true,
  downloadFormat: true,
  downloadQuality: true,
  autoDownload: true,
  emailNotifications: true,
  newFollowerNotifications: true,
  newBeatNotifications: true,
  reviewNotifications: true,
  promotionalEmails: true,
  receiptEmails: true,
  saleEmails: true,
  supportReplyEmails: true,
  refundEmails: true,
  profileVisibility: true,
  showPlayHistory: true,
  showFavorites: true,
  showFollowing: true,
  theme: true,
  language: true,
  timezone: true,
  preferredCurrency: true,
} as const;

export function createUserSettingsRepository(prisma: PrismaClient) {
  return {
    /** The stored row; null for a user who never had one (the service answers the defaults). */
    find(userId: string) {
      return prisma.userSettings.findUnique({ where: { userId }, select: settingsSelect });
    },

    /** The PUT writes every column at once, so a reader never sees half a save. */
    save(userId: string, settings: UserSettings) {
      return prisma.userSettings.upsert({
        where: { userId },
        update: settings,
        create: { userId, ...settings },
        select: settingsSelect,
      });
    },

    /** What others may see of a user: null when the user does not exist. */
    async privacyOf(userId: string) {
      // A deleted account's row stays only for accounting: it has no profile to show.
      const user = await prisma.user.findUnique({
        where: { id: userId, deletedAt: null },
        select: {
          settings: {
            select: {
              profileVisibility: true,
              showFavorites: true,
              showFollowing: true,
              showPlayHistory: true,
            },
          },
        },
      });
      return user ? { settings: user.settings } : null;
    },

    async isFollowing(followerId: string, followedId: string): Promise<boolean> {
      const row = await prisma.follow.findUnique({
        where: { followerId_followedId: { followerId, followedId } },
        select: { followerId: true },
      });
      return row !== null;
    },
  };
}

export type UserSettingsRepository = ReturnType<typeof createUserSettingsRepository>;
