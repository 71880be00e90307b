import type { PrismaClient } from '../../../generated/prisma/client';

/**
 * Sales that count as earnings: the ledger rows of orders still paid (a wholly refunded sale
 * earns nothing); a partial refund's negative row counts against its sale, which is still one
 * sale. Fulfilment and refunds write the ledger; this module reads it and records transfers.
 */
const earned = { order: { status: 'paid' } } as const;

/** A producer's sales ledger read for the earnings page, and their payout account. */
export function createEarningsRepository(prisma: PrismaClient) {
  return {
    async totals(producerId: string) {
      const [sums, sales] = await Promise.all([
        prisma.salesLedgerEntry.aggregate({
          where: { producerId, ...earned },
          _sum: { grossCents: true, feeCents: true, netCents: true },
        }),
        prisma.salesLedgerEntry.count({ where: { producerId, ...earned, kind: 'sale' } }),
      ]);
      return {
        sales,
        gross_cents: sums._sum.grossCents ?? 0,
        fee_cents: sums._sum.feeCents ?? 0,
        net_cents: sums._sum.netCents ?? 0,
      };
    },

    /** Sales summed per beat, best-earning first. */
    async perBeat(producerId: string) {
      const [groups, counts] = await Promise.all([
        prisma.salesLedgerEntry.groupBy({
          by: ['beatId'],
          where: { producerId, ...earned },
          _sum: { grossCents: true, netCents: true },
        }),
        prisma.salesLedgerEntry.groupBy({
          by: ['beatId'],
          where: { producerId, ...earned, kind: 'sale' },
          _count: { _all: true },
        }),
      ]);
      const sales = new Map(counts.map((c) => [c.beatId, c._count._all]));
      const beats = await prisma.beat.findMany({
        where: { id: { in: groups.map((g) => g.beatId) } },
        select: { id: true, title: true },
      });
      const titles = new Map(beats.map((b) => [b.id, b.title]));
      return groups
        .map((g) => ({
          beat_id: g.beatId,
          beat_title: titles.get(g.beatId) ?? '',
          sales: sales.get(g.beatId) ?? 0,
          gross_cents: g._sum.grossCents ?? 0,
          net_cents: g._sum.netCents ?? 0,
        }))
        .sort((a, b) => b.net_cents - a.net_cents || a.beat_title.localeCompare(b.beat_title));
    },

    /** Each sale since a time (a month of one producer's sales: few enough to sum in memory). */
    salesSince(producerId: string, since: Date) {
      return prisma.salesLedgerEntry.findMany({
        where: { producerId, ...earned, createdAt: { gte: since } },
        select: { createdAt: true, netCents: true, kind: true },
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

    /**
     * Sales to transfer once the producer's account can receive money: each sale's net less
     * what partial refunds took back before it was paid out (their reversal rows wait too).
     */
    async pendingTransfers(producerId: string) {
      const rows = await prisma.$queryRaw<
        { id: string; order_id: string; net_cents: number; currency: string }[]
      >`
        SELECT s.id, s.order_id, s.currency,
               (s.net_cents + COALESCE((SELECT SUM(v.net_cents) FROM sales_ledger v
                                        WHERE v.order_id = s.order_id AND v.kind = 'reversal'
                                          AND v.transfer_status = 'pending'), 0))::int AS net_cents
        FROM sales_ledger s JOIN orders o ON o.id = s.order_id
        WHERE s.producer_id = ${producerId}::uuid AND s.kind = 'sale' AND s.transfer_status = 'pending'
          AND o.status = 'paid'
        ORDER BY s.created_at`;
      return rows
        .filter((r) => r.net_cents > 0)
        .map((r) => ({ id: r.id, orderId: r.order_id, netCents: r.net_cents, currency: r.currency }));
    },

    /**
     * Marks a sale transferred, with the reversal rows its transfer netted; false when another
     * run already did.
     */
    async markTransferred(ledgerId: string, transferId: string): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const sale = await tx.salesLedgerEntry.findUnique({
          where: { id: ledgerId },
          select: { orderId: true },
        });
        const { count } = await tx.salesLedgerEntry.updateMany({
          where: { id: ledgerId, transferStatus: 'pending' },
          data: { transferStatus: 'transferred', transferId, transferredAt: new Date() },
        });
        if (count === 1 && sale) {
          await tx.salesLedgerEntry.updateMany({
            where: { orderId: sale.orderId, kind: 'reversal', transferStatus: 'pending' },
            data: { transferStatus: 'transferred', transferId, transferredAt: new Date() },
          });
        }
        return count === 1;
      });
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
