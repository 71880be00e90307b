import type { Coupon } from '@beatroom/shared/coupons-contract';
import { Prisma, type PrismaClient } from '../../../generated/prisma/client';

type CouponRow = Prisma.CouponGetPayload<object>;

/** A stored coupon: the contract shape and its producer. */
export interface CouponRecord extends Coupon {
  producerId: string;
}

function toCoupon(row: CouponRow): CouponRecord {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as Coupon['kind'],
    value: row.value,
    beat_ids: row.beatIds,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    created_at: row.createdAt.toISOString(),
    producerId: row.producerId,
  };
}

export interface CouponFields {
  code: string;
  kind: Coupon['kind'];
  value: number;
  beatIds: string[];
  expiresAt: Date | null;
  maxUses: number | null;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** Coupons and bulk deals, read and written as the coupons service decides. */
export function createCouponsRepository(prisma: PrismaClient) {
  return {
    async list(producerId: string): Promise<CouponRecord[]> {
      const rows = await prisma.coupon.findMany({
        where: { producerId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      return rows.map(toCoupon);
    },

    async find(id: string): Promise<CouponRecord | null> {
      const row = await prisma.coupon.findUnique({ where: { id } });
      return row ? toCoupon(row) : null;
    },

    async findByCode(code: string): Promise<CouponRecord | null> {
      const row = await prisma.coupon.findUnique({ where: { code } });
      return row ? toCoupon(row) : null;
    },

    /** How many of these beats the producer owns. */
    countOwnBeats(producerId: string, beatIds: string[]): Promise<number> {
      return prisma.beat.count({ where: { userId: producerId, id: { in: beatIds } } });
    },

    /** The new coupon, or 'taken' when its code names another one already. */
    async create(producerId: string, fields: CouponFields): Promise<CouponRecord | 'taken'> {
      try {
        return toCoupon(await prisma.coupon.create({ data: { producerId, ...fields } }));
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async update(id: string, fields: Partial<CouponFields>): Promise<CouponRecord | 'taken'> {
      try {
        return toCoupon(await prisma.coupon.update({ where: { id }, data: fields }));
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      await prisma.coupon.delete({ where: { id } });
    },

    async deal(producerId: string) {
      return prisma.bulkDeal.findUnique({ where: { producerId } });
    },

    /** The deals of these producers, by producer id. */
    async deals(producerIds: string[]) {
      const rows = await prisma.bulkDeal.findMany({ where: { producerId: { in: producerIds } } });
      return new Map(rows.map((r) => [r.producerId, { buyCount: r.buyCount, freeCount: r.freeCount }]));
    },

    async putDeal(producerId: string, deal: { buyCount: number; freeCount: number }) {
      await prisma.bulkDeal.upsert({ where: { producerId }, create: { producerId, ...deal }, update: deal });
    },

    async removeDeal(producerId: string): Promise<void> {
      await prisma.bulkDeal.deleteMany({ where: { producerId } });
    },

    async userExists(userId: string): Promise<boolean> {
      return (await prisma.user.count({ where: { id: userId } })) > 0;
    },
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
