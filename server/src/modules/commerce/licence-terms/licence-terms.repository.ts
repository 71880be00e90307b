import type { PrismaClient } from '../../../generated/prisma/client';

/** Producers' licence terms rows: read and write the JSON, nothing decided here. */
export function createLicenceTermsRepository(prisma: PrismaClient) {
  return {
    async terms(userId: string): Promise<unknown> {
      const row = await prisma.producerLicenceTerms.findUnique({
        where: { userId },
        select: { terms: true },
      });
      return row?.terms ?? null;
    },
    async userExists(userId: string): Promise<boolean> {
      return (await prisma.user.count({ where: { id: userId, deletedAt: null } })) > 0;
    },
    async save(userId: string, terms: object): Promise<void> {
      await prisma.producerLicenceTerms.upsert({
        where: { userId },
        create: { userId, terms },
        update: { terms },
      });
    },
  };
}
export type LicenceTermsRepository = ReturnType<typeof createLicenceTermsRepository>;
