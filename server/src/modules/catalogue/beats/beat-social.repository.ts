import type { Tx } from '../../../db/transaction';
import type { PrismaClient } from '../../../generated/prisma/client';

export interface ReviewRow {
  id: string;
  userId: string;
  rating: number;
  review: string | null;
  createdAt: Date;
  user: {
    id: string;
    name: string | null;
    picture: string | null;
    profile: { displayName: string | null; profileImageKey: string | null } | null;
  };
}

/** Plays, favourites and ratings of beats. */
export function createBeatSocialRepository(prisma: PrismaClient) {
  return {
    /** One counted play: a row for analytics and the denormalised counter, together. */
    async recordPlay(beatId: string, userId: string | null): Promise<boolean> {
      const [, updated] = await prisma.$transaction([
        prisma.beatPlay.create({ data: { beatId, userId } }),
        prisma.beat.updateMany({ where: { id: beatId }, data: { playCount: { increment: 1 } } }),
      ]);
      return updated.count === 1;
    },

    async isFavorited(userId: string, beatId: string): Promise<boolean> {
      const row = await prisma.beatFavorite.findUnique({
        where: { userId_beatId: { userId, beatId } },
        select: { beatId: true },
      });
      return row !== null;
    },

    /** Every beat the user has favourited, newest favourite first. */
    async favoriteBeatIds(userId: string): Promise<string[]> {
      const rows = await prisma.beatFavorite.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'desc' }, { beatId: 'asc' }],
        select: { beatId: true },
      });
      return rows.map((row) => row.beatId);
    },

    /**
     * Adds the favourite, or removes it when it was there. Insert-or-nothing first, so two
     * concurrent toggles never fail on the primary key.
     */
    async toggleFavorite(userId: string, beatId: string): Promise<boolean> {
      const inserted = await prisma.$executeRaw`
        INSERT INTO beat_favorites (user_id, beat_id) VALUES (${userId}::uuid, ${beatId}::uuid)
        ON CONFLICT DO NOTHING`;
      if (inserted === 1) return true;
      await prisma.beatFavorite.deleteMany({ where: { userId, beatId } });
      return false;
    },

    /** Creates or replaces the user's rating of a beat; answers whether it is their first. */
    async upsertRating(
      beatId: string,
      userId: string,
      rating: number,
      review: string | null,
      /** Written in the rating's transaction (the beat.rated event), told whether it is new. */
      onRated: (tx: Tx, isNew: boolean) => Promise<unknown>,
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ inserted: boolean }[]>`
          INSERT INTO beat_reviews (beat_id, user_id, rating, review)
          VALUES (${beatId}::uuid, ${userId}::uuid, ${rating}, ${review})
          ON CONFLICT (beat_id, user_id)
          DO UPDATE SET rating = EXCLUDED.rating, review = EXCLUDED.review, updated_at = now()
          RETURNING (xmax = 0) AS inserted`;
        const isNew = rows[0]?.inserted ?? false;
        await onRated(tx, isNew);
        return isNew;
      });
    },

    async ratingSummary(beatId: string): Promise<{ average: number; total: number }> {
      const result = await prisma.beatReview.aggregate({
        where: { beatId },
        _avg: { rating: true },
        _count: { _all: true },
      });
      return { average: result._avg.rating ?? 0, total: result._count._all };
    },

    reviews(beatId: string, limit: number, offset: number): Promise<ReviewRow[]> {
      return prisma.beatReview.findMany({
        where: { beatId },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        take: limit,
        skip: offset,
        select: {
          id: true,
          userId: true,
          rating: true,
          review: true,
          createdAt: true,
          user: {
            select: {
              id: true,
              name: true,
              picture: true,
              profile: { select: { displayName: true, profileImageKey: true } },
            },
          },
        },
      });
    },

    userRating(beatId: string, userId: string) {
      return prisma.beatReview.findUnique({
        where: { beatId_userId: { beatId, userId } },
        select: { rating: true, review: true },
      });
    },

    favoritesCount(beatId: string): Promise<number> {
      return prisma.beatFavorite.count({ where: { beatId } });
    },
  };
}

export type BeatSocialRepository = ReturnType<typeof createBeatSocialRepository>;
