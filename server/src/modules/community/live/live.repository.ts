import type { PrismaClient } from '../../../generated/prisma/client';

export function createLiveRepository(prisma: PrismaClient) {
  return {
    /**
     * Plays since a moment, and the listeners behind them: distinct signed-in users plus one
     * per signed-out play (those cannot be told apart).
     */
    async playsSince(since: Date): Promise<{ plays: number; listeners: number }> {
      const [row] = await prisma.$queryRaw<{ plays: number; users: number; anonymous: number }[]>`
        SELECT count(*)::int AS plays,
               count(DISTINCT user_id)::int AS users,
               (count(*) FILTER (WHERE user_id IS NULL))::int AS anonymous
          FROM beat_plays
         WHERE created_at >= ${since}`;
      return { plays: row?.plays ?? 0, listeners: (row?.users ?? 0) + (row?.anonymous ?? 0) };
    },

    activitiesSince(since: Date): Promise<number> {
      return prisma.activity.count({ where: { createdAt: { gte: since } } });
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
