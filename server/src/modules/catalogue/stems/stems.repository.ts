import type { PrismaClient } from '../../../generated/prisma/client';

/** The stems column of beats: who owns the beat and which stored ZIP it has. */
export function createStemsRepository(prisma: PrismaClient) {
  return {
    beat(beatId: string) {
      return prisma.beat.findUnique({
        where: { id: beatId },
        select: { id: true, userId: true, stemsKey: true },
      });
    },
    async setStems(beatId: string, stemsKey: string | null): Promise<void> {
      await prisma.beat.update({ where: { id: beatId }, data: { stemsKey } });
    },
  };
}
export type StemsRepository = ReturnType<typeof createStemsRepository>;
