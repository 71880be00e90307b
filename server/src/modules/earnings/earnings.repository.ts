import type { PrismaClient } from '../../generated/prisma/client';

/**
 * Sales that count as earnings: the ledger rows of orders still paid (a refunded sale earns
 * nothing). Fulfilment writes the ledger; this module only reads it and records transfers.
 */
const earned = { order: { status: 'paid' } } as const;

/** A producer's sales ledger read for the earnings page, and their payout account. */
export function createEarningsRepository(prisma: PrismaClient) {
  return {
    async totals(producerId: string) {
      const sums = await prisma.salesLedgerEntry.aggregate({
        where: { producerId, ...earned },
        _count: { _all: true },
        _sum: { grossCents: true, feeCents: true, netCents: true },
      });
      return {
        sales: sums._count._all,
        gross_cents: sums._sum.grossCents ?? 0,
        fee_cents: sums._sum.feeCents ?? 0,
        net_cents: sums._sum.netCents ?? 0,
      };
    },

    /** Sales summed per beat, best-earning first. */
    async perBeat(producerId: string) {
      const groups = await prisma.salesLedgerEntry.groupBy({
        by: ['beatId'],
        where: { producerId, ...earned },
        _count: { _all: true },
        _sum: { grossCents: true, netCents: true },
      });
      const beats = await prisma.beat.findMany({
        where: { id: { in: groups.map((g) => g.beatId) } },
        select: { id: true, title: true },
      });
      const titles = new Map(beats.map((b) => [b.id, b.title]));
      return groups
        .map((g) => ({
          beat_id: g.beatId,
          beat_title: titles.get(g.beatId) ?? '',
          sales: g._count._all,
          gross_cents: g._sum.grossCents ?? 0,
          net_cents: g._sum.netCents ?? 0,
        }))
        .sort((a, b) => b.net_cents - a.net_cents || a.beat_title.localeCompare(b.beat_title));
    },

    /** Each sale since a time (a month of one producer's sales: few enough to sum in memory). */
    salesSince(producerId: string, since: Date) {
      return prisma.salesLedgerEntry.findMany({
        where: { producerId, ...earned, createdAt: { gte: since } },
        select: { createdAt: true, netCents: true },
      });
    },

    /** Net earnings that wait for a payout account. */
    async pendingTransferCents(producerId: string): Promise<number> {
      const sums = await prisma.salesLedgerEntry.aggregate({
        where: { producerId, ...earned, transferStatus: 'pending' },
        _sum: { netCents: true },
      });
      return sums._sum.netCents ?? 0;
    },

    /** Rows to transfer once the producer's account can receive money. */
    pendingTransfers(producerId: string) {
      return prisma.salesLedgerEntry.findMany({
        where: { producerId, ...earned, transferStatus: 'pending', netCents: { gt: 0 } },
        orderBy: { createdAt: 'asc' },
        select: { id: true, orderId: true, netCents: true, currency: true },
      });
    },

    /** Marks a row transferred; false when another run already did. */
    async markTransferred(ledgerId: string, transferId: string): Promise<boolean> {
      const { count } = await prisma.salesLedgerEntry.updateMany({
        where: { id: ledgerId, transferStatus: 'pending' },
        data: { transferStatus: 'transferred', transferId, transferredAt: new Date() },
      });
      return count === 1;
    },

    payoutAccount(userId: string) {
      return prisma.payoutAccount.findUnique({ where: { userId } });
    },

    /** Keeps the first account made for a user: two onboarding clicks at once share one. */
    async savePayoutAccount(userId: string, accountId: string) {
      await prisma.payoutAccount.createMany({ data: [{ userId, accountId }], skipDuplicates: true });
      return prisma.payoutAccount.findUniqueOrThrow({ where: { userId } });
    },

    /** Stores what Stripe says about an account; the owner's id, or null for an unknown account. */
    async updatePayoutAccount(
      accountId: string,
      flags: { detailsSubmitted: boolean; chargesEnabled: boolean; payoutsEnabled: boolean },
    ): Promise<string | null> {
      const { count } = await prisma.payoutAccount.updateMany({ where: { accountId }, data: flags });
      if (count === 0) return null;
      const row = await prisma.payoutAccount.findUnique({ where: { accountId }, select: { userId: true } });
      return row?.userId ?? null;
    },

    /** Gross sales of a producer (analytics' totalRevenue). */
    async revenue(producerId: string): Promise<number> {
      const sums = await prisma.salesLedgerEntry.aggregate({
        where: { producerId, ...earned },
        _sum: { grossCents: true },
      });
      return sums._sum.grossCents ?? 0;
    },
  };
}

export type EarningsRepository = ReturnType<typeof createEarningsRepository>;
