import type { Tx } from '../../../db/transaction';
import { exclusiveOf } from './orders.repository';

/**
 * Who holds a beat's exclusive, decided under the beats' row locks: an order holds it while it
 * is open (not run out) or paid, whether the exclusive is its own (first) beat or one of its
 * lines. Checkouts lock the beats' rows in id order before they look (docs/domain.md, Lock
 * order), so two checkouts of the same exclusive take turns and the second sees the first.
 */
export function createExclusiveHolds() {
  return {
    /** Locks the beats' rows, in id order. */
    async lockBeats(tx: Tx, beatIds: string[]): Promise<void> {
      await tx.$queryRaw`
        SELECT id FROM beats WHERE id = ANY(${[...new Set(beatIds)].sort()}::uuid[]) ORDER BY id FOR UPDATE`;
    },

    /** Open checkouts whose time ran out stop holding these beats' exclusives. */
    async expireRunOut(tx: Tx, beatIds: string[], at: Date): Promise<void> {
      if (beatIds.length === 0) return;
      await tx.order.updateMany({
        where: { OR: beatIds.map(exclusiveOf), status: 'pending', expiresAt: { lte: at } },
        data: { status: 'expired', statusReason: 'Checkout expired' },
      });
    },

    /**
     * Of these beats, those whose exclusive another buyer's open or paid order holds, and
     * whether it is sold (paid) or only reserved.
     */
    async exclusiveHeld(tx: Tx, beatIds: string[], buyerId: string) {
      const held: { beatId: string; sold: boolean }[] = [];
      for (const beatId of beatIds) {
        const other = await tx.order.findFirst({
          where: { ...exclusiveOf(beatId), status: { in: ['pending', 'paid'] }, buyerId: { not: buyerId } },
          select: { status: true },
          // 'paid' sorts before 'pending': a sale is reported over a reservation.
          orderBy: { status: 'asc' },
        });
        if (other) held.push({ beatId, sold: other.status === 'paid' });
      }
      return held;
    },
  };
}

export type ExclusiveHolds = ReturnType<typeof createExclusiveHolds>;
