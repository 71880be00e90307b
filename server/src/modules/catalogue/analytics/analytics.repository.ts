import type { PrismaClient } from '../../../generated/prisma/client';

export function createAnalyticsRepository(prisma: PrismaClient) {
  return {
    /** A producer's beats, plays, downloads, followers and average rating: one aggregate per table, run together. */
    async totals(userId: string) {
      const [beats, followers, rating] = await Promise.all([
        prisma.beat.aggregate({
          where: { userId },
          _count: { _all: true },
          _sum: { playCount: true, downloadCount: true },
        }),
        prisma.follow.count({ where: { followedId: userId } }),
        prisma.beatReview.aggregate({ where: { beat: { userId } }, _avg: { rating: true } }),
      ]);
      return {
        beats: beats._count._all,
        plays: beats._sum.playCount ?? 0,
        downloads: beats._sum.downloadCount ?? 0,
        followers,
        averageRating: rating._avg.rating,
      };
    },

    /** Plays of the user's beats registered in [from, to). */
    playsBetween(userId: string, from: Date, to: Date): Promise<number> {
      return prisma.beatPlay.count({ where: { beat: { userId }, createdAt: { gte: from, lt: to } } });
    },

    /**
     * Plays of the user's beats per UTC day since a time, and the distinct listeners behind
     * them: a signed-in listener once per day, each signed-out play as one.
     */
    playsByDay(userId: string, since: Date) {
      return prisma.$queryRaw<{ date: string; plays: number; listeners: number }[]>`
        SELECT to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
               count(*)::int AS plays,
               count(DISTINCT coalesce(p.user_id::text, 'play-' || p.id::text))::int AS listeners
        FROM beat_plays p JOIN beats b ON b.id = p.beat_id
        WHERE b.user_id = ${userId}::uuid AND p.created_at >= ${since}
        GROUP BY 1`;
    },

    async beatOwner(beatId: string): Promise<string | null> {
      const row = await prisma.beat.findUnique({ where: { id: beatId }, select: { userId: true } });
      return row?.userId ?? null;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
