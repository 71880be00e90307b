import type { LicenseId } from '@beatroom/shared/money-constants';
import type { PrismaClient } from '../../../generated/prisma/client';

const lineSelect = {
  id: true,
  licenseType: true,
  shownPriceCents: true,
  createdAt: true,
  beat: { select: { id: true, userId: true, title: true, producerName: true, coverImageKey: true } },
} as const;

/** A stored cart line with its beat, before pricing. */
export interface StoredCartLine {
  id: string;
  licenseType: LicenseId;
  /** The line's price when the cart was last shown (null: never). */
  shownPriceCents: number | null;
  createdAt: Date;
  beat: { id: string; userId: string; title: string; producerName: string; coverImageKey: string | null };
}

/** Cart rows: read and written as the cart service decides. */
export function createCartRepository(prisma: PrismaClient) {
  return {
    /** The user's lines, oldest first (the order they were added). */
    async lines(userId: string): Promise<StoredCartLine[]> {
      const rows = await prisma.cartLine.findMany({
        where: { userId },
        select: lineSelect,
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return rows.map((r) => ({ ...r, licenseType: r.licenseType as LicenseId }));
    },

    count(userId: string): Promise<number> {
      return prisma.cartLine.count({ where: { userId } });
    },

    /** Writes the beat's line with this licence (the one line per beat is kept). */
    async put(userId: string, beatId: string, licenseType: LicenseId): Promise<void> {
      await prisma.cartLine.upsert({
        where: { userId_beatId: { userId, beatId } },
        create: { userId, beatId, licenseType },
        update: { licenseType },
      });
    },

    async hasBeat(userId: string, beatId: string): Promise<boolean> {
      return (await prisma.cartLine.count({ where: { userId, beatId } })) > 0;
    },

    /** Deletes the user's line; false when they have no such line. */
    async remove(userId: string, lineId: string): Promise<boolean> {
      const { count } = await prisma.cartLine.deleteMany({ where: { id: lineId, userId } });
      return count > 0;
    },

    async removeMany(userId: string, lineIds: string[]): Promise<void> {
      if (lineIds.length === 0) return;
      await prisma.cartLine.deleteMany({ where: { userId, id: { in: lineIds } } });
    },

    /** Remembers the prices the user was just shown, for checkout to compare with. */
    async markShown(userId: string, shown: { id: string; priceCents: number }[]): Promise<void> {
      for (const line of shown) {
        await prisma.cartLine.updateMany({
          where: { id: line.id, userId },
          data: { shownPriceCents: line.priceCents },
        });
      }
    },

    /** The currency the user sees prices in. */
    async displayCurrency(userId: string): Promise<string> {
      const row = await prisma.userSettings.findUnique({
        where: { userId },
        select: { preferredCurrency: true },
      });
      return row?.preferredCurrency ?? 'USD';
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
