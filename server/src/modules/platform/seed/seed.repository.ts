import type { PrismaClient } from '../../../generated/prisma/client';
import { userSelect } from '../../../db/user-columns';
import type { UserRecord } from '../users/user-record';
import { DEMO_ISSUER, type DemoProducer } from './demo-catalogue';

/** What seeding needs beyond the regular services: demo accounts and the stats a seed sets. */
export function createSeedRepository(prisma: PrismaClient) {
  return {
    async hasBeats(): Promise<boolean> {
      return (await prisma.beat.findFirst({ select: { id: true } })) !== null;
    },

    /**
     * Creates the first demo producer, or answers false when it already exists. Instances
     * starting together on one empty database race here, and exactly one of them wins.
     */
    async claim(first: DemoProducer): Promise<boolean> {
      const { count } = await prisma.user.createMany({
        data: [{ issuer: DEMO_ISSUER, sub: first.sub, email: first.email, name: first.name }],
        skipDuplicates: true,
      });
      return count === 1;
    },

    async upsertProducer(producer: DemoProducer): Promise<UserRecord> {
      const profile = {
        displayName: producer.name,
        bio: producer.bio,
        location: producer.location,
        verified: producer.verified,
        userRole: 'producer',
      };
      return prisma.user.upsert({
        where: { issuer_sub: { issuer: DEMO_ISSUER, sub: producer.sub } },
        update: {
          profile: { upsert: { create: profile, update: profile } },
          settings: { upsert: { create: {}, update: {} } },
        },
        create: {
          issuer: DEMO_ISSUER,
          sub: producer.sub,
          email: producer.email,
          name: producer.name,
          profile: { create: profile },
          settings: { create: {} },
        },
        select: userSelect,
      });
    },

    /** Plays, downloads, promotion and age: what a live catalogue would have accumulated. */
    async setStats(
      beatId: string,
      stats: { plays: number; downloads: number; promotionType: string | null; createdAt: Date },
    ): Promise<void> {
      await prisma.beat.update({
        where: { id: beatId },
        data: {
          playCount: stats.plays,
          downloadCount: stats.downloads,
          isFeatured: stats.promotionType !== null,
          promotionType: stats.promotionType,
          promotedUntil: stats.promotionType ? new Date(Date.now() + 7 * 86_400_000) : null,
          createdAt: stats.createdAt,
        },
      });
    },
  };
}

export type SeedRepository = ReturnType<typeof createSeedRepository>;
