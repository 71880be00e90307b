import type { ProfileBeatSort } from '@beatroom/shared/catalogue-constants';
import { beatSelect, type BeatRecord } from '../../../db/beat-columns';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';

const profileSelect = {
  displayName: true,
  bio: true,
  location: true,
  websiteUrl: true,
  twitterHandle: true,
  instagramHandle: true,
  tiktokHandle: true,
  spotifyUrl: true,
  soundcloudUrl: true,
  coverImageKey: true,
  profileImageKey: true,
  verified: true,
  userRole: true,
  voiceTagKey: true,
  createdAt: true,
} as const satisfies Prisma.ProfileSelect;

export type ProfileFields = Omit<Prisma.ProfileGetPayload<{ select: typeof profileSelect }>, 'createdAt'>;

const beatOrder: Record<ProfileBeatSort, Prisma.BeatOrderByWithRelationInput[]> = {
  newest: [{ createdAt: 'desc' }, { id: 'desc' }],
  popular: [{ playCount: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
  downloads: [{ downloadCount: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
};

export function createProfilesRepository(prisma: PrismaClient) {
  return {
    findUserWithProfile(userId: string) {
      // A deleted account has no profile any more (its row stays only for accounting).
      return prisma.user.findUnique({
        where: { id: userId, deletedAt: null },
        select: {
          id: true,
          email: true,
          name: true,
          isAdmin: true,
          isOwner: true,
          role: true,
          createdAt: true,
          profile: { select: profileSelect },
        },
      });
    },

    /** The profile header's genres and newest beats (its totals come from analytics). */
    async stats(userId: string, recentBeats: number, topGenres: number) {
      const [genres, recent] = await Promise.all([
        prisma.beat.groupBy({
          by: ['genre'],
          where: { userId },
          _count: { genre: true },
          orderBy: [{ _count: { genre: 'desc' } }, { genre: 'asc' }],
          take: topGenres,
        }),
        prisma.beat.findMany({
          where: { userId },
          orderBy: beatOrder.newest,
          take: recentBeats,
          select: beatSelect,
        }),
      ]);
      return {
        genres: genres.map((g) => ({ genre: g.genre, count: g._count.genre })),
        recentBeats: recent,
      };
    },

    listBeats(userId: string, sort: ProfileBeatSort, take: number): Promise<BeatRecord[]> {
      return prisma.beat.findMany({ where: { userId }, orderBy: beatOrder[sort], take, select: beatSelect });
    },

    async listFavorites(userId: string, take: number): Promise<BeatRecord[]> {
      const rows = await prisma.beatFavorite.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { beatId: 'desc' }],
        take,
        select: { beat: { select: beatSelect } },
      });
      return rows.map((r) => r.beat);
    },

    listReviews(userId: string, take: number) {
      return prisma.beatReview.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
        select: {
          id: true,
          beatId: true,
          rating: true,
          review: true,
          createdAt: true,
          beat: { select: { title: true, coverImageKey: true } },
        },
      });
    },

    /**
     * Writes the changed profile fields; when the display name changes, the producer name
     * denormalised onto the user's beats changes in the same transaction.
     */
    async updateProfile(userId: string, fields: Partial<ProfileFields>, producerName: string | null) {
      await prisma.$transaction(async (tx) => {
        await tx.profile.upsert({ where: { userId }, update: fields, create: { userId, ...fields } });
        if (producerName !== null) {
          await tx.beat.updateMany({ where: { userId }, data: { producerName } });
        }
      });
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
