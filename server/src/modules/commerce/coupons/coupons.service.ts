import {
  COUPON_ERRORS,
  type BulkDeal,
  type BulkDealBody,
  type Coupon,
  type CreateCouponBody,
  type UpdateCouponBody,
} from '@beatroom/shared/coupons-contract';
import { badRequest, conflict, forbidden, notFound } from '../../../http/http-errors';
import { USER_NOT_FOUND } from '../../../http/params';
import type { UserRecord } from '../../platform/users/user-record';
import type { ApplicableCoupon, Deal } from '@beatroom/shared/cart-discounts';
import type { CouponFields, CouponRecord, CouponsRepository } from './coupons.repository';

export const NOTHING_TO_CHANGE = 'Nothing to change';

const toContract = ({ producerId: _producer, ...coupon }: CouponRecord): Coupon => coupon;

/**
 * A producer's coupons and bulk deal (docs/domain.md#coupons-and-bulk-deals). Only their
 * producer sees or changes a coupon (anyone else's is a 404, like a missing one), and a coupon
 * names only its producer's own beats.
 */
export function createCouponsService(deps: { repo: CouponsRepository }) {
  const { repo } = deps;

  async function own(user: UserRecord, id: string): Promise<CouponRecord> {
    const coupon = await repo.find(id);
    if (!coupon || coupon.producerId !== user.id) throw notFound(COUPON_ERRORS.NOT_FOUND);
    return coupon;
  }

  async function checkBeats(user: UserRecord, beatIds: string[] | undefined): Promise<string[] | undefined> {
    if (!beatIds) return undefined;
    const unique = [...new Set(beatIds)];
    if ((await repo.countOwnBeats(user.id, unique)) !== unique.length) {
      throw forbidden(COUPON_ERRORS.NOT_YOUR_BEATS);
    }
    return unique;
  }

  function saved(result: CouponRecord | 'taken'): Coupon {
    if (result === 'taken') throw conflict(COUPON_ERRORS.CODE_TAKEN);
    return toContract(result);
  }

  return {
    /** GET /api/coupons: the caller's coupons, newest first. */
    async list(user: UserRecord): Promise<Coupon[]> {
      return (await repo.list(user.id)).map(toContract);
    },

    /** POST /api/coupons */
    async create(user: UserRecord, input: CreateCouponBody): Promise<Coupon> {
      const fields: CouponFields = {
        code: input.code,
        kind: input.kind,
        value: input.value,
        beatIds: (await checkBeats(user, input.beat_ids)) ?? [],
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        maxUses: input.max_uses,
      };
      return saved(await repo.create(user.id, fields));
    },

    /** PATCH /api/coupons/{id}: a percent coupon stays at most 100 once the change is made. */
    async update(user: UserRecord, id: string, input: UpdateCouponBody): Promise<Coupon> {
      const coupon = await own(user, id);
      const kind = input.kind ?? coupon.kind;
      const value = input.value ?? coupon.value;
      if (kind === 'percent' && value > 100) throw badRequest('a percent coupon takes at most 100');
      const fields: Partial<CouponFields> = {
        ...(input.code !== undefined && { code: input.code }),
        ...(input.kind !== undefined && { kind: input.kind }),
        ...(input.value !== undefined && { value: input.value }),
        ...(input.beat_ids !== undefined && { beatIds: await checkBeats(user, input.beat_ids) }),
        ...(input.expires_at !== undefined && {
          expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        }),
        ...(input.max_uses !== undefined && { maxUses: input.max_uses }),
      };
      if (Object.keys(fields).length === 0) throw badRequest(NOTHING_TO_CHANGE);
      return saved(await repo.update(id, fields));
    },

    /** DELETE /api/coupons/{id} */
    async remove(user: UserRecord, id: string): Promise<void> {
      await own(user, id);
      await repo.remove(id);
    },

    /**
     * The coupon a buyer typed, as discounts take it, or why it cannot be used: unknown, expired
     * or their own (a producer does not discount their own beats for themselves).
     */
    async applicable(
      buyer: UserRecord,
      code: string,
      at: Date,
    ): Promise<(ApplicableCoupon & { id: string }) | string> {
      const coupon = await repo.findByCode(code.trim().toUpperCase());
      if (!coupon || coupon.producerId === buyer.id) return COUPON_ERRORS.INVALID;
      if (coupon.expires_at && new Date(coupon.expires_at) <= at) return COUPON_ERRORS.EXPIRED;
      return {
        id: coupon.id,
        producerId: coupon.producerId,
        kind: coupon.kind,
        value: coupon.value,
        beatIds: coupon.beat_ids,
      };
    },

    /** The bulk deals of these producers. */
    deals(producerIds: string[]): Promise<Map<string, Deal>> {
      return repo.deals(producerIds);
    },

    /** GET /api/users/{id}/deal: public, shown on the producer's profile. */
    async deal(producerId: string): Promise<BulkDeal> {
      const deal = await repo.deal(producerId);
      if (deal) return { buy_count: deal.buyCount, free_count: deal.freeCount };
      if (!(await repo.userExists(producerId))) throw notFound(USER_NOT_FOUND);
      return null;
    },

    /** PUT /api/deals: the caller's deal (replacing the one they had). */
    async putDeal(user: UserRecord, body: BulkDealBody): Promise<BulkDeal> {
      await repo.putDeal(user.id, { buyCount: body.buy_count, freeCount: body.free_count });
      return body;
    },

    /** DELETE /api/deals */
    async removeDeal(user: UserRecord): Promise<BulkDeal> {
      await repo.removeDeal(user.id);
      return null;
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
