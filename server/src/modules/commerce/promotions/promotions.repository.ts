import type { PromotionType } from '@beatroom/shared/money-constants';
import type { Tx } from '../../../db/transaction';
import type { PrismaClient } from '../../../generated/prisma/client';

/** Promotion payments queue on the beat's and the user's locks; the embedded database runs one transaction at a time. */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

const FEATURED_TYPES: PromotionType[] = ['featured_week', 'featured_month'];

export interface PromotionRow {
  id: string;
  beatId: string;
  userId: string;
  type: string;
  status: string;
  paymentMethod: string;
  creditsSpent: number | null;
  priceCents: number | null;
  discountPercent: number;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
}

export interface NewPromotion {
  id: string;
  beatId: string;
  userId: string;
  type: PromotionType;
  /** included: on one of the tier's featured slots of the month, without charge. */
  paymentMethod: 'credits' | 'card' | 'saved' | 'included';
  creditsSpent: number | null;
  priceCents: number | null;
  discountPercent: number;
}

/**
 * Promotions and the beat columns they drive (featured_until, boosted_until). A paid promotion
 * extends its beat's column to its own end, so the catalogue compares one column with now().
 */
export function createPromotionsRepository(prisma: PrismaClient) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, TRANSACTION_OPTIONS);
    },

    /** The owner and title of a beat, for the access check and the invoice line. */
    beat(beatId: string) {
      return prisma.beat.findUnique({
        where: { id: beatId },
        select: { id: true, userId: true, title: true, soldExclusiveAt: true, delistedAt: true },
      });
    },

    /**
     * Serialises one user's promotions, so two at once cannot both take the last included
     * featured slot of the month. Held until the transaction ends.
     */
    async lockUser(tx: Tx, userId: string): Promise<void> {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`promotions:${userId}`}))::text`;
    },

    /**
     * Featured promotions the user started on an included slot of the tier since `since`.
     * Bought ones never count: slots are a gift on top of what everyone can buy.
     */
    countIncludedSince(userId: string, since: Date, tx?: Tx): Promise<number> {
      return (tx ?? prisma).promotion.count({
        where: {
          userId,
          type: { in: FEATURED_TYPES },
          paymentMethod: 'included',
          status: 'paid',
          createdAt: { gte: since },
        },
      });
    },

    async insert(tx: Tx, p: NewPromotion): Promise<void> {
      await tx.promotion.create({ data: { ...p, status: 'pending' } });
    },

    /** The promotion, locked for the rest of the transaction. */
    async lockPromotion(tx: Tx, id: string): Promise<PromotionRow | null> {
      const [row] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text FROM promotions WHERE id = ${id}::uuid FOR UPDATE`;
      if (!row) return null;
      return tx.promotion.findUnique({ where: { id } });
    },

    /** The beat's current promotion ends, locked so two activations extend one after the other. */
    async lockBeat(tx: Tx, beatId: string) {
      const [row] = await tx.$queryRaw<
        { title: string; featured_until: Date | null; boosted_until: Date | null }[]
      >`SELECT title, featured_until, boosted_until FROM beats WHERE id = ${beatId}::uuid FOR UPDATE`;
      return row ?? null;
    },

    async markPaid(tx: Tx, id: string, startsAt: Date, endsAt: Date, paidAt: Date): Promise<void> {
      await tx.promotion.update({ where: { id }, data: { status: 'paid', startsAt, endsAt, paidAt } });
    },

    /** Moves the beat's featured end to `until` and names the featured badge `type`. */
    async extendFeatured(tx: Tx, beatId: string, type: PromotionType, until: Date): Promise<void> {
      await tx.beat.update({ where: { id: beatId }, data: { featuredUntil: until, promotionType: type } });
    },

    /** Moves the beat's homepage boost end to `until`. */
    async extendBoost(tx: Tx, beatId: string, until: Date): Promise<void> {
      await tx.beat.update({ where: { id: beatId }, data: { boostedUntil: until } });
    },

    /** A pending promotion whose payment will not come; false when it was not pending. */
    async cancelPending(tx: Tx, id: string): Promise<boolean> {
      const { count } = await tx.promotion.updateMany({
        where: { id, status: 'pending' },
        data: { status: 'cancelled' },
      });
      return count > 0;
    },

    find(id: string): Promise<PromotionRow | null> {
      return prisma.promotion.findUnique({ where: { id } });
    },

    /** A beat's promotions, newest first (a beat has a handful, never thousands). */
    forBeat(beatId: string): Promise<PromotionRow[]> {
      return prisma.promotion.findMany({
        where: { beatId },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      });
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
