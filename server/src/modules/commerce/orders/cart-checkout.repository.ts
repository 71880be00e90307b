import type { LicenseId } from '@beatroom/shared/money-constants';
import type { Tx } from '../../../db/transaction';
import { Prisma, type PrismaClient } from '../../../generated/prisma/client';
import type { NewOrder } from './orders.repository';

/** One line of a cart order as it is written. */
export interface NewOrderLine {
  beatId: string;
  producerId: string;
  licenseType: LicenseId;
  upgradeFrom: LicenseId | null;
  amountCents: number;
  discountCents: number;
  discountReason: 'deal' | 'coupon' | null;
  feeCents: number;
}

/** What `transaction` answers when the one-exclusive-per-beat index refused the order. */
export const INDEX_REFUSED = Symbol('index refused');

/** Checkouts of one beat queue on its row lock; the embedded database runs one at a time. */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 };

/** The rows a cart's checkout writes: the order with its lines, and the checkouts it replaces. */
export function createCartCheckoutRepository(prisma: PrismaClient) {
  return {
    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T | typeof INDEX_REFUSED> {
      try {
        return await prisma.$transaction(work, TRANSACTION_OPTIONS);
      } catch (error) {
        const unique = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
        if (!unique) throw error;
        return INDEX_REFUSED;
      }
    },

    /**
     * Cancels the buyer's open checkouts of any of these beats (the newest checkout replaces
     * them, so paying an old one cannot grant a beat twice); answers their provider sessions.
     */
    async cancelOpenOf(tx: Tx, buyerId: string, beatIds: string[], reason: string): Promise<string[]> {
      const where = {
        buyerId,
        status: 'pending',
        OR: [{ beatId: { in: beatIds } }, { lines: { some: { beatId: { in: beatIds } } } }],
      };
      const rows = await tx.order.findMany({ where, select: { providerSessionId: true } });
      await tx.order.updateMany({ where, data: { status: 'cancelled', statusReason: reason } });
      return rows.map((r) => r.providerSessionId).filter((id): id is string => !!id);
    },

    /** The order (its own columns are its first line's) and its lines, in the cart's order. */
    async insert(
      tx: Tx,
      order: Omit<NewOrder, 'beatId' | 'producerId' | 'licenseType'>,
      lines: NewOrderLine[],
    ) {
      const first = lines[0]!;
      const row = await tx.order.create({
        data: {
          ...order,
          beatId: first.beatId,
          producerId: first.producerId,
          licenseType: first.licenseType,
          upgradeFrom: first.upgradeFrom,
          lines: { create: lines.map((line, position) => ({ ...line, position })) },
        },
        select: { id: true },
      });
      return row.id;
    },
  };
}

export type CartCheckoutRepository = ReturnType<typeof createCartCheckoutRepository>;
