// HTTP contract of producers' coupons and bulk deals (docs/domain.md#coupons-and-bulk-deals).
// A coupon takes a percent or a fixed USD amount off the producer's beats (all, or those
// listed) until it expires (max_uses is kept for checkout, which counts uses); a bulk deal makes the cheapest
// of every N + M of the producer's lines in a cart free. Money is integer USD cents.
import { z } from 'zod';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Letters, digits, - and _, 3 to 32 of them; kept and matched upper-case. */
export const CouponCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, 'code must be 3 to 32 letters, digits, - or _')
  .transform((code) => code.toUpperCase());

const couponFields = {
  code: CouponCode,
  kind: z.enum(COUPON_KINDS),
  /** percent: 1 to 100; fixed: USD cents. */
  value: z.number().int().min(1, 'value must be at least 1'),
  /** Null: no limit. Counted per paid order by checkout (not built yet). */
  max_uses: z.number().int().min(1, 'max_uses must be at least 1').nullable(),
  /** Empty: every beat of the producer. */
  beat_ids: z.array(z.uuid('beat_ids must be beat ids')).max(200).default([]),
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
};

const percentAtMost100 = (c: { kind?: CouponKind; value?: number }) =>
  c.kind !== 'percent' || c.value === undefined || c.value <= 100;
const percentMessage = { message: 'a percent coupon takes at most 100', path: ['value'] };

/** POST /api/coupons */
export const CreateCouponBody = z
  .strictObject({ ...couponFields, max_uses: couponFields.max_uses.default(null) })
  .refine(percentAtMost100, percentMessage);
export type CreateCouponBody = z.infer<typeof CreateCouponBody>;

/** PATCH /api/coupons/{id}: any of the fields, at least one. */
export const UpdateCouponBody = z
  .strictObject({
    code: couponFields.code.optional(),
    kind: couponFields.kind.optional(),
    value: couponFields.value.optional(),
    beat_ids: z.array(z.uuid('beat_ids must be beat ids')).max(200).optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    max_uses: couponFields.max_uses.optional(),
  })
  .refine(percentAtMost100, percentMessage);
export type UpdateCouponBody = z.infer<typeof UpdateCouponBody>;

/** A coupon as its producer manages it. */
export const Coupon = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  beat_ids: z.array(z.string()),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof Coupon>;
export const CouponListResponse = z.array(Coupon);

/** PUT /api/deals: the signed-in producer's "buy N get M free"; DELETE /api/deals ends it. */
export const BulkDealBody = z.strictObject({
  buy_count: z.number().int().min(1).max(20),
  free_count: z.number().int().min(1).max(20),
});
export type BulkDealBody = z.infer<typeof BulkDealBody>;

/** GET /api/users/{id}/deal: the producer's deal, null when they have none. */
export const BulkDeal = BulkDealBody.nullable();
export type BulkDeal = z.infer<typeof BulkDeal>;

export const COUPON_ERRORS = {
  NOT_FOUND: 'Coupon not found',
  CODE_TAKEN: 'This code is already in use',
  NOT_YOUR_BEATS: 'A coupon can only apply to your own beats',
  INVALID: 'This coupon code is not valid',
  EXPIRED: 'This coupon has expired',
  USED_UP: 'This coupon has been used up',
  ALREADY_USED: 'You have already used this coupon',
  NOT_APPLICABLE: 'This coupon does not apply to anything in your cart',
} as const;
