import type { PrismaClient } from '../../../generated/prisma/client';

/** The studio's take files: who owns each one. The only place using Prisma for them. */
export function createStudioTakesRepository(prisma: PrismaClient) {
  return {
    async create(take: { userId: string; fileKey: string; sizeBytes: number }): Promise<void> {
      await prisma.studioTake.create({ data: take });
    },

    /** The owner's take file under this key, or null (missing, or someone else's). */
    findOwn(fileKey: string, userId: string) {
      return prisma.studioTake.findFirst({ where: { fileKey, userId }, select: { fileKey: true } });
    },

    /** The take file under one of these keys, whoever owns it, or null. */
    findByKeys(fileKeys: string[]) {
      return prisma.studioTake.findFirst({
        where: { fileKey: { in: fileKeys } },
        select: { fileKey: true, userId: true, sizeBytes: true },
      });
    },

    /** Bytes of the user's take files. */
    async bytesOf(userId: string): Promise<number> {
      const { _sum } = await prisma.studioTake.aggregate({ where: { userId }, _sum: { sizeBytes: true } });
      return _sum.sizeBytes ?? 0;
    },

    /** Deletes the user's rows among these keys; answers the keys that were theirs. */
    async deleteOwn(fileKeys: string[], userId: string): Promise<string[]> {
      if (!fileKeys.length) return [];
      const own = await prisma.studioTake.findMany({
        where: { fileKey: { in: fileKeys }, userId },
        select: { fileKey: true },
      });
      const keys = own.map((row) => row.fileKey);
      if (keys.length) await prisma.studioTake.deleteMany({ where: { fileKey: { in: keys }, userId } });
      return keys;
    },
  };
}

export type StudioTakesRepository = ReturnType<typeof createStudioTakesRepository>;
