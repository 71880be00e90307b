import type { PrismaClient } from '../../../generated/prisma/client';

/** Sales that count: ledger rows of orders still paid (a refunded sale sold nothing). */
const sold = { order: { status: 'paid' } } as const;

/** Reads a producer's own beats and what they did: plays, downloads, sales and promotions. */
export function createMyBeatsRepository(prisma: PrismaClient) {
  return {
    /** Every beat of the producer (delisted ones are no longer theirs to manage). */
    beatsOf(userId: string) {
      return prisma.beat.findMany({
        where: { userId, delistedAt: null },
        select: {
          id: true,
          title: true,
          coverImageKey: true,
          priceCents: true,
          listPriceCents: true,
          listCurrency: true,
          isFree: true,
          createdAt: true,
          previewStatus: true,
          soldExclusiveAt: true,
          playCount: true,
          downloadCount: true,
        },
      });
    },

    /** Sales and their gross per beat of the producer. */
    async salesPerBeat(userId: string) {
      const groups = await prisma.salesLedgerEntry.groupBy({
        by: ['beatId'],
        where: { producerId: userId, ...sold },
        _count: { _all: true },
        _sum: { grossCents: true },
      });
      return new Map(
        groups.map((g) => [g.beatId, { sales: g._count._all, grossCents: g._sum.grossCents ?? 0 }]),
      );
    },

    /** Paid promotions of the producer's beats running at `at`. */
    runningPromotions(userId: string, at: Date) {
      return prisma.promotion.findMany({
        where: { userId, status: 'paid', startsAt: { lte: at }, endsAt: { gt: at } },
        orderBy: { endsAt: 'desc' },
        select: { beatId: true, type: true, endsAt: true },
      });
    },
  };
}

export type MyBeatsRepository = ReturnType<typeof createMyBeatsRepository>;
